import type { Meta, StoryObj } from '@storybook/react-vite';
import { arabicStory, spanishStory } from '../../../storybook/localeStories';
import { SettingsScreen } from './Settings';
import * as stories from './Settings.stories';

/** The settings screen in Spanish (no English left) and Arabic (right to left), pictured. */
const meta = {
  title: 'Screens/Settings/Locales',
  component: SettingsScreen,
} satisfies Meta<typeof SettingsScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Spanish: Story = spanishStory(stories.default, stories.Default, {
  shows: 'ui.account.settings.muteSounds',
});

export const Arabic: Story = arabicStory(stories.default, stories.Default, {
  shows: 'ui.account.settings.muteSounds',
});
