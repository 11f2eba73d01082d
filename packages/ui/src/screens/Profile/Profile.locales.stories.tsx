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

export const Spanish: Story = spanishStory(stories.default, stories.Connect, {
  shows: 'ui.social.home',
  alsoShows: 'Learning Spanish one message at a time.',
});

export const Arabic: Story = arabicStory(stories.default, stories.Connect, {
  shows: 'ui.social.home',
  alsoShows: 'Learning Spanish one message at a time.',
});
