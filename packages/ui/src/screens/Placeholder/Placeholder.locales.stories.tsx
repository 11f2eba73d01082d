import type { Meta, StoryObj } from '@storybook/react-vite';
import { arabicStory, spanishStory } from '../../../storybook/localeStories';
import { PlaceholderScreen } from './Placeholder';
import * as stories from './Placeholder.stories';

/** A screen not built yet in Spanish (no English left) and Arabic (right to left), pictured. */
const meta = {
  title: 'Screens/Placeholder/Locales',
  component: PlaceholderScreen,
} satisfies Meta<typeof PlaceholderScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Spanish: Story = spanishStory(stories.default, stories.Default, {
  shows: 'ui.placeholder.notBuilt',
});

export const Arabic: Story = arabicStory(stories.default, stories.Default, {
  shows: 'ui.placeholder.notBuilt',
});
