import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ACCOUNT_STRINGS } from '../../accountStrings';
import { billingAnswer, cancelAnswers, portalAnswers } from '../../mocks/billing';
import { rtl, signedIn } from '../../mocks/decorators';
import { fitsPhone, fitsTablet, PHONE, TABLET } from '../../mocks/devices';
import { BillingScreen } from './Billing';

const S = ACCOUNT_STRINGS.billing;
const personal = billingAnswer({
  plan: 'personal',
  status: 'active',
  current_period_end: '2026-12-24T10:00:00.000Z',
  manage: 'cancel',
});

const meta = {
  title: 'Screens/Billing',
  component: BillingScreen,
  tags: ['autodocs'],
  decorators: [signedIn],
  args: { redirect: fn() },
  parameters: {
    msw: { handlers: { billing: personal, cancel: cancelAnswers, portal: portalAnswers } },
  },
} satisfies Meta<typeof BillingScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const TestModeCancel: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Personal')).toBeVisible();
    await expect(canvas.getByText(S.testMode)).toBeVisible();
    await expect(canvas.getByText(/Renews on/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: S.cancel }));
    await expect(canvas.getByText(S.cancelConfirm)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: S.cancel }));
    await expect(await canvas.findByText(S.cancelled)).toBeVisible();
    await expect(canvas.getByText(S.free)).toBeVisible();
  },
};

export const StripePortal: Story = {
  parameters: {
    msw: {
      handlers: {
        billing: billingAnswer({
          plan: 'organization',
          status: 'active',
          provider: 'stripe',
          seats: 25,
          current_period_end: '2026-12-24T10:00:00.000Z',
          cancel_at_period_end: true,
          manage: 'portal',
        }),
      },
    },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/Organization — 25 users/)).toBeVisible();
    await expect(canvas.getByText(/Ends on/)).toBeVisible();
    await expect(canvas.queryByText(S.testMode)).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: S.manage }));
    await waitFor(() =>
      expect(args.redirect).toHaveBeenCalledWith('https://billing.example/session'),
    );
  },
};

export const Lifetime: Story = {
  parameters: {
    msw: { handlers: { billing: billingAnswer({ plan: 'lifetime', status: 'active' }) } },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(S.lifetime)).toBeVisible();
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

/** A seat of an organisation: 'Active' and 'Provided by your organization.' on lines of their own. */
export const ViaOrganization: Story = {
  parameters: {
    msw: {
      handlers: {
        billing: billingAnswer({ plan: 'organization', status: 'active', via_organization: true }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const active = await canvas.findByText(S.active);
    const via = canvas.getByText(S.viaOrganization);
    await expect(active).not.toBe(via);
    await expect(active.textContent).toBe(S.active);
    await expect(via.getBoundingClientRect().top).toBeGreaterThan(
      active.getBoundingClientRect().top,
    );
  },
};

export const PaymentFailed: Story = {
  parameters: {
    msw: {
      handlers: {
        billing: billingAnswer({
          plan: 'personal',
          status: 'past_due',
          provider: 'stripe',
          manage: 'portal',
        }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(S.pastDue)).toBeVisible();
  },
};

export const Free: Story = {
  parameters: { msw: { handlers: { billing: billingAnswer({}) } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(S.free)).toBeVisible();
    await expect(canvas.getByRole('link', { name: S.upgrade })).toHaveAttribute(
      'href',
      '/settings',
    );
  },
};

export const LoadFails: Story = {
  parameters: {
    msw: {
      handlers: {
        billing: http.get('/accounts/billing/', () => HttpResponse.json({}, { status: 500 })),
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(S.loadFailed);
  },
};

export const RightToLeft: Story = {
  decorators: [rtl],
  play: Lifetime.play,
  parameters: Lifetime.parameters,
};

/** Billing on a phone (360 px): nothing scrolls sideways, every control is a 44 px target. */
export const Phone: Story = {
  globals: PHONE,
  play: fitsPhone((el) => within(el).findByText('Personal')),
};

/** Billing on a tablet (820 px): nothing scrolls sideways. */
export const Tablet: Story = {
  globals: TABLET,
  play: fitsTablet((el) => within(el).findByText('Personal')),
};
