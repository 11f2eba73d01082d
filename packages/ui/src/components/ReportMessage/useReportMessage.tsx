import { type ReactNode, useState } from 'react';
import { MESSAGE_ACTION_STRINGS } from '../../messageActionStrings';
import type { MessageBubbleMessage } from '../MessageBubble/MessageBubbleMessage';
import { ReportMessageDialog } from './ReportMessageDialog';

/** Whether 'Report message' is offered: a stored, not deleted message someone else sent. */
export function canReportMessage(message: MessageBubbleMessage): boolean {
  return (
    message.type === 'received' && message.id !== null && !message.deleted && message.sender_id > 0
  );
}

/**
 * 'Report message' among a bubble's actions (issue 29) and its dialog. `refocus` gives the focus
 * back to the actions button when the dialog closes (the menu closed under it).
 */
export function useReportMessage(
  message: MessageBubbleMessage,
  onReport: ((message: MessageBubbleMessage, reason: string) => Promise<void>) | undefined,
  refocus: () => void,
): { item: { label: string; danger: boolean; run: () => void } | null; dialog: ReactNode } {
  const [open, setOpen] = useState(false);
  const item =
    onReport && canReportMessage(message)
      ? {
          label: MESSAGE_ACTION_STRINGS.reportMessage,
          danger: true,
          run: () => {
            refocus();
            setOpen(true);
          },
        }
      : null;
  const dialog =
    open && onReport ? (
      <ReportMessageDialog
        open
        name={message.sender_username}
        excerpt={message.deleted ? '' : message.message}
        onClose={() => setOpen(false)}
        onSubmit={(reason) => onReport(message, reason)}
      />
    ) : null;
  return { item, dialog };
}
