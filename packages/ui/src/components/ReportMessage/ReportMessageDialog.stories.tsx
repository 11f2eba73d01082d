import { ApiError } from '@parley/chat-sdk';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { MESSAGE_ACTION_STRINGS } from '../../messageActionStrings';
import { rtl } from '../../mocks/decorators';
import { UI_STRINGS } from '../../strings';
import { ReportMessageDialog } from './ReportMessageDialog';

const R = UI_STRINGS.report;
const A = MESSAGE_ACTION_STRINGS;
// The server's words (packages/server/src/limits/limitMessages.ts), shown as they come.
const ALREADY = 'You have already reported this person; the report is being reviewed.';
const LIMIT = 'You have sent too many reports today. Try again in 5 hours.';

const meta = {
  title: 'Components/ReportMessageDialog',
  component: ReportMessageDialog,
  tags: ['autodocs'],
  args: {
    open: true,
    name: 'bo',
    excerpt: 'Send me your bank details or I will tell everyone.',
    onClose: fn(),
    onSubmit: fn(async () => undefined),
  },
} satisfies Meta<typeof ReportMessageDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

async function fillAndSend(canvasElement: HTMLElement, reason = 'Threats') {
  const dialog = within(await within(canvasElement).findByRole('dialog'));
  await userEvent.type(dialog.getByRole('textbox', { name: R.reasonLabel }), reason);
  await userEvent.click(dialog.getByRole('button', { name: R.submit }));
  return dialog;
}

/** The message quoted above the profile report's reason; a reason is required. */
export const Dialog: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = within(
      await within(canvasElement).findByRole('dialog', { name: A.reportMessageTitle('bo') }),
    );
    await expect(dialog.getByLabelText(A.reportedMessage)).toHaveTextContent(args.excerpt);
    await userEvent.click(dialog.getByRole('button', { name: R.submit }));
    await expect(dialog.getByRole('alert')).toHaveTextContent(R.reasonRequired);
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** Sent: the dialog says so until the person closes it. */
export const Sent: Story = {
  play: async ({ canvasElement, args }) => {
    await fillAndSend(canvasElement);
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledWith('Threats'));
    const done = within(await within(canvasElement).findByRole('dialog', { name: A.reportSent }));
    await expect(done.getByRole('status')).toHaveTextContent(R.sent);
    await userEvent.click(done.getByRole('button', { name: A.reportDone }));
    await expect(args.onClose).toHaveBeenCalled();
  },
};

/** 409: one open report per reporter and person; the server's sentence is shown. */
export const AlreadyReported: Story = {
  args: { onSubmit: fn(async () => Promise.reject(new ApiError(409, { detail: ALREADY }))) },
  play: async ({ canvasElement }) => {
    const dialog = await fillAndSend(canvasElement);
    await expect(await dialog.findByRole('alert')).toHaveTextContent(ALREADY);
  },
};

/** 429: past the day's limit, in the server's words. */
export const DailyLimit: Story = {
  args: { onSubmit: fn(async () => Promise.reject(new ApiError(429, { detail: LIMIT }))) },
  play: async ({ canvasElement }) => {
    const dialog = await fillAndSend(canvasElement);
    await expect(await dialog.findByRole('alert')).toHaveTextContent(LIMIT);
  },
};

/** Anything else (offline, 500): the generic sentence; the reason stays for another try. */
export const Failed: Story = {
  args: { onSubmit: fn(async () => Promise.reject(new Error('offline'))) },
  play: async ({ canvasElement }) => {
    const dialog = await fillAndSend(canvasElement);
    await expect(await dialog.findByRole('alert')).toHaveTextContent(R.failed);
    await expect(dialog.getByRole('textbox', { name: R.reasonLabel })).toHaveValue('Threats');
  },
};

export const RightToLeft: Story = {
  decorators: [rtl],
  args: { name: 'ليلى', excerpt: 'أرسل لي بيانات حسابك المصرفي وإلا سأخبر الجميع.' },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('dialog', { name: A.reportMessageTitle('ليلى') }),
    ).toBeVisible();
  },
};

/** A phone, with a long message: the quote scrolls inside its own box. */
export const Phone: Story = {
  globals: { viewportSize: 'mobile' },
  args: { excerpt: 'Send me your bank details or I will tell everyone. '.repeat(8).trim() },
  play: async ({ canvasElement }) => {
    await fillAndSend(canvasElement, 'Blackmail');
    await expect(
      await within(canvasElement).findByRole('dialog', { name: A.reportSent }),
    ).toBeVisible();
  },
};
