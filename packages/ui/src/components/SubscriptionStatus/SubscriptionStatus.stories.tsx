import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ACCOUNT_STRINGS } from '../../accountStrings';
import { padded, rtl } from '../../mocks/decorators';
import { SubscriptionStatus } from './SubscriptionStatus';

const S = ACCOUNT_STRINGS.subscription;
const free = {
  subscription_active: false,
  is_org_admin: false,
  org_invite_token: null,
  is_lifetime: false,
};

const meta = {
  title: 'Components/SubscriptionStatus',
  component: SubscriptionStatus,
  tags: ['autodocs'],
  decorators: [padded],
  args: { user: free, onChoose: fn() },
} satisfies Meta<typeof SubscriptionStatus>;
export default meta;
type Story = StoryObj<typeof meta>;

/** 1. Not subscribed: the plans (even if other flags are set). */
export const NotSubscribedShowsPlans: Story = {
  args: { user: { ...free, is_lifetime: true, org_invite_token: 'stale' } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Choose Personal' }));
    await expect(args.onChoose).toHaveBeenCalledWith('personal', 1);
    await expect(canvas.queryByText(S.lifetimePremium)).toBeNull();
  },
};

/** Not subscribed on a server that takes no payments (issue 22): the plans, not buyable. */
export const PaymentsUnavailable: Story = {
  args: { paymentsUnavailable: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('note')).toHaveTextContent(
      'Paid plans are unavailable on this server right now.',
    );
    await expect(canvas.getByRole('button', { name: 'Choose Personal' })).toBeDisabled();
  },
};

/** 2. Subscribed organisation admin: the organisation message, before lifetime. */
export const OrganizationAdmin: Story = {
  args: { user: { ...free, subscription_active: true, is_org_admin: true, is_lifetime: true } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(S.orgPremium)).toBeVisible();
  },
};

/** 2. Subscribed member holding an invite token: also the organisation message. */
export const OrganizationMember: Story = {
  args: { user: { ...free, subscription_active: true, org_invite_token: 'tok' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(S.orgPremium)).toBeVisible();
  },
};

/** 3. Lifetime founder. */
export const Lifetime: Story = {
  args: { user: { ...free, subscription_active: true, is_lifetime: true } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(S.lifetimePremium)).toBeVisible();
  },
};

/** 4. Otherwise: the plain premium message, with a link to billing. */
export const Premium: Story = {
  args: { user: { ...free, subscription_active: true } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(S.premium)).toBeVisible();
    await expect(canvas.getByRole('link', { name: S.manage })).toHaveAttribute('href', '/billing');
  },
};

export const RightToLeft: Story = {
  args: { user: { ...free, subscription_active: true } },
  decorators: [rtl],
};
