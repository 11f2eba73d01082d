import type { Meta, StoryObj } from '@storybook/react-vite';
import { arabicStory, spanishStory } from '../../../storybook/localeStories';
import { ProfileScreen } from './ProfileScreen';
import * as stories from './ProfileScreen.stories';

/** Another person's profile in Spanish (no English left) and Arabic (right to left), pictured. */
const meta = {
  title: 'Screens/Profile/Locales',
  component: ProfileScreen,
} satisfies Meta<typeof ProfileScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** What the screen shows once its data is in, in each locale's picture. */
const loaded = {
  shows: 'ui.social.home',
  alsoShows: 'Learning Spanish one message at a time.',
} as const;

export const Spanish: Story = spanishStory(stories.default, stories.Connect, loaded);

export const Arabic: Story = arabicStory(stories.default, stories.Connect, loaded);
