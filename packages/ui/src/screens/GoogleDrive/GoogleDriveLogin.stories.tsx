import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ACCOUNT_STRINGS } from '../../accountStrings';
import { rtl, signedIn } from '../../mocks/decorators';
import { fitsPhone, fitsTablet, PHONE, TABLET } from '../../mocks/devices';
import { CONSENT_URL, driveHandlers, driveNotConnected, driveNotSetUp } from '../../mocks/drive';
import { defaultHandlers } from '../../mocks/handlers';
import { GoogleDriveLoginScreen } from './GoogleDrive';

const S = ACCOUNT_STRINGS.drive;

/**
 * /google-drive/login (spec §2): asks the server for Google's consent page and sends the browser
 * there; when Google sends the person back with `?error=`, says why and offers Try again.
 */
const meta = {
  title: 'Screens/GoogleDrive/Login',
  component: GoogleDriveLoginScreen,
  tags: ['autodocs'],
  decorators: [signedIn],
  args: { onRedirect: fn() },
  parameters: {
    msw: { handlers: { ...defaultHandlers, drive: driveHandlers(driveNotConnected) } },
  },
} satisfies Meta<typeof GoogleDriveLoginScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The browser goes to Google's consent page at once. */
export const Redirects: Story = {
  play: async ({ canvasElement, args }) => {
    await expect(await within(canvasElement).findByRole('heading', { level: 1 })).toHaveTextContent(
      S.connectTitle,
    );
    await waitFor(() => expect(args.onRedirect).toHaveBeenCalledWith(CONSENT_URL));
  },
};

/** Back from Google after refusing: the reason, no second redirect until Try again. */
export const ReturnedRefused: Story = {
  args: { error: 'denied' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(S.connectErrors.denied);
    await expect(args.onRedirect).not.toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('button', { name: S.tryAgain }));
    await waitFor(() => expect(args.onRedirect).toHaveBeenCalledWith(CONSENT_URL));
  },
};

/** Drive's box unticked on Google's page. */
export const ReturnedWithoutPermission: Story = {
  args: { error: 'scope' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      S.connectErrors.scope,
    );
  },
};

/** An unknown reason reads as the general one. */
export const ReturnedWithUnknownReason: Story = {
  args: { error: '<script>' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      S.connectErrors.failed,
    );
  },
};

/** Google (or our server) cannot be reached: said so, with Try again. */
export const StartFails: Story = {
  parameters: {
    msw: { handlers: { drive: driveHandlers(driveNotConnected, { authorizeStatus: 502 }) } },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(S.connectFailed);
    await expect(canvas.getByRole('button', { name: S.tryAgain })).toBeEnabled();
    await expect(args.onRedirect).not.toHaveBeenCalled();
  },
};

/** No Google client on this server: the plain "not set up" page instead. */
export const NotSetUp: Story = {
  parameters: { msw: { handlers: { drive: driveHandlers(driveNotSetUp) } } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await waitFor(() =>
      expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(S.notSetUpTitle),
    );
    await expect(canvas.getByText(S.notSetUpText)).toBeVisible();
    await expect(args.onRedirect).not.toHaveBeenCalled();
  },
};

export const RightToLeft: Story = {
  decorators: [rtl],
  args: { error: 'expired' },
};

/** The Drive sign-in after a refusal on a phone (360 px): nothing scrolls sideways, every control is a 44 px target. */
export const Phone: Story = {
  globals: PHONE,
  args: { error: 'denied' },
  play: fitsPhone((el) => within(el).findByRole('alert')),
};

/** The Drive sign-in after a refusal on a tablet (820 px): nothing scrolls sideways. */
export const Tablet: Story = {
  globals: TABLET,
  args: { error: 'denied' },
  play: fitsTablet((el) => within(el).findByRole('alert')),
};
