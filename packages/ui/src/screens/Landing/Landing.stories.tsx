import { PENDING_PLAN_KEY } from '@parley/chat-sdk';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ACCOUNT_STRINGS } from '../../accountStrings';
import { LANDING_DEMO_LAST_FRAME } from '../../components/LandingDemo/LandingDemo';
import { LANDING_DEMO_STRINGS } from '../../landingDemoStrings';
import { rtl, signedIn } from '../../mocks/decorators';
import { fitsPhone, fitsTablet, PHONE, TABLET } from '../../mocks/devices';
import { mockLanguageCapabilities } from '../../mocks/languages';
import { LandingScreen } from './Landing';

const S = ACCOUNT_STRINGS.landing;

const meta = {
  title: 'Screens/Landing',
  component: LandingScreen,
  tags: ['autodocs'],
  // The live demo held on its last frame, so every picture is the same.
  args: { onNavigate: fn(), demoFrame: LANDING_DEMO_LAST_FRAME },
} satisfies Meta<typeof LandingScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A server that takes no payments (issue 22): the plans are shown, none can be chosen. */
export const PaymentsUnavailable: Story = {
  parameters: {
    msw: {
      handlers: {
        capabilities: http.get('/meta/capabilities', () =>
          HttpResponse.json({ ...mockLanguageCapabilities, payments: { mode: 'unavailable' } }),
        ),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('note')).toHaveTextContent(
      ACCOUNT_STRINGS.planCards.unavailable,
    );
    await expect(canvas.getByRole('button', { name: 'Choose Personal' })).toBeDisabled();
  },
};

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(S.tagline);
    for (const title of ['Chat', 'Voice', 'Calls']) {
      await expect(canvas.getByRole('heading', { name: title })).toBeVisible();
    }
    await expect(canvas.getByRole('link', { name: S.signIn })).toHaveAttribute('href', '/login');
    await expect(canvas.getByText('$99 one-time')).toBeVisible();
    // The product at work: the live demo, a labelled region.
    await expect(canvas.getByRole('region', { name: LANDING_DEMO_STRINGS.heading })).toBeVisible();
    // Calls work: nothing says they are still to come.
    await expect(canvas.queryByText(/on their way/)).toBeNull();
    // Four plans: two rows of two here, never three and one alone on a second row.
    const tops = canvas
      .getAllByRole('heading', { level: 3 })
      .map((h) => Math.round(h.closest('li')?.getBoundingClientRect().top ?? 0));
    const perRow = [...new Set(tops)].map((top) => tops.filter((t) => t === top).length);
    await expect(perRow).toEqual([2, 2]);
  },
};

/** A signed-in person is offered their chats, not 'Sign in'. */
export const SignedIn: Story = {
  decorators: [signedIn],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: S.openApp('Parley') })).toHaveAttribute(
      'href',
      '/',
    );
    await expect(canvas.queryByRole('link', { name: S.signIn })).toBeNull();
  },
};

/** Signed out: the plan is stored as pending and sign-in comes next. */
export const ChoosingAPlanSignedOut: Story = {
  play: async ({ canvasElement, args }) => {
    localStorage.removeItem(PENDING_PLAN_KEY);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Choose Personal' }));
    await waitFor(() => expect(args.onNavigate).toHaveBeenCalledWith('/login'));
    await expect(localStorage.getItem(PENDING_PLAN_KEY)).toBe('personal');
    localStorage.removeItem(PENDING_PLAN_KEY);
  },
};

export const RightToLeft: Story = { decorators: [rtl] };

/** The landing page on a phone (360 px): nothing scrolls sideways, every control is a 44 px target. */
export const Phone: Story = {
  globals: PHONE,
  play: fitsPhone((el) => within(el).findByRole('heading', { level: 1 })),
};

/** The landing page on a tablet (820 px): nothing scrolls sideways. */
export const Tablet: Story = {
  globals: TABLET,
  play: fitsTablet((el) => within(el).findByRole('heading', { level: 1 })),
};
