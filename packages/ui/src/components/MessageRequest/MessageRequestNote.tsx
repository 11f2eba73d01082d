import { MESSAGE_REQUEST_ALLOWANCE } from '@parley/chat-sdk';
import { UI_STRINGS } from '../../strings';
import * as css from './MessageRequest.css';

const S = UI_STRINGS.messageRequests;

export interface MessageRequestNoteProps {
  /** Who the request went to (their username). */
  name: string;
  /** Messages the sender may still send; 0 says they must wait for acceptance. */
  remaining?: number;
}

/**
 * Issue 25: the sender's note above the composer while their message request waits: how many
 * messages they may send, or, with none left, that more can follow once the other accepts.
 */
export function MessageRequestNote({ name, remaining }: MessageRequestNoteProps) {
  return (
    <p className={css.note} role="status">
      {remaining === 0 ? S.noneLeft(name) : S.sent(name, MESSAGE_REQUEST_ALLOWANCE)}
    </p>
  );
}
