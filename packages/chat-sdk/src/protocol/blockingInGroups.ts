/**
 * Blocking in groups (issue 29, docs/socket-protocol.md "Blocking in groups (issue 29)"). Parley
 * extensions only: a spec-only client ignores both and shows the message as before.
 */

/**
 * Server → client, to every open socket of the person who blocked or unblocked someone: the
 * messages of `user_id` already on screen collapse (`blocked: true`) or open again. New messages
 * and history carry `from_blocked` on their own.
 */
export interface BlockChangedFrame {
  type: 'block_changed';
  user_id: number;
  blocked: boolean;
}

/**
 * `last_message` of a group row whose last message is from someone the reader blocked: the
 * words stay collapsed in the chat list too (the server sends it; the sdk uses it for live rows).
 */
export const BLOCKED_MESSAGE_PREVIEW = 'Message from a blocked person';
