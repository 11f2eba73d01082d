import type { Meta, StoryObj } from '@storybook/react-vite';
import { arabicStory, spanishStory } from '../../../storybook/localeStories';
import { BillingScreen } from './Billing';
import * as stories from './Billing.stories';

/** The billing screen in Spanish (no English left) and Arabic (right to left), pictured. */
const meta = {
  title: 'Screens/Billing/Locales',
  component: BillingScreen,
} satisfies Meta<typeof BillingScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Spanish: Story = spanishStory(stories.default, stories.TestModeCancel, {
  shows: 'ui.account.billing.plan',
});

export const Arabic: Story = arabicStory(stories.default, stories.TestModeCancel, {
  shows: 'ui.account.billing.plan',
});
