import type { Meta, StoryObj } from '@storybook/react-vite';
import { conversationBodyLoader } from '../../../storybook/lazyChunks';
import { arabicStory, spanishStory } from '../../../storybook/localeStories';
import { ChatScreen } from './ChatScreen';
import * as stories from './ChatScreen.stories';

/** The chat screen with its conversation list in Spanish (no English left) and Arabic (right to left), pictured. */
const meta = {
  title: 'Screens/Chat/Locales',
  loaders: [conversationBodyLoader],
  component: ChatScreen,
} satisfies Meta<typeof ChatScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** What the screen shows once its data is in, in each locale's picture. */
const loaded = {
  shows: 'ui.chat.selectPrompt',
  alsoShows: 'Book Club',
} as const;

export const Spanish: Story = spanishStory(stories.default, stories.Default, loaded);

export const Arabic: Story = arabicStory(stories.default, stories.Default, loaded);
