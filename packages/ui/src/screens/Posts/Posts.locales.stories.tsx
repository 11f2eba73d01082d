import type { Meta, StoryObj } from '@storybook/react-vite';
import { arabicStory, spanishStory } from '../../../storybook/localeStories';
import { PostsScreen } from './PostsScreen';
import * as stories from './PostsScreen.stories';

/** The posts feed in Spanish (no English left) and Arabic (right to left), pictured. */
const meta = {
  title: 'Screens/Posts/Locales',
  component: PostsScreen,
} satisfies Meta<typeof PostsScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** What the screen shows once its data is in, in each locale's picture. */
const loaded = {
  shows: 'ui.posts.categoriesLabel',
  // A caption of the feed's first page: the cards are in, not only the chips.
  alsoShows: 'I really like the beach of my city.',
} as const;

export const Spanish: Story = spanishStory(stories.default, stories.Default, loaded);

export const Arabic: Story = arabicStory(stories.default, stories.Default, loaded);
