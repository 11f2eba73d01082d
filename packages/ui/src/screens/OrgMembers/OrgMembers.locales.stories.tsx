import type { Meta, StoryObj } from '@storybook/react-vite';
import { arabicStory, spanishStory } from '../../../storybook/localeStories';
import { OrgMembersScreen } from './OrgMembers';
import * as stories from './OrgMembers.stories';

/** The organization's members in Spanish (no English left) and Arabic (right to left), pictured. */
const meta = {
  title: 'Screens/OrgMembers/Locales',
  component: OrgMembersScreen,
} satisfies Meta<typeof OrgMembersScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Spanish: Story = spanishStory(stories.default, stories.Default, {
  shows: 'ui.account.members.title',
});

export const Arabic: Story = arabicStory(stories.default, stories.Default, {
  shows: 'ui.account.members.title',
});
