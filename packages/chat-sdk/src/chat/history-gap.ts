import type { ReceivedMessage, RoomMessage } from './chat-state';
import { findIndexed } from './message-index';
import { fromServer, sameMessage } from './message-list';

/**
 * A rejoin's chat_history (a reconnect, a room opened again) brings the room's latest page. When
 * the list already held older messages and more than a page arrived meanwhile, a run of messages
 * lies between the two: the store reads it over REST (GET /chatmessage/history/ with `before` and
 * the Parley `around`, or page by page from a spec backend), so the list stays one unbroken run
 * from the newest message down. A gap of more than this many pages is given up: the messages
 * older than it are dropped, and scrolling up loads them again.
 */
export const MAX_GAP_PAGES = 20;

/**
 * The newest stored message older than `firstId`, the first message of a chat_history page the
 * list was merged with: where a possible gap starts. Undefined when the list holds nothing older.
 */
export function newestBelow(list: RoomMessage[], firstId: number): number | undefined {
  let newest: number | undefined;
  for (const item of list) {
    if (item.id !== null && item.id < firstId && (newest === undefined || item.id > newest)) {
      newest = item.id;
    }
  }
  return newest;
}

/**
 * The list with a history page put into the gap between message `from` and message `before`:
 * the page's messages inside it that the list lacks go in just before `before`, oldest first.
 */
export function fillGap(
  list: RoomMessage[],
  page: ReceivedMessage[],
  gap: { from: number; before: number },
  me: number | null,
): RoomMessage[] {
  const fresh = page
    .filter(
      (message) =>
        message.id !== null &&
        message.id > gap.from &&
        message.id < gap.before &&
        !findIndexed(list, message, sameMessage),
    )
    .sort((a, b) => (a.id as number) - (b.id as number));
  if (fresh.length === 0) return list;
  let at = list.findIndex((item) => item.id !== null && item.id >= gap.before);
  if (at < 0) at = list.length;
  return [
    ...list.slice(0, at),
    ...fresh.map((message) => fromServer(message, me)),
    ...list.slice(at),
  ];
}

/** The list without the stored messages older than `id` (a gap too long to fill). */
export function dropBelow(list: RoomMessage[], id: number): RoomMessage[] {
  return list.filter((item) => item.id === null || item.id >= id);
}
