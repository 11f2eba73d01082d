import type { LastMessageInfo } from '@parley/chat-sdk';
import type { ReactNode, Ref } from 'react';
import { UI_STRINGS } from '../../strings';
import { Avatar } from '../Avatar/Avatar';
import { Badge } from '../Badge/Badge';
import { MutedIcon } from '../ChatMute/MutedIcon';
import { formatMessageTime, timeDirection } from '../private/localeFormat';
import * as css from './ChatListItem.css';
import { chatListPreview } from './chatListPreview';

export interface ChatListItemProps {
  name: string;
  avatarSrc?: string | null;
  /** Stable key for the avatar colour (user or group id). */
  colorKey?: string | number | null;
  lastMessage?: string | null;
  /** What the last message is (Parley extension): worded as 'Photo', 'Voice message 0:05' …. */
  lastMessageInfo?: Readonly<LastMessageInfo> | null;
  /** The reader sent it: 'You: …'. */
  lastMessageMine?: boolean;
  /** ISO 8601; shown with the spec's date display. */
  lastMessageTime?: string | null;
  /** "Now" for the date display; fixed in stories. */
  now?: Date;
  selected?: boolean;
  /** Issue 25: messages from others not read yet (a badge; none at 0). */
  unread?: number;
  /** Issue 25: the person muted this chat: a muted icon, and the unread badge drawn grey. */
  muted?: boolean;
  onSelect: () => void;
  ref?: Ref<HTMLButtonElement>;
  /** A line under the name instead of a message (user search: the person's language chips). */
  details?: ReactNode;
}

/** One chat in the sidebar: avatar, name, last message and its time. A button, so it is focusable. */
export function ChatListItem({
  name,
  avatarSrc,
  colorKey,
  lastMessage,
  lastMessageInfo,
  lastMessageMine = false,
  lastMessageTime,
  now,
  selected = false,
  unread = 0,
  muted = false,
  onSelect,
  ref,
  details,
}: ChatListItemProps) {
  const time = lastMessageTime ? (
    // The spec's formats are Latin ('14:05', '18 Feb'): keep them in order in RTL text.
    <time className={css.time} dateTime={lastMessageTime} dir={timeDirection()}>
      {formatMessageTime(lastMessageTime, now)}
    </time>
  ) : null;
  const preview = chatListPreview(lastMessage, lastMessageInfo, lastMessageMine);
  return (
    <button
      ref={ref}
      type="button"
      className={css.item}
      aria-current={selected || undefined}
      onClick={onSelect}
    >
      <Avatar name={name} src={avatarSrc} colorKey={colorKey} />
      <span className={css.text}>
        <span className={css.row}>
          <span className={css.name} dir="auto">
            {name}
          </span>
          {unread > 0 || muted ? (
            <span className={css.end}>
              {time}
              {muted ? <MutedIcon /> : null}
              <Badge count={unread} label={UI_STRINGS.receipts.unreadLabel} muted={muted} />
            </span>
          ) : (
            time
          )}
        </span>
        {preview ? (
          <span className={css.preview} dir="auto">
            {preview}
          </span>
        ) : null}
        {details}
      </span>
    </button>
  );
}
