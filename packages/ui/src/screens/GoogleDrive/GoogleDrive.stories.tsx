import { PREVIOUS_CHAT_URL_KEY } from '@parley/chat-sdk';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ACCOUNT_STRINGS } from '../../accountStrings';
import { rtl, signedIn } from '../../mocks/decorators';
import { fitsPhone, fitsTablet, PHONE, TABLET } from '../../mocks/devices';
import { driveHandlers, driveNotConnected, driveNotSetUp } from '../../mocks/drive';
import { defaultHandlers } from '../../mocks/handlers';
import { GoogleDriveNotSetUpScreen, GoogleDriveSuccessScreen } from './GoogleDrive';

const S = ACCOUNT_STRINGS.drive;

const meta = {
  title: 'Screens/GoogleDrive',
  component: GoogleDriveSuccessScreen,
  tags: ['autodocs'],
  decorators: [signedIn],
  args: { onNavigate: fn() },
  parameters: {
    msw: {
      handlers: {
        ...defaultHandlers,
        drive: driveHandlers({ ...driveNotConnected, connected: true, pending_files: 4 }),
      },
    },
  },
} satisfies Meta<typeof GoogleDriveSuccessScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Connected: Story = {
  play: async ({ canvasElement, args }) => {
    sessionStorage.setItem(PREVIOUS_CHAT_URL_KEY, '/?room=private-1-2');
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: S.connected })).toBeVisible();
    // The backup is right there.
    await expect(await canvas.findByRole('button', { name: S.backUp })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: S.backToChat }));
    await waitFor(() => expect(args.onNavigate).toHaveBeenCalledWith('/?room=private-1-2'));
  },
};

export const ConnectedWithoutPreviousChat: Story = {
  play: async ({ canvasElement, args }) => {
    sessionStorage.removeItem(PREVIOUS_CHAT_URL_KEY);
    await userEvent.click(await within(canvasElement).findByRole('button', { name: S.backToChat }));
    await waitFor(() => expect(args.onNavigate).toHaveBeenCalledWith('/'));
  },
};

/** /google-drive/success typed on a server without Google credentials: never 'Connected!'. */
export const SuccessAddressWithoutDrive: Story = {
  parameters: { msw: { handlers: { drive: driveHandlers(driveNotSetUp) } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: S.notSetUpTitle }),
    ).toBeVisible();
    await expect(canvas.queryByText(S.connected)).toBeNull();
  },
};

export const NotSetUp: Story = {
  render: () => <GoogleDriveNotSetUpScreen />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1 })).toHaveTextContent(
      S.notSetUpTitle,
    );
    await expect(canvas.getByText(S.notSetUpText)).toBeVisible();
  },
};

export const RightToLeft: Story = {
  decorators: [rtl],
  render: () => <GoogleDriveNotSetUpScreen />,
};

/** The Drive success screen on a phone (360 px): nothing scrolls sideways, every control is a 44 px target. */
export const Phone: Story = {
  globals: PHONE,
  play: fitsPhone((el) => within(el).findByRole('button', { name: S.backUp })),
};

/** The Drive success screen on a tablet (820 px): nothing scrolls sideways. */
export const Tablet: Story = {
  globals: TABLET,
  play: fitsTablet((el) => within(el).findByRole('button', { name: S.backUp })),
};
