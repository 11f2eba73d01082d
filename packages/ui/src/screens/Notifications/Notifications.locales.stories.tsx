import type { Meta, StoryObj } from '@storybook/react-vite';
import { arabicStory, spanishStory } from '../../../storybook/localeStories';
import { NotificationsScreen } from './NotificationsScreen';
import * as stories from './NotificationsScreen.stories';

/** The notifications screen in Spanish (no English left) and Arabic (right to left), pictured. */
const meta = {
  title: 'Screens/Notifications/Locales',
  component: NotificationsScreen,
} satisfies Meta<typeof NotificationsScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Spanish: Story = spanishStory(stories.default, stories.Default, {
  shows: 'ui.notificationsScreen.listLabel',
});

export const Arabic: Story = arabicStory(stories.default, stories.Default, {
  shows: 'ui.notificationsScreen.listLabel',
});
