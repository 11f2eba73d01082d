import { SDK_MESSAGES } from '@parley/chat-sdk';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, fn, waitFor, within } from 'storybook/test';
import { ACCOUNT_STRINGS } from '../../accountStrings';
import { checkoutAnswers, checkoutFails, checkoutHangs } from '../../mocks/billing';
import { rtl, signedIn } from '../../mocks/decorators';
import { fitsPhone, fitsTablet, PHONE, TABLET } from '../../mocks/devices';
import { SubscribeScreen } from './Subscribe';

const S = ACCOUNT_STRINGS.subscribe;

const meta = {
  title: 'Screens/Subscribe',
  component: SubscribeScreen,
  tags: ['autodocs'],
  decorators: [signedIn],
  args: { plan: 'personal', redirect: fn() },
  parameters: { msw: { handlers: { checkout: checkoutAnswers() } } },
} satisfies Meta<typeof SubscribeScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  parameters: { msw: { handlers: { checkout: checkoutHangs } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent(S.loading);
  },
};

export const RedirectsToCheckout: Story = {
  play: async ({ args }) => {
    await waitFor(() =>
      expect(args.redirect).toHaveBeenCalledWith('https://checkout.example/cs_1'),
    );
    await expect(args.redirect).toHaveBeenCalledTimes(1);
  },
};

export const AlreadyHeld: Story = {
  parameters: { msw: { handlers: { checkout: checkoutFails(409) } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(SDK_MESSAGES.planAlreadyHeld);
    await expect(canvas.getByRole('link', { name: S.manage })).toHaveAttribute('href', '/billing');
  },
};

/** A server without a payment provider (issue 22): its reason, shown plainly. */
export const PaymentsUnavailable: Story = {
  parameters: {
    msw: {
      handlers: {
        checkout: http.post('/accounts/create-checkout-session/', () =>
          HttpResponse.json(
            {
              detail:
                'Paid plans are unavailable on this server right now: no payment provider is set up. Please contact the administrator.',
            },
            { status: 503 },
          ),
        ),
      },
    },
  },
  play: async ({ canvasElement, args }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'Paid plans are unavailable on this server right now',
    );
    await expect(args.redirect).not.toHaveBeenCalled();
  },
};

export const NoPlan: Story = {
  args: { plan: 'gold' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      SDK_MESSAGES.noPlanSpecified,
    );
  },
};

export const CheckoutFailed: Story = {
  parameters: { msw: { handlers: { checkout: checkoutFails(502) } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      SDK_MESSAGES.checkoutFailed,
    );
  },
};

export const RightToLeft: Story = {
  decorators: [rtl],
  parameters: { msw: { handlers: { checkout: checkoutFails(502) } } },
  play: CheckoutFailed.play,
};

/** A subscribe error on a phone (360 px): nothing scrolls sideways, every control is a 44 px target. */
export const Phone: Story = {
  globals: PHONE,
  args: { plan: 'gold' },
  play: fitsPhone((el) => within(el).findByRole('alert')),
};

/** A subscribe error on a tablet (820 px): nothing scrolls sideways. */
export const Tablet: Story = {
  globals: TABLET,
  args: { plan: 'gold' },
  play: fitsTablet((el) => within(el).findByRole('alert')),
};
