import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ACCOUNT_STRINGS } from '../../accountStrings';
import { padded, rtl, signedIn } from '../../mocks/decorators';
import {
  driveConnected,
  driveHandlers,
  driveNotConnected,
  driveNotSetUp,
  driveStatusFailsOnce,
  driveStatusHangs,
} from '../../mocks/drive';
import { defaultHandlers } from '../../mocks/handlers';
import { DriveBackup } from './DriveBackup';

const S = ACCOUNT_STRINGS.drive;

/**
 * Google Drive backup of the files a person shared, connected to the sdk (Settings' File backup
 * section and /google-drive/success): GET status, POST backup and disconnect (MSW answers them).
 */
const meta = {
  title: 'Screens/GoogleDrive/Drive Backup',
  component: DriveBackup,
  tags: ['autodocs'],
  decorators: [padded, signedIn],
  args: { onNavigate: fn() },
  parameters: {
    layout: 'fullscreen',
    msw: { handlers: { ...defaultHandlers, drive: driveHandlers(driveConnected) } },
  },
} satisfies Meta<typeof DriveBackup>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Connected with three files waiting: Back up copies them and says so; the counts follow. */
export const Connected: Story = {
  parameters: { msw: { handlers: { drive: driveHandlers(driveConnected) } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(S.counts(12, 3))).toBeVisible();
    const backUp = canvas.getByRole('button', { name: S.backUp });
    await userEvent.click(backUp);
    await expect(await canvas.findByRole('status')).toHaveTextContent(S.backedUp(3));
    await expect(canvas.getByText(S.counts(15, 0))).toBeVisible();
    await waitFor(() => expect(canvas.getByRole('button', { name: S.backUp })).toBeEnabled());
  },
};

/** Not connected yet: Connect goes to /google-drive/login, which opens Google. */
export const NotConnected: Story = {
  parameters: { msw: { handlers: { drive: driveHandlers(driveNotConnected) } } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: S.connect }));
    await expect(args.onNavigate).toHaveBeenCalledWith('/google-drive/login');
    await expect(canvas.queryByRole('button', { name: S.backUp })).toBeNull();
  },
};

export const NotSetUpOnThisServer: Story = {
  parameters: { msw: { handlers: { drive: driveHandlers(driveNotSetUp) } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(S.notSetUpText)).toBeVisible();
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { drive: driveStatusHangs } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent(S.loading);
  },
};

/** The status does not load: the reason and Retry, which loads it. */
export const LoadFailedThenRetry: Story = {
  parameters: { msw: { handlers: { drive: driveStatusFailsOnce(driveConnected) } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(S.loadFailed);
    await userEvent.click(canvas.getByRole('button', { name: S.retry }));
    await expect(await canvas.findByText(S.counts(12, 3))).toBeVisible();
  },
};

/** Two of three files could not be copied: said plainly, and they stay waiting. */
export const SomeFilesFailed: Story = {
  parameters: { msw: { handlers: { drive: driveHandlers(driveConnected, { failing: 2 }) } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: S.backUp }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      `${S.backedUp(1)} ${S.someFailed(2)}`,
    );
    await expect(canvas.getByText(S.counts(13, 2))).toBeVisible();
  },
};

/** Google withdrew the access: the server's sentence, and Connect is offered again. */
export const AccessWithdrawn: Story = {
  parameters: {
    msw: {
      handlers: {
        drive: driveHandlers(driveConnected, {
          backupError: {
            status: 409,
            detail: 'Google Drive access was withdrawn. Connect Google Drive again.',
          },
        }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: S.backUp }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Google Drive access was withdrawn. Connect Google Drive again.',
    );
    await expect(await canvas.findByRole('button', { name: S.connect })).toBeVisible();
  },
};

/** Drive cannot be reached (a 502): a general sentence, never the server's internals. */
export const DriveUnreachable: Story = {
  parameters: {
    msw: {
      handlers: {
        drive: driveHandlers(driveConnected, {
          backupError: { status: 502, detail: 'upstream said something technical' },
        }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: S.backUp }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(S.backupFailed);
  },
};

/** Disconnect (keyboard): the server forgets the access; Connect is offered. */
export const Disconnect: Story = {
  parameters: { msw: { handlers: { drive: driveHandlers(driveConnected) } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const disconnect = await canvas.findByRole('button', { name: S.disconnect });
    disconnect.focus();
    await userEvent.keyboard('{Enter}');
    await expect(await canvas.findByRole('status')).toHaveTextContent(S.disconnected);
    await expect(await canvas.findByRole('button', { name: S.connect })).toBeVisible();
  },
};

export const RightToLeft: Story = {
  decorators: [rtl],
  parameters: { msw: { handlers: { drive: driveHandlers(driveConnected) } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(S.counts(12, 3))).toBeVisible();
  },
};
