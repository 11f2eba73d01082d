/**
 * Message actions (issue 25): reply, edit, delete. Parley extensions to spec §7, documented in
 * docs/socket-protocol.md "## Message actions (reply, edit, delete)". Every field is optional on
 * the wire: a spec-only backend sends none of them and clients carry on as before.
 */

export type { MessageQuote } from './chat';

/** How long after sending its sender may edit a message. */
export const MESSAGE_EDIT_WINDOW_MS = 15 * 60_000;

/** Client → server: the sender changes a message's text (within MESSAGE_EDIT_WINDOW_MS). */
export interface EditMessageFrame {
  type: 'edit_message';
  message_id: number;
  /** The new text, ≤ 10,000 characters, not empty. */
  message: string;
}

/**
 * Client → server: delete a message. Without `for` (or `for: "everyone"`) only its sender may,
 * and every member sees it deleted; with `for: "me"` anyone who can see it hides it from their
 * own history.
 */
export interface DeleteMessageFrame {
  type: 'delete_message';
  message_id: number;
  for?: 'everyone' | 'me';
}

/** Server → client: a message's text changed; `message` is in this reader's language. */
export interface MessageEditedFrame {
  type: 'message_edited';
  message_id: number;
  message: string;
  original_message: string;
  /** ISO 8601. */
  edited_at: string;
  /** The room (the name the client joined with, else the canonical one). */
  room_name: string;
  /** `message` is a translation of `original_message` for this reader. */
  translated?: boolean;
}

/**
 * Server → client: a message was deleted — for everyone (every member gets this), or for this
 * person only (`for: "me"`, sent to their own sockets).
 */
export interface MessageDeletedFrame {
  type: 'message_deleted';
  message_id: number;
  room_name: string;
  for?: 'everyone' | 'me';
}
