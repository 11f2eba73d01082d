import type { ChatListUser } from '../protocol/chat';
import { MESSAGE_REQUEST_ERROR_CODE, type MessageRequestKind } from '../protocol/messageRequests';
import type { RoomState } from './chat-state';

/** The request fields of a chat list entry (issue 25, docs/protocol.md "Message requests"). */
export interface RequestFields {
  request?: MessageRequestKind;
  requestRemaining?: number;
}

/** A list row's request marks; none from a backend that sends no `request` (a spec-only one). */
export function requestOf(listed: Readonly<ChatListUser> | null): RequestFields {
  const kind = listed?.request;
  if (kind !== 'incoming' && kind !== 'outgoing') return {};
  if (kind === 'incoming') return { request: kind };
  const remaining = listed?.request_remaining;
  return {
    request: kind,
    ...(typeof remaining === 'number' ? { requestRemaining: Math.max(0, remaining) } : {}),
  };
}

/**
 * A request entry as what happened in the room since the list loaded shows it: answering (the
 * receiver's message) makes it an ordinary chat; each of my messages stored since uses one of the
 * allowance, and a `request_pending` refusal says none is left.
 */
export function withRequestProgress<E extends RequestFields & { lastMessageTime: string | null }>(
  entry: E,
  room: Readonly<RoomState> | undefined,
): E {
  if (!entry.request || !room) return entry;
  const answered = room.messages.some((message) =>
    entry.request === 'incoming'
      ? message.type === 'sent' && message.status === 'sent'
      : message.type === 'received',
  );
  if (answered) {
    const { request: _request, requestRemaining: _remaining, ...rest } = entry;
    return rest as E;
  }
  if (entry.request !== 'outgoing' || entry.requestRemaining === undefined) return entry;
  if (room.messages.some((message) => message.error?.code === MESSAGE_REQUEST_ERROR_CODE)) {
    return { ...entry, requestRemaining: 0 };
  }
  const since = entry.lastMessageTime ? Date.parse(entry.lastMessageTime) : Number.NaN;
  const sentSince = room.messages.filter(
    (message) =>
      message.type === 'sent' &&
      message.status === 'sent' &&
      (Number.isNaN(since) || Date.parse(message.timestamp) > since),
  ).length;
  return { ...entry, requestRemaining: Math.max(0, entry.requestRemaining - sentSince) };
}
