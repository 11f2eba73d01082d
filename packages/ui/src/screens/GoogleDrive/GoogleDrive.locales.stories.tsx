import type { Meta, StoryObj } from '@storybook/react-vite';
import { arabicStory, spanishStory } from '../../../storybook/localeStories';
import { GoogleDriveSuccessScreen } from './GoogleDrive';
import * as stories from './GoogleDrive.stories';

/** The Google Drive connected screen in Spanish (no English left) and Arabic (right to left), pictured. */
const meta = {
  title: 'Screens/GoogleDrive/Locales',
  component: GoogleDriveSuccessScreen,
} satisfies Meta<typeof GoogleDriveSuccessScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Spanish: Story = spanishStory(stories.default, stories.Connected, {
  shows: 'ui.account.drive.backToChat',
});

export const Arabic: Story = arabicStory(stories.default, stories.Connected, {
  shows: 'ui.account.drive.backToChat',
});
