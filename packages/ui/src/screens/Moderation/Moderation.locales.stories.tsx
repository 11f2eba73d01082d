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

/** What the screen shows once its data is in, in each locale's picture. */
const loaded = {
  shows: 'ui.moderation.title',
  alsoShows: 'Nobody wants you here, go away.',
} as const;

export const Spanish: Story = spanishStory(stories.default, stories.Default, loaded);

export const Arabic: Story = arabicStory(stories.default, stories.Default, loaded);
