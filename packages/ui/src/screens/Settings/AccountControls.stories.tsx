import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, HttpResponse, http } from 'msw';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ACCOUNT_STRINGS } from '../../accountStrings';
import { padded, rtl, signedIn } from '../../mocks/decorators';
import { fitsPhone, PHONE } from '../../mocks/devices';
import { AccountControls } from './AccountControls';

const S = ACCOUNT_STRINGS.accountControls;

const WRONG_CURRENT = 'Your current password is incorrect.';
const WRONG_PASSWORD = 'The password is incorrect.';

/** What the story's server was sent, per call. */
const sent: { path: string; body: unknown }[] = [];
const record = async (path: string, request: Request) => {
  sent.push({ path, body: await request.json() });
};

const okHandlers = {
  changePassword: http.post('/accounts/change-password/', async ({ request }) => {
    await record('change-password', request);
    return new HttpResponse(null, { status: 204 });
  }),
  deleteAccount: http.post('/accounts/delete-account/', async ({ request }) => {
    await record('delete-account', request);
    return new HttpResponse(null, { status: 204 });
  }),
  exportData: http.get('/accounts/export/', () =>
    HttpResponse.json({ format: 'parley-account-export', version: 1, messages: [] }),
  ),
};

async function rendered(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await canvas.findByRole('heading', { name: S.changePassword }, { timeout: 5000 });
  return canvas;
}

async function fillChangePassword(
  canvas: ReturnType<typeof within>,
  current: string,
  next: string,
  confirm = next,
) {
  await userEvent.type(canvas.getByLabelText(S.currentPassword), current);
  await userEvent.type(canvas.getByLabelText(S.newPassword), next);
  await userEvent.type(canvas.getByLabelText(S.confirmPassword), confirm);
}

/** The dialog is in the top layer, inside the story's canvas. */
async function openDeleteDialog(canvas: ReturnType<typeof within>) {
  const open = canvas.getByRole('button', { name: S.deleteOpen });
  open.focus();
  await userEvent.keyboard('{Enter}');
  return within(await canvas.findByRole('dialog', { name: S.deleteDialogTitle }));
}

/**
 * Settings' Account area connected to the sdk: change password, download my data (a JSON file)
 * and delete account behind a dialog asking for the password. MSW plays the server.
 */
const meta = {
  title: 'Screens/Settings/Account Controls',
  component: AccountControls,
  tags: ['autodocs'],
  decorators: [padded, signedIn],
  args: { onDeleted: fn(), saveFile: fn() },
  parameters: { layout: 'fullscreen', msw: { handlers: okHandlers } },
} satisfies Meta<typeof AccountControls>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing done yet: three parts, the danger zone last, explaining what deletion removes. */
export const Idle: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await rendered(canvasElement);
    for (const label of [S.currentPassword, S.newPassword, S.confirmPassword]) {
      await expect(canvas.getByLabelText(label)).toHaveAttribute('type', 'password');
    }
    await expect(canvas.getByRole('heading', { name: S.download })).toBeVisible();
    await expect(canvas.getByRole('heading', { name: S.deleteTitle })).toBeVisible();
    const danger = canvas.getByRole('region', { name: S.deleteTitle });
    await expect(within(danger).getByText(S.deleteHint)).toBeVisible();
    await expect(within(danger).getByRole('button', { name: S.deleteOpen })).toBeVisible();
    await expect(canvas.queryByRole('dialog')).toBeNull();
  },
};

/** The server says the current password is wrong: the message shows on that field. */
export const WrongCurrentPassword: Story = {
  parameters: {
    msw: {
      handlers: {
        changePassword: http.post('/accounts/change-password/', () =>
          HttpResponse.json({ current_password: [WRONG_CURRENT] }, { status: 400 }),
        ),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = await rendered(canvasElement);
    await fillChangePassword(canvas, 'not it', 'new secret');
    await userEvent.keyboard('{Enter}');
    await expect(await canvas.findByText(WRONG_CURRENT)).toBeVisible();
    await expect(canvas.getByLabelText(S.currentPassword)).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.queryByRole('status')).toBeNull();
  },
};

/** The two new passwords differ: said at once, nothing is sent. */
export const ConfirmationDiffers: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await rendered(canvasElement);
    sent.length = 0;
    await fillChangePassword(canvas, 'old secret', 'new secret', 'new secrets');
    await userEvent.click(canvas.getByRole('button', { name: S.changePasswordSubmit }));
    await expect(await canvas.findByText(S.passwordsDiffer)).toBeVisible();
    await expect(sent).toEqual([]);
  },
};

/** Changed: the fields empty and the notice says other devices were signed out. */
export const PasswordChanged: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await rendered(canvasElement);
    sent.length = 0;
    await fillChangePassword(canvas, 'old secret', 'new secret');
    await userEvent.click(canvas.getByRole('button', { name: S.changePasswordSubmit }));
    await expect(await canvas.findByRole('status')).toHaveTextContent(S.passwordChanged);
    await expect(canvas.getByLabelText(S.currentPassword)).toHaveValue('');
    await expect(sent).toEqual([
      {
        path: 'change-password',
        body: { current_password: 'old secret', new_password: 'new secret' },
      },
    ]);
  },
};

