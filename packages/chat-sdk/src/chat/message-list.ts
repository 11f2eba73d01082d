import type { ChatMessage } from '../protocol/socket';
import type { RoomMessage } from './chat-state';

/** The server's message as the reader sees it. */
export function fromServer(message: ChatMessage, me: number | null): RoomMessage {
  return { ...message, status: 'sent', type: message.sender_id === me ? 'sent' : 'received' };
}

/** Same stored message: same id, or the same sender's same client_id. */
export function sameMessage(a: RoomMessage, b: ChatMessage | RoomMessage): boolean {
  if (a.id !== null && a.id === b.id) return true;
  return a.client_id !== null && a.client_id === b.client_id && a.sender_id === b.sender_id;
}

/**
 * Puts a server message into the list: it replaces its optimistic copy or earlier version (so an
 * echo never duplicates), else it is appended. Returns the message in the list.
 */
export function upsertMessage(
  list: RoomMessage[],
  message: ChatMessage,
  me: number | null,
): { message: RoomMessage; added: boolean } {
  const existing = list.find((item) => sameMessage(item, message));
  const incoming = fromServer(message, me);
  if (existing) {
    delete existing.error;
    Object.assign(existing, incoming);
    return { message: existing, added: false };
  }
  list.push(incoming);
  return { message: incoming, added: true };
}

/**
 * The list after a chat_history page (the latest messages): older pages already loaded stay in
 * front, the page replaces what it covers, and newer or still unsent messages stay after it.
 */
export function mergeLatest(
  list: RoomMessage[],
  page: ChatMessage[],
  me: number | null,
): { messages: RoomMessage[]; keptOlder: boolean } {
  const firstId = page[0]?.id;
  const older: RoomMessage[] = [];
  const newer: RoomMessage[] = [];
  for (const item of list) {
    if (page.some((message) => sameMessage(item, message))) continue;
    if (item.id !== null && firstId !== undefined && item.id < firstId) older.push(item);
    else newer.push(item);
  }
  const messages = [...older, ...page.map((message) => fromServer(message, me)), ...newer];
  return { messages, keptOlder: older.length > 0 };
}

/** The list with an older page in front, without the messages it already holds. */
export function prependOlder(
  list: RoomMessage[],
  page: ChatMessage[],
  me: number | null,
): RoomMessage[] {
  const fresh = page.filter((message) => !list.some((item) => sameMessage(item, message)));
  return [...fresh.map((message) => fromServer(message, me)), ...list];
}

/** The oldest stored message id, the `before` of the next older page. */
export function oldestId(list: RoomMessage[]): number | undefined {
  for (const item of list) if (item.id !== null) return item.id;
  return undefined;
}
