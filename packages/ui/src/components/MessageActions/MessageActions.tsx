import { type KeyboardEvent, type ReactNode, useRef, useState } from 'react';
import { MESSAGE_ACTION_STRINGS } from '../../messageActionStrings';
import type { MessageBubbleMessage } from '../MessageBubble/MessageBubbleMessage';
import { useStableId } from '../private/useStableId';
import { useReportMessage } from '../ReportMessage/useReportMessage';
import { useReportTranslation } from '../TranslationTrust/useReportTranslation';
import { useSuggestTranslation } from '../TranslationTrust/useSuggestTranslation';
import { DeleteForEveryoneDialog } from './DeleteForEveryoneDialog';
import * as css from './MessageActions.css';
import { canEdit, type MessageActionHandlers } from './messageActionTypes';
import { useMessageGestures } from './useMessageGestures';

const A = MESSAGE_ACTION_STRINGS;

export interface MessageActionsOptions {
  message: MessageBubbleMessage;
  actions: MessageActionHandlers;
  /** The text 'Copy text' copies (what the bubble shows). */
  text: string;
  /** "Now" for the edit window; fixed in stories. */
  now?: Date;
  /** Opens with the menu showing (stories). */
  defaultOpen?: boolean;
}

interface MenuItem {
  label: string;
  danger?: boolean;
  run: () => void;
}

/**
 * A bubble's actions: Reply, Edit, Delete for everyone, Delete for me, Copy text. A button at the
 * bubble's side (shown on hover and keyboard focus; put inside the bubble, which `bubbleClass`
 * anchors) opens them as a row of buttons under it; arrow keys move between them, Escape closes
 * and returns to the button. On phones a long press on the row opens them and a swipe toward the
 * inline end replies (`rowProps`, spread on the message's row).
 */
export function useMessageActions({
  message,
  actions,
  text,
  now,
  defaultOpen = false,
}: MessageActionsOptions): {
  rowProps: Record<string, unknown>;
  bubbleClass: string;
  trigger: ReactNode;
  menu: ReactNode;
} {
  const [open, setOpen] = useState(defaultOpen);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const id = useStableId();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const sent = message.type === 'sent';
  const stored = message.id !== null;
  const { onReply, onEdit, onDelete } = actions;

  const items: MenuItem[] = [];
  if (stored && onReply && !message.deleted) {
    items.push({ label: A.reply, run: () => onReply(message) });
  }
  if (onEdit && canEdit(message, (now ?? new Date()).getTime())) {
    items.push({ label: A.edit, run: () => onEdit(message) });
  }
  if (text !== '' && !message.deleted && typeof navigator !== 'undefined' && navigator.clipboard) {
    items.push({ label: A.copy, run: () => void navigator.clipboard.writeText(text) });
  }
  // Issue 26: on a translation made for me.
  const report = useReportTranslation(message, actions.onReportTranslation);
  if (report.item) items.push(report.item);
  const suggest = useSuggestTranslation(
    message,
    actions.onSuggestTranslation,
    actions.suggestionLanguage,
    () => triggerRef.current?.focus(),
  );
  if (suggest.item) items.push(suggest.item);
  // Issue 29: someone else's message, reported with a reason.
  const reportMessage = useReportMessage(message, actions.onReportMessage, () =>
    triggerRef.current?.focus(),
  );
  if (reportMessage.item) items.push(reportMessage.item);
  if (stored && onDelete && sent && !message.deleted) {
    items.push({
      label: A.deleteForEveryone,
      danger: true,
      // The menu closes under the dialog: the focus waits on the actions button, where the
      // dialog gives it back when it closes.
      run: () => {
        triggerRef.current?.focus();
        setConfirmingDelete(true);
      },
    });
  }
  if (stored && onDelete) {
    items.push({ label: A.deleteForMe, danger: true, run: () => onDelete(message, true) });
  }

  const gestures = useMessageGestures({
    onSwipe: stored && onReply && !message.deleted ? () => onReply(message) : undefined,
    onLongPress: items.length > 0 ? () => setOpen(true) : undefined,
  });

  function close(refocus: boolean) {
    setOpen(false);
    if (refocus) triggerRef.current?.focus();
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const buttons = [...(menuRef.current?.querySelectorAll('button') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const move = (to: number) => {
      event.preventDefault();
      buttons[(to + buttons.length) % buttons.length]?.focus();
    };
    if (event.key === 'Escape') {
      event.stopPropagation();
      close(true);
    } else if (event.key === 'ArrowRight' || event.key === 'ArrowDown') move(at + 1);
    else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') move(at - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(buttons.length - 1);
  }

  const rowProps = {
    ...gestures.handlers,
    onContextMenu: (event: { preventDefault(): void }) => {
      // The long press opens the actions; the browser's own menu would cover them.
      if (open) event.preventDefault();
    },
    // Vertical scrolling stays the browser's; a horizontal drag is the swipe to reply.
    style: {
      touchAction: 'pan-y',
      ...(gestures.offset !== 0 ? { transform: `translateX(${gestures.offset}px)` } : {}),
    },
  };

  const trigger =
    items.length > 0 ? (
      <button
        ref={triggerRef}
        type="button"
        className={sent ? `${css.trigger} ${css.sentTrigger}` : css.trigger}
        aria-label={A.actions}
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && open) close(true);
        }}
      >
        <span aria-hidden="true">⋯</span>
      </button>
    ) : null;

  const list =
    open && items.length > 0 ? (
      <ul
        id={id}
        ref={menuRef}
        className={css.menu}
        aria-label={A.actions}
        onKeyDown={onMenuKeyDown}
      >
        {items.map((item) => (
          <li key={item.label}>
            <button
              type="button"
              className={item.danger ? css.dangerItem : css.item}
              onClick={() => {
                close(false);
                item.run();
              }}
            >
              {item.label}
            </button>
          </li>
        ))}
      </ul>
    ) : null;

  const endConfirm = (confirmed: boolean) => {
    setConfirmingDelete(false);
    if (confirmed) onDelete?.(message, false);
  };
  const menu = (
    <>
      {list}
      {report.status}
      {suggest.form}
      {reportMessage.dialog}
      {confirmingDelete ? (
        <DeleteForEveryoneDialog
          open
          onConfirm={() => endConfirm(true)}
          onCancel={() => endConfirm(false)}
        />
      ) : null}
    </>
  );

  return { rowProps, bubbleClass: css.anchor, trigger, menu };
}