/** While the change is under way the button is busy and keeps the focus. */
export const Busy: Story = {
  parameters: {
    msw: {
      handlers: {
        changePassword: http.post('/accounts/change-password/', async () => {
          await delay('infinite');
          return new HttpResponse(null, { status: 204 });
        }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = await rendered(canvasElement);
    await fillChangePassword(canvas, 'old secret', 'new secret');
    await userEvent.keyboard('{Enter}');
    const button = await canvas.findByRole('button', { name: S.changingPassword });
    await expect(button).toHaveAttribute('aria-busy', 'true');
  },
};

/** A server fault: the ui's own sentence, nothing technical. */
export const ChangeFails: Story = {
  parameters: {
    msw: {
      handlers: {
        changePassword: http.post('/accounts/change-password/', () =>
          HttpResponse.json({ detail: 'Internal server error.' }, { status: 500 }),
        ),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = await rendered(canvasElement);
    await fillChangePassword(canvas, 'old secret', 'new secret');
    await userEvent.keyboard('{Enter}');
    await expect(await canvas.findByRole('alert')).toHaveTextContent(S.changeFailed);
  },
};

/** Download my data hands one JSON file over and says so. */
export const DataDownloaded: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = await rendered(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: S.downloadSubmit }));
    await expect(await canvas.findByRole('status')).toHaveTextContent(S.downloaded);
    await expect(args.saveFile).toHaveBeenCalledWith(
      expect.stringMatching(/^parley-data-\d{4}-\d{2}-\d{2}\.json$/),
      expect.any(Blob),
    );
  },
};

const LONG_DETAIL =
  'You can download your data 5 times a day. Try again tomorrow. Downloads are counted per person across every device and every server of this installation, so another browser will not help either.';

/** A refusal from the server (too many downloads), long text wrapping inside the card. */
export const DownloadRefusedLongText: Story = {
  parameters: {
    msw: {
      handlers: {
        exportData: http.get('/accounts/export/', () =>
          HttpResponse.json({ detail: LONG_DETAIL }, { status: 429 }),
        ),
      },
    },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = await rendered(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: S.downloadSubmit }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(LONG_DETAIL);
    await expect(args.saveFile).not.toHaveBeenCalled();
    const doc = canvasElement.ownerDocument.documentElement;
    await expect(doc.scrollWidth).toBeLessThanOrEqual(doc.clientWidth);
  },
};

/** The dialog opens from the keyboard, asks for the password and Escape leaves it. */
export const DeleteDialog: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = await rendered(canvasElement);
    const dialog = await openDeleteDialog(canvas);
    await expect(dialog.getByText(S.deleteDialogText)).toBeVisible();
    await expect(dialog.getByLabelText(S.deletePassword)).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
    await expect(canvas.getByRole('button', { name: S.deleteOpen })).toHaveFocus();
    await expect(args.onDeleted).not.toHaveBeenCalled();
    // Open again for the picture.
    await openDeleteDialog(canvas);
  },
};

/** A wrong password: said on the field, the dialog stays, the account stays. */
export const DeleteWrongPassword: Story = {
  parameters: {
    msw: {
      handlers: {
        deleteAccount: http.post('/accounts/delete-account/', () =>
          HttpResponse.json({ password: [WRONG_PASSWORD] }, { status: 400 }),
        ),
      },
    },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = await rendered(canvasElement);
    const dialog = await openDeleteDialog(canvas);
    await userEvent.type(dialog.getByLabelText(S.deletePassword), 'not it{Enter}');
    await expect(await dialog.findByText(WRONG_PASSWORD)).toBeVisible();
    await expect(dialog.getByLabelText(S.deletePassword)).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onDeleted).not.toHaveBeenCalled();
  },
};

/** The server refuses (a subscription still renews): its sentence shows in the dialog. */
export const DeleteRefused: Story = {
  parameters: {
    msw: {
      handlers: {
        deleteAccount: http.post('/accounts/delete-account/', () =>
          HttpResponse.json(
            {
              detail:
                'Your subscription still renews. Cancel it in Billing before deleting your account.',
            },
            { status: 409 },
          ),
        ),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = await rendered(canvasElement);
    const dialog = await openDeleteDialog(canvas);
    await userEvent.type(dialog.getByLabelText(S.deletePassword), 'secret{Enter}');
    await expect(await dialog.findByRole('alert')).toHaveTextContent(/Cancel it in Billing/);
  },
};

/** While deleting the confirm button is busy; Cancel does nothing until the answer. */
export const Deleting: Story = {
  parameters: {
    msw: {
      handlers: {
        deleteAccount: http.post('/accounts/delete-account/', async () => {
          await delay('infinite');
          return new HttpResponse(null, { status: 204 });
        }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = await rendered(canvasElement);
    const dialog = await openDeleteDialog(canvas);
    await userEvent.type(dialog.getByLabelText(S.deletePassword), 'secret{Enter}');
    await expect(await dialog.findByRole('button', { name: S.deleting })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    await userEvent.click(dialog.getByRole('button', { name: S.cancel }));
    await expect(canvas.getByRole('dialog')).toBeVisible();
  },
};

/** Deleted: the password was sent, the session is cleared and the app is told. */
export const Deleted: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = await rendered(canvasElement);
    sent.length = 0;
    const dialog = await openDeleteDialog(canvas);
    await userEvent.type(dialog.getByLabelText(S.deletePassword), 'secret');
    await userEvent.click(dialog.getByRole('button', { name: S.deleteConfirm }));
    await waitFor(() => expect(args.onDeleted).toHaveBeenCalledTimes(1));
    await expect(sent).toEqual([{ path: 'delete-account', body: { password: 'secret' } }]);
  },
};

/** Right to left, as for an Arabic-speaking person. */
export const RightToLeft: Story = {
  decorators: [rtl],
  play: async ({ canvasElement }) => {
    const canvas = await rendered(canvasElement);
    await expect(canvas.getByRole('button', { name: S.deleteOpen })).toBeVisible();
    await expect(canvas.getByLabelText(S.currentPassword).closest('[dir="rtl"]')).not.toBeNull();
  },
};

/** On a phone: nothing wider than the screen, every control a 44 px target. */
export const Phone: Story = {
  globals: PHONE,
  play: fitsPhone(rendered),
};
