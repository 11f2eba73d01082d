import type { Meta, StoryObj } from '@storybook/react-vite';
import { arabicStory, spanishStory } from '../../../storybook/localeStories';
import { DashboardScreen } from './Dashboard';
import * as stories from './Dashboard.stories';

/** The dashboard in Spanish (no English left) and Arabic (right to left), pictured. */
const meta = {
  title: 'Screens/Dashboard/Locales',
  component: DashboardScreen,
} satisfies Meta<typeof DashboardScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Spanish: Story = spanishStory(stories.default, stories.FreeUser, {
  shows: 'ui.account.dashboard.editProfile',
});

export const Arabic: Story = arabicStory(stories.default, stories.FreeUser, {
  shows: 'ui.account.dashboard.editProfile',
});
