import type { Meta, StoryObj } from '@storybook/react-vite';
import { arabicStory, spanishStory } from '../../../storybook/localeStories';
import { JoinOrgScreen } from './JoinOrg';
import * as stories from './JoinOrg.stories';

/** The join-an-organization screen in Spanish (no English left) and Arabic (right to left), pictured. */
const meta = {
  title: 'Screens/JoinOrg/Locales',
  component: JoinOrgScreen,
} satisfies Meta<typeof JoinOrgScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Spanish: Story = spanishStory(stories.default, stories.AsksFirst, {
  shows: 'ui.account.joinOrg.notNow',
});

export const Arabic: Story = arabicStory(stories.default, stories.AsksFirst, {
  shows: 'ui.account.joinOrg.notNow',
});
