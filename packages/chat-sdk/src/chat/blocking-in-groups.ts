import type { BlockChangedFrame } from '../protocol/blockingInGroups';
import type { ChatState, ReceivedMessage, RoomMessage } from './chat-state';
import { editMessages } from './room-messages';

/**
 * Blocking in groups (issue 29, docs/socket-protocol.md): the server marks a message
 * `from_blocked` for a reader who blocked its sender. Such a message is shown collapsed, and is
 * neither announced nor counted unread. A backend that never sends the field changes nothing.
 */

/** Copies `from_blocked` from a raw message when it is `true` (anything else: not blocked). */
export function readFromBlocked(raw: Record<string, unknown>, message: ReceivedMessage): void {
  if (raw.from_blocked === true) message.from_blocked = true;
}

/** Whether a message is from someone the reader blocked (collapsed, silent, not unread). */
export function isFromBlocked(message: Pick<ReceivedMessage, 'from_blocked'>): boolean {
  return message.from_blocked === true;
}

/**
 * `block_changed`: every held message of that person, in every room, collapses or opens again, so
 * a chat open while its reader blocks or unblocks someone changes at once. Returns the rooms
 * whose messages changed.
 */
export function applyBlockChanged(state: ChatState, frame: BlockChangedFrame): string[] {
  const changed: string[] = [];
  // Changed on copies: the store's messages are immutable (issue 24, room-messages.ts).
  const touches = (message: RoomMessage) =>
    message.sender_id === frame.user_id &&
    message.type === 'received' &&
    (message.from_blocked === true) !== frame.blocked;
  for (const [key, entry] of Object.entries(state.rooms)) {
    let some = false;
    editMessages(
      entry,
      (list) => {
        for (const message of list) {
          if (!touches(message)) continue;
          if (frame.blocked) message.from_blocked = true;
          else delete message.from_blocked;
          some = true;
        }
        return some;
      },
      touches,
    );
    if (some) changed.push(key);
  }
  return changed;
}
