import type { Meta, StoryObj } from '@storybook/react-vite';
import { arabicStory, spanishStory } from '../../../storybook/localeStories';
import { ModerationScreen } from './ModerationScreen';
import * as stories from './ModerationScreen.stories';

/** The moderation queue in Spanish (no English left) and Arabic (right to left), pictured. */
const meta = {
  title: 'Screens/Moderation/Locales',
  component: ModerationScreen,
} satisfies Meta<typeof ModerationScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Spanish: Story = spanishStory(stories.default, stories.Default, {
  shows: 'ui.moderation.title',
  alsoShows: 'Nobody wants you here, go away.',
});

export const Arabic: Story = arabicStory(stories.default, stories.Default, {
  shows: 'ui.moderation.title',
  alsoShows: 'Nobody wants you here, go away.',
});
