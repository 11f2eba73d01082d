import type { Meta, StoryObj } from '@storybook/react-vite';
import { arabicStory, spanishStory } from '../../../storybook/localeStories';
import { NotFoundScreen } from './NotFound';
import * as stories from './NotFound.stories';

/** The not-found page in Spanish (no English left) and Arabic (right to left), pictured. */
const meta = {
  title: 'Screens/NotFound/Locales',
  component: NotFoundScreen,
} satisfies Meta<typeof NotFoundScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Spanish: Story = spanishStory(stories.default, stories.Default, {
  shows: 'ui.notFound.text',
});

export const Arabic: Story = arabicStory(stories.default, stories.Default, {
  shows: 'ui.notFound.text',
});
