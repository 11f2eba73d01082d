import { SYSTEM_ROW_STRINGS } from '../../systemRowStrings';
import { visuallyHidden } from '../../theme/baseTheme.css';
import { callRecordText, type MessageBubbleMessage } from '../MessageBubble/MessageBubble';
import { PhoneIcon, VideoIcon } from '../private/icons';
import { formatMessageTime, timeDirection } from '../private/localeFormat';
import * as css from './SystemRow.css';
import { groupEventText } from './systemRowText';

export interface SystemRowProps {
  /** A message with `call_event` or `group_event` (isSystemMessage). */
  message: MessageBubbleMessage;
  /** The reader, so a group event that names them says 'you'. */
  meId?: number | null;
  /** "Now" for the date display; fixed in stories. */
  now?: Date;
}

/**
 * A record of something that happened in the conversation — a call (started, ended with its
 * length, missed, declined) or a group event (created, someone added, removed, left) — as a
 * centred line rather than a bubble, with its time. Worded here in the reader's ui language.
 */
export function SystemRow({ message, meId, now }: SystemRowProps) {
  const call = message.call_event;
  const group = message.group_event;
  const text = call
    ? callRecordText(call)
    : group
      ? groupEventText(group, message.type === 'sent', meId)
      : message.message;
  const missed = call?.event === 'ended' && call.duration_seconds === undefined;
  return (
    <div className={css.row} data-system-row={call ? 'call' : 'group'}>
      <p className={missed ? `${css.pill} ${css.missed}` : css.pill}>
        {call ? (
          <span className={css.icon}>
            {call.call_type === 'video' ? <VideoIcon /> : <PhoneIcon />}
          </span>
        ) : null}
        <span className={visuallyHidden}>
          {call ? SYSTEM_ROW_STRINGS.callRecord : SYSTEM_ROW_STRINGS.groupEvent}:{' '}
        </span>
        <span dir="auto">{text}</span>
        <time className={css.time} dateTime={message.timestamp} dir={timeDirection()}>
          {formatMessageTime(message.timestamp, now)}
        </time>
      </p>
    </div>
  );
}
