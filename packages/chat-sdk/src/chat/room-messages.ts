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

/** An empty list for a new room. */
export const noMessages = (): RoomMessage[] => ref([]);

/**
 * A copy of the room's list to change at its end or at the same positions (a pushed message, an
 * echo settling its copy), with the room's id index; store it with setMessages.
 */
export function draftOfMessages(entry: RoomState): RoomMessage[] {
  const list = entry.messages.slice();
  carryIndex(entry.messages, list);
  return list;
}

/** A message's copy to change: its quote too, which edits and deletions change. */
function copyOf(message: RoomMessage): RoomMessage {
  return message.reply_to ? { ...message, reply_to: { ...message.reply_to } } : { ...message };
}

/** Adds `message` at the end of the room; returns it. */
export function appendMessage(entry: RoomState, message: RoomMessage): RoomMessage {
  const list = draftOfMessages(entry);
  list.push(message);
  setMessages(entry, list);
  return message;
}

/**
 * Changes the stored message at `at` on a copy (`change` may change the copy in place) and stores
 * it; returns the stored copy.
 */
export function changeMessageAt(
  entry: RoomState,
  at: number,
  change: (draft: RoomMessage) => void,
): RoomMessage | undefined {
  const message = entry.messages[at];
  if (!message) return undefined;
  const draft = copyOf(message);
  change(draft);
  const list = entry.messages.slice();
  list[at] = draft;
  carryIndex(entry.messages, list);
  reindexMessage(list, at);
  setMessages(entry, list);
  return draft;
}

/**
 * Runs `apply` over a copy of the room's list in which the messages `touches` picks are copies,
 * which `apply` may change in place; stores the list `apply` returns (the copy, or another) when
 * it reports a change (true or a list).
 */
export function changeMessagesWhere(
  entry: RoomState,
  touches: (message: RoomMessage) => boolean,
  apply: (list: RoomMessage[]) => boolean | RoomMessage[],
): boolean {
  const list = entry.messages.slice();
  for (let at = 0; at < list.length; at++) {
    const message = list[at] as RoomMessage;
    if (!touches(message)) continue;
    list[at] = copyOf(message);
  }
  const result = apply(list);
  if (Array.isArray(result)) {
    setMessages(entry, result);
    return true;
  }
  // A new list: its id index is built again on its next lookup (these are rare frames).
  if (result) setMessages(entry, list);
  return result;
}
