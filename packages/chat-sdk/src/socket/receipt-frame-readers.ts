import type { RoomReceipt } from '../protocol/reactions';
import type { ServerFrame } from '../protocol/socket';

/**
 * Readers of the reactions and receipts frames (issue 25, Parley extensions): a frame without
 * the ids its listeners need is refused (null) and dropped like one of unknown type.
 */
type Json = Record<string, unknown>;
type ReceiptFrameType = 'reaction' | 'read_receipt' | 'delivered_receipt';
type Readers = {
  [K in ReceiptFrameType]: (raw: Json) => Extract<ServerFrame, { type: K }> | null;
};

/** A positive id as a number or numeric string (as server-frame-readers.ts reads ids). */
function readId(value: unknown): number | null {
  const number =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\d{1,15}$/.test(value.trim())
        ? Number(value.trim())
        : Number.NaN;
  return Number.isSafeInteger(number) && number > 0 ? number : null;
}

const roomOf = (raw: Json) => (typeof raw.room_name === 'string' ? raw.room_name : '');
const timeOf = (value: unknown) => (typeof value === 'string' ? value : new Date().toISOString());

/** `receipts` of chat_history or a history page: the well-formed entries, else none. */
export function readRoomReceipts(value: unknown): RoomReceipt[] {
  if (!Array.isArray(value)) return [];
  const receipts: RoomReceipt[] = [];
  for (const entry of value) {
    if (typeof entry !== 'object' || entry === null) continue;
    const raw = entry as Json;
    const userId = readId(raw.user_id);
    if (userId === null) continue;
    receipts.push({
      user_id: userId,
      delivered_up_to: readId(raw.delivered_up_to) ?? 0,
      read_up_to: readId(raw.read_up_to) ?? 0,
      read_at: typeof raw.read_at === 'string' ? raw.read_at : null,
    });
  }
  return receipts;
}

export const RECEIPT_FRAME_READERS: Readers = {
  reaction(raw) {
    const messageId = readId(raw.message_id);
    const userId = readId(raw.user_id);
    if (messageId === null || userId === null || typeof raw.emoji !== 'string') return null;
    return {
      type: 'reaction',
      message_id: messageId,
      user_id: userId,
      emoji: raw.emoji,
      added: raw.added !== false,
      room_name: roomOf(raw),
    };
  },

  read_receipt(raw) {
    const messageId = readId(raw.message_id);
    const userId = readId(raw.user_id);
    if (messageId === null || userId === null) return null;
    return {
      type: 'read_receipt',
      room_name: roomOf(raw),
      user_id: userId,
      message_id: messageId,
      read_at: timeOf(raw.read_at),
    };
  },

  delivered_receipt(raw) {
    const messageId = readId(raw.message_id);
    const userId = readId(raw.user_id);
    if (messageId === null || userId === null) return null;
    return {
      type: 'delivered_receipt',
      room_name: roomOf(raw),
      user_id: userId,
      message_id: messageId,
      delivered_at: timeOf(raw.delivered_at),
    };
  },
};

/**
 * A `delivered_receipts` frame (ext): its well-formed entries as `delivered_receipt` frames of
 * its room, in order; none when the frame is not an object with a `receipts` list.
 */
export function readDeliveredReceipts(
  raw: Json,
): Extract<ServerFrame, { type: 'delivered_receipt' }>[] {
  if (!Array.isArray(raw.receipts)) return [];
  const frames: Extract<ServerFrame, { type: 'delivered_receipt' }>[] = [];
  for (const entry of raw.receipts) {
    if (typeof entry !== 'object' || entry === null) continue;
    const frame = RECEIPT_FRAME_READERS.delivered_receipt({
      ...(entry as Json),
      room_name: raw.room_name,
    });
    if (frame) frames.push(frame);
  }
  return frames;
}
