import { messageTicks, type TickStatus } from '@parley/chat-sdk';
import { useState } from 'react';
import { UI_STRINGS } from '../../strings';
import { visuallyHidden } from '../../theme/baseTheme.css';
import type { MessageBubbleMessage } from '../MessageBubble/MessageBubbleMessage';
import { Modal } from '../Modal/Modal';
import { formatMessageTime, timeDirection } from '../private/localeFormat';
import { useReactionsAndReceipts } from '../Reactions/ReactionsContext';
import * as css from './ReadTicks.css';

const R = UI_STRINGS.receipts;

function TickIcon({ status }: { status: TickStatus }) {
  return (
    <svg aria-hidden="true" focusable="false" width={18} height={12} viewBox="0 0 18 12">
      <path d="M1 6.5l3.5 3.5L11 2" fill="none" stroke="currentColor" strokeWidth={1.8} />
      {status === 'sent' ? null : (
        <path d="M6.5 8.5l1.5 1.5L14.5 2" fill="none" stroke="currentColor" strokeWidth={1.8} />
      )}
    </svg>
  );
}

/**
 * A sent message's ticks (issue 25): one (Sent), two (Delivered), two coloured (Read), each named
 * for screen readers; in a group also 'Read by N', which lists who read it and when. Nothing
 * without receipts (a spec-only backend, read receipts turned off).
 */
export function ReadTicks({
  message,
  now,
  defaultListOpen = false,
}: {
  message: MessageBubbleMessage;
  now?: Date;
  /** Open with the 'Read by' list showing (stories). */
  defaultListOpen?: boolean;
}) {
  const context = useReactionsAndReceipts();
  const [listOpen, setListOpen] = useState(defaultListOpen);
  if (!context?.receipts) return null;
  const ticks = messageTicks(
    context.receipts,
    { ...message, room_name: context.roomName ?? '' },
    context.viewerId,
    context.memberIds,
  );
  if (!ticks) return null;
  const name =
    ticks.status === 'read' ? R.read : ticks.status === 'delivered' ? R.delivered : R.sent;
  return (
    <>
      {context.group && ticks.readBy.length > 0 ? (
        <button
          type="button"
          className={css.readBy}
          aria-haspopup="dialog"
          onClick={() => setListOpen(true)}
        >
          {R.readBy(ticks.readBy.length)}
        </button>
      ) : null}
      <span
        className={ticks.status === 'read' ? `${css.ticks} ${css.read}` : css.ticks}
        title={name}
        data-ticks={ticks.status}
      >
        <TickIcon status={ticks.status} />
        <span className={visuallyHidden}>{name}</span>
      </span>
      {context.group ? (
        <Modal open={listOpen} onClose={() => setListOpen(false)} title={R.readByTitle}>
          <ul className={css.list}>
            {ticks.readBy.map((reader) => (
              <li key={reader.user_id}>
                <span dir="auto">{context.nameOf(reader.user_id)}</span>{' '}
                {reader.read_at ? (
                  <time className={css.when} dateTime={reader.read_at} dir={timeDirection()}>
                    {formatMessageTime(reader.read_at, now)}
                  </time>
                ) : null}
              </li>
            ))}
          </ul>
        </Modal>
      ) : null}
    </>
  );
}
