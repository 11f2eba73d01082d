/**
 * Reactions and read receipts (issue 25, docs/socket-protocol.md "Reactions and read receipts"):
 * Parley extensions of the socket protocol. A spec-only backend sends none of these frames or
 * fields; clients then show messages without reactions or ticks.
 */

// ---------------------------------------------------------------------------------------------
// Reactions

/** One emoji on a message as history carries it: who reacted with it, oldest first. */
export interface MessageReaction {
  emoji: string;
  count: number;
  user_ids: number[];
}

/** Client → server: toggles the sender's `emoji` on a message of a room they are a member of. */
export interface ReactFrame {
  type: 'react';
  message_id: number;
  emoji: string;
}

/** Server → every member of the room: someone added (`added: true`) or removed a reaction. */
export interface ReactionFrame {
  type: 'reaction';
  message_id: number;
  emoji: string;
  user_id: number;
  added: boolean;
  /** The message's room (the name the receiving client joined with, else the canonical one). */
  room_name: string;
}

export const REACTION_LIMITS = {
  /** UTF-16 code units of one emoji: long enough for flags, skin tones and ZWJ families. */
  maxEmojiChars: 32,
  /** Distinct emoji one person may leave on one message. */
  maxPerPersonPerMessage: 20,
} as const;

/** The quick row offered before the full picker. */
export const QUICK_REACTIONS = ['👍', '❤️', '😂', '😮', '😢', '🙏'] as const;

// RGI_Emoji needs the `v` flag (Node 20, every evergreen browser); built at run time so the
// TypeScript target does not matter.
let rgiEmoji: RegExp | null = null;
const UNICODE_SETS_FLAG = 'v';

function emojiPattern(): RegExp {
  try {
    return new RegExp('^\\p{RGI_Emoji}$', UNICODE_SETS_FLAG);
  } catch {
    // An older browser: a pictograph with its modifiers and joins (the server checks strictly).
    return /^(?:\p{Extended_Pictographic}|\p{Regional_Indicator}{2})(?:[\u{FE0F}\u{1F3FB}-\u{1F3FF}]|\u{200D}\p{Extended_Pictographic})*$/u;
  }
}

/** Whether `value` is exactly one emoji (one grapheme of Unicode's recommended emoji set). */
export function isReactionEmoji(value: unknown): value is string {
  if (typeof value !== 'string' || value === '') return false;
  if (value.length > REACTION_LIMITS.maxEmojiChars) return false;
  rgiEmoji ??= emojiPattern();
  return rgiEmoji.test(value);
}

// ---------------------------------------------------------------------------------------------
// Read and delivered receipts

/**
 * Client → server: the reader has seen everything in `room_name` up to and including
 * `message_id` (a message of that room).
 */
export interface ReadFrame {
  type: 'read';
  room_name: string;
  message_id: number;
}

/**
 * Server → the reader's own sockets, and the room's other members when both the reader and they
 * send read receipts: `user_id` has read the room up to `message_id`.
 */
export interface ReadReceiptFrame {
  type: 'read_receipt';
  room_name: string;
  user_id: number;
  message_id: number;
  /** ISO 8601. */
  read_at: string;
}

/**
 * Server → the room's other members: a message up to `message_id` reached at least one socket
 * of `user_id` (live, or in the history they loaded).
 */
export interface DeliveredReceiptFrame {
  type: 'delivered_receipt';
  room_name: string;
  user_id: number;
  message_id: number;
  /** ISO 8601. */
  delivered_at: string;
}

/**
 * Server → a socket that asked for it (ext, `?features=grouped_receipts`, see
 * SOCKET_FEATURES): several members' `delivered_receipt`s of one room in one frame, at most
 * `DELIVERED_RECEIPTS_PER_FRAME`. A live message in a group of n is received by n − 1 members
 * at once; their sender would otherwise get n − 1 frames. Each entry means exactly what a
 * `delivered_receipt` with the frame's `room_name` means; the sdk hands them on as such.
 */
export interface DeliveredReceiptsFrame {
  type: 'delivered_receipts';
  room_name: string;
  receipts: Array<Pick<DeliveredReceiptFrame, 'user_id' | 'message_id' | 'delivered_at'>>;
}

/**
 * The most receipts one `delivered_receipts` frame carries: about 4 KB, under the 64 KiB frame
 * and under the 8,000 bytes of a PostgreSQL NOTIFY between instances (docs/instances.md).
 */
export const DELIVERED_RECEIPTS_PER_FRAME = 50;

/**
 * How far one member has received and read a room, as `chat_history` and history pages carry it
 * (`receipts`). Ids are 0 when nothing was. `read_up_to` of others is 0 when either side turned
 * read receipts off.
 */
export interface RoomReceipt {
  user_id: number;
  delivered_up_to: number;
  read_up_to: number;
  /** ISO 8601, null when nothing was read (or it is not shown). */
  read_at: string | null;
}
