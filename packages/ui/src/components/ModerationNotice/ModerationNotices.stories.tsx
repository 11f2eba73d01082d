import type { ModerationNotice } from '@parley/chat-sdk';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { rtl } from '../../mocks/decorators';
import { MODERATION_NOTICE_STRINGS } from '../../moderationNoticeStrings';
import { ModerationNotices } from './ModerationNotices';

const N = MODERATION_NOTICE_STRINGS;

// The server's words (packages/server/src/moderation/moderationMessages.ts).
const warning: ModerationNotice = {
  id: 7,
  kind: 'warning',
  message: 'A moderator warned you about your messages: please do not ask people for money.',
  created_at: '2026-11-27T01:00:00.000Z',
};
const resolved: ModerationNotice = {
  id: 8,
  kind: 'report_resolved',
  message: 'A moderator reviewed your report and took action. Thank you for reporting.',
  created_at: '2026-11-27T01:05:00.000Z',
};

const meta = {
  title: 'Components/ModerationNotices',
  component: ModerationNotices,
  tags: ['autodocs'],
  args: { notices: [warning], onAcknowledge: fn() },
} satisfies Meta<typeof ModerationNotices>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A warning must be seen: a dialog that only 'I understand' (or Escape) closes. */
export const Warning: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = within(
      await within(canvasElement).findByRole('dialog', { name: N.warningTitle }),
    );
    await expect(dialog.getByText(warning.message)).toBeVisible();
    await expect(dialog.queryByRole('button', { name: /close/i })).toBeNull();
    await userEvent.click(dialog.getByRole('button', { name: N.understood }));
    await expect(args.onAcknowledge).toHaveBeenCalledWith(7);
  },
};

/** 'We acted on your report': a gentle card that waits for 'Dismiss'. */
export const ReportActedOn: Story = {
  args: { notices: [resolved] },
  play: async ({ canvasElement, args }) => {
    const card = within(within(canvasElement).getByRole('status', { name: N.reportTitle }));
    await expect(card.getByText(resolved.message)).toBeVisible();
    await userEvent.click(card.getByRole('button', { name: N.dismiss }));
    await expect(args.onAcknowledge).toHaveBeenCalledWith(8);
  },
};

/** Several waiting: one at a time, oldest first, the next after the first is acknowledged. */
export const OneAfterAnother: Story = {
  render: function Queue(args) {
    const [notices, setNotices] = useState([warning, resolved]);
    return (
      <ModerationNotices
        notices={notices}
        onAcknowledge={(id) => {
          args.onAcknowledge(id);
          setNotices((all) => all.filter((n) => n.id !== id));
        }}
      />
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
    await expect(canvas.getByRole('status', { name: N.reportTitle })).toBeVisible();
  },
};

export const LongWarning: Story = {
  args: {
    notices: [
      {
        ...warning,
        message: `A moderator warned you about your messages: ${'Please stop sending the same link to people you do not know. '.repeat(6)}`,
      },
    ],
  },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('dialog', { name: N.warningTitle }),
    ).toBeVisible();
  },
};

export const RightToLeft: Story = {
  decorators: [rtl],
  args: {
    notices: [{ ...resolved, message: 'راجع أحد المشرفين بلاغك واتخذ إجراءً. شكراً على الإبلاغ.' }],
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: N.reportTitle })).toBeVisible();
  },
};

export const Phone: Story = {
  globals: { viewportSize: 'mobile' },
  args: { notices: [resolved] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: N.dismiss })).toBeVisible();
  },
};
