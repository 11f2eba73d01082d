import type { ReceivedMessage, RoomMessage } from './chat-state';
import { findIndexed, reindexMessage } from './message-index';

/** The server's message as the reader sees it. */
export function fromServer(message: ReceivedMessage, me: number | null): RoomMessage {
  return { ...message, status: 'sent', type: message.sender_id === me ? 'sent' : 'received' };
}

/**
 * Same stored message: same id, or the same sender's same client_id. A server that sends neither
 * (spec only) is matched on sender, time and text, so a history page read twice does not repeat.
 */
export function sameMessage(a: RoomMessage, b: ReceivedMessage | RoomMessage): boolean {
  if (a.id !== null && a.id === b.id) return true;
  if (a.client_id !== null && a.client_id === b.client_id && a.sender_id === b.sender_id) {
    return true;
  }
  return (
    a.status === 'sent' &&
    a.id === null &&
    b.id === null &&
    a.client_id === null &&
    b.client_id === null &&
    a.sender_id === b.sender_id &&
    a.timestamp === b.timestamp &&
    a.original_message === b.original_message &&
    a.file_url === b.file_url
  );
}

/**
 * The optimistic copy an echo without `client_id` stands for: the oldest message of the same
 * sender with the same text and attachment that is still waiting (or timed out waiting).
 */
function pendingCopy(list: RoomMessage[], message: ReceivedMessage): RoomMessage | undefined {
  if (message.client_id !== null) return undefined;
  const waiting = (item: RoomMessage) =>
    item.id === null &&
    item.sender_id === message.sender_id &&
    item.original_message === message.original_message &&
    ((item.file_url === message.file_url && item.audio_url === message.audio_url) ||
      // A voice note: a spec-only backend echoes its audio as file_url.
      (item.audio_url !== null &&
        item.file_url === null &&
        (message.audio_url ?? message.file_url) === item.audio_url));
  return (
    list.find((item) => item.status === 'sending' && waiting(item)) ??
    list.find((item) => item.status === 'failed' && item.error?.code === 'timeout' && waiting(item))
  );
}

/**
 * Puts a server message into `list` (a draft the caller stores, see room-messages.ts): it replaces
 * its optimistic copy or earlier version (so an echo never duplicates), else it is appended. Returns the message in the list and, when it
 * settled an optimistic copy, that copy's client_id.
 */
export function upsertMessage(
  list: RoomMessage[],
  message: ReceivedMessage,
  me: number | null,
): { message: RoomMessage; added: boolean; settled: string | null } {
  // Issue 24: by the room's id index, not a scan of the whole list (a spec-only message without
  // id or client_id is still matched by a scan).
  const keyed = message.id !== null || message.client_id !== null;
  const indexed = keyed ? findIndexed(list, message, sameMessage) : undefined;
  const existing =
    indexed?.message ??
    (keyed ? undefined : list.find((item) => sameMessage(item, message))) ??
    (message.sender_id === me ? pendingCopy(list, message) : undefined);
  const incoming = fromServer(message, me);
  if (existing) {
    const settled = existing.client_id;
    const at = indexed?.at ?? list.indexOf(existing);
    // A new object in its place, never the stored one changed (issue 24: the store's lists and
    // messages are immutable, see room-messages.ts). An echo without client_id keeps the
    // optimistic copy's, so retries and lookups still work.
    const { error: _error, ...kept } = existing;
    const stored: RoomMessage = {
      ...kept,
      ...incoming,
      client_id: incoming.client_id ?? existing.client_id,
    };
    list[at] = stored;
    reindexMessage(list, at);
    return { message: stored, added: false, settled };
  }
  list.push(incoming);
  return { message: incoming, added: true, settled: null };
}

/**
 * The list after a chat_history page (the latest messages): older pages already loaded stay in
 * front, the page replaces what it covers, and newer or still unsent messages stay after it.
 */
export function mergeLatest(
  list: RoomMessage[],
  page: ReceivedMessage[],
  me: number | null,
): { messages: RoomMessage[]; keptOlder: boolean } {
  const firstId = page[0]?.id;
  const older: RoomMessage[] = [];
  const newer: RoomMessage[] = [];
  for (const item of list) {
    if (page.some((message) => sameMessage(item, message))) continue;
    if (item.id !== null && firstId !== undefined && firstId !== null && item.id < firstId) {
      older.push(item);
    } else newer.push(item);
  }
  const messages = [...older, ...page.map((message) => fromServer(message, me)), ...newer];
  return { messages, keptOlder: older.length > 0 };
}

/** The list with an older page in front, without the messages it already holds. */
export function prependOlder(
  list: RoomMessage[],
  page: ReceivedMessage[],
  me: number | null,
): RoomMessage[] {
  const fresh = page.filter((message) => !list.some((item) => sameMessage(item, message)));
  return [...fresh.map((message) => fromServer(message, me)), ...list];
}

/**
 * The oldest message id of a list or history page (both oldest first), the `before` of the next
 * older page.
 */
export function oldestId(list: readonly { id: number | null }[]): number | undefined {
  for (const item of list) if (item.id !== null) return item.id;
  return undefined;
}
