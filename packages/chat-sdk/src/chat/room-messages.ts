import { ref } from 'valtio/vanilla';
import type { RoomMessage, RoomState } from './chat-state';
import { carryIndex, reindexMessage } from './message-index';

/**
 * How a room's messages are kept in the store (issue 24). valtio snapshots a proxied array by
 * copying every entry, and walks every message proxy for its version: at 10,000 messages each new
 * message cost a 10,000-entry snapshot, half of the main thread while a room received 50 a second.
 * So a room's `messages` is held by reference (valtio `ref`) and never changed in place: every
 * change stores a new array (a copy of the pointers, microseconds) in which only the changed
 * messages are new objects. The array is then its own snapshot, and the ui's memoised rows see
 * exactly which messages changed, as they did with valtio's per-message snapshots. Readers see the
 * same `RoomMessage[]` as before; `subscribe` on the state still hears every change.
 *
 * Never change a stored list or message in place: go through these functions.
 */

/** Stores `list` as the room's messages: a new arrangement (a history page, a deletion, …). */
export function setMessages(entry: RoomState, list: RoomMessage[]): void {
  entry.messages = ref(list);
}

/** A message's copy to change: its quote too, which edits and deletions change. */
function copyOf(message: RoomMessage): RoomMessage {
  return message.reply_to ? { ...message, reply_to: { ...message.reply_to } } : { ...message };
}

/**
 * Changes the room's messages on a copy of its list: `edit` may push onto the copy or replace
 * messages at their positions (the copy keeps the room's id index), and may change in place the
 * messages `touches` picks, which are copies. It returns false when nothing changed, or another
 * list to store instead.
 */
export function editMessages(
  entry: RoomState,
  edit: (list: RoomMessage[]) => boolean | RoomMessage[] | undefined,
  touches?: (message: RoomMessage) => boolean,
): void {
  const list = entry.messages.slice();
  carryIndex(entry.messages, list);
  if (touches) {
    for (let at = 0; at < list.length; at++) {
      const message = list[at] as RoomMessage;
      if (touches(message)) list[at] = copyOf(message);
    }
  }
  const result = edit(list);
  if (result !== false) setMessages(entry, Array.isArray(result) ? result : list);
}

/** Changes the stored message at `at` on a copy and stores it; returns the stored copy. */
export function changeMessageAt(
  entry: RoomState,
  at: number,
  change: (draft: RoomMessage) => void,
): RoomMessage | undefined {
  const message = entry.messages[at];
  if (!message) return undefined;
  const draft = copyOf(message);
  change(draft);
  editMessages(entry, (list) => {
    list[at] = draft;
    reindexMessage(list, at);
  });
  return draft;
}
