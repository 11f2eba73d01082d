import type { Meta, StoryObj } from '@storybook/react-vite';
import { arabicStory, spanishStory } from '../../../storybook/localeStories';
import { SuspendedScreen } from './SuspendedScreen';
import * as stories from './SuspendedScreen.stories';

/** The suspended-account notice in Spanish (no English left) and Arabic (right to left), pictured. */
const meta = {
  title: 'Screens/Suspended/Locales',
  component: SuspendedScreen,
} satisfies Meta<typeof SuspendedScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Spanish: Story = spanishStory(stories.default, stories.Default, {
  shows: 'ui.moderation.suspendedTitle',
});

export const Arabic: Story = arabicStory(stories.default, stories.Default, {
  shows: 'ui.moderation.suspendedTitle',
});
