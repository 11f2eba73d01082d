import { type ChatFileType, formatMessageTime, type MessageStatus } from '@parley/chat-sdk';
import { useChatTheme } from '../../context/ChatThemeScope';
import { UI_STRINGS } from '../../strings';
import { visuallyHidden } from '../../theme/baseTheme.css';
import { AlertIcon, ClockIcon } from '../private/icons';
import * as css from './MessageBubble.css';

const S = UI_STRINGS.chat;

/** The fields of a room message (the sdk's RoomMessage) that a bubble shows. */
export interface MessageBubbleMessage {
  readonly id: number | null;
  readonly client_id: string | null;
  readonly sender_id: number;
  readonly sender_username: string;
  readonly message: string;
  readonly file_type?: ChatFileType | null;
  readonly file_url?: string | null;
  readonly file_name?: string | null;
  /** ISO 8601. */
  readonly timestamp: string;
  readonly type: 'sent' | 'received';
  readonly status: MessageStatus;
}

export interface MessageBubbleProps {
  message: MessageBubbleMessage;
  /** Show the sender's name above received messages (groups). */
  showSender?: boolean;
  /** "Now" for the date display; fixed in stories. */
  now?: Date;
  /** Offered on failed sends. */
  onRetry?: (clientId: string) => void;
}

/**
 * One message, coloured by the chat theme (sent vs received bubble classes of ChatThemeScope), with
 * the spec's date display. 'sending' shows as a small clock; 'failed' as 'Not sent' with Retry.
 */
export function MessageBubble({ message, showSender = false, now, onRetry }: MessageBubbleProps) {
  const theme = useChatTheme();
  const sent = message.type === 'sent';
  const clientId = message.client_id;
  return (
    <div className={sent ? `${css.row} ${css.sentRow}` : css.row} data-status={message.status}>
      <div className={`${sent ? theme.sentBubbleClass : theme.receivedBubbleClass} ${css.bubble}`}>
        {showSender && !sent ? (
          <span className={css.sender} dir="auto">
            {message.sender_username}
          </span>
        ) : (
          <span className={visuallyHidden}>{sent ? S.you : message.sender_username}</span>
        )}
        {message.message ? (
          <p className={css.text} dir="auto">
            {message.message}
          </p>
        ) : null}
        {message.file_url ? (
          <a
            className={css.file}
            href={message.file_url}
            target="_blank"
            rel="noreferrer"
            dir="auto"
          >
            {message.file_name || S.attachment}
          </a>
        ) : null}
        <span className={css.meta}>
          <time dateTime={message.timestamp} dir="ltr">
            {formatMessageTime(message.timestamp, now)}
          </time>
          {message.status === 'sending' ? (
            <span title={S.sending} data-testid="sending">
              <ClockIcon />
              <span className={visuallyHidden}>{S.sending}</span>
            </span>
          ) : null}
        </span>
      </div>
      {message.status === 'failed' ? (
        <span className={css.failed}>
          <AlertIcon />
          {S.notSent}
          {onRetry && clientId ? (
            <button type="button" className={css.retry} onClick={() => onRetry(clientId)}>
              {S.retry}
            </button>
          ) : null}
        </span>
      ) : null}
    </div>
  );
}
