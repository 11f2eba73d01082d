import { parseRoomName } from '../rooms';
import type { MemberReceipt, RoomMessage } from './chat-state';

/** What a sent message's ticks show: one (sent), two (delivered), two coloured (read). */
export type TickStatus = 'sent' | 'delivered' | 'read';

export interface MessageTicks {
  status: TickStatus;
  /** Who read it (groups show 'Read by N' and the list), in the order they read it. */
  readBy: { user_id: number; read_at: string | null }[];
}

/**
 * The ticks of my stored message from the room's receipts (issue 25). Null for others' messages,
 * unsent ones, and rooms the backend sends no receipts for (a spec-only backend): no ticks then.
 * `memberIds` are the room's people when known (a group's member list); a private room's come
 * from its name. Read means everyone else read it, delivered that it reached everyone else.
 */
export function messageTicks(
  receipts: Readonly<Record<number, MemberReceipt>> | undefined,
  message: Pick<RoomMessage, 'id' | 'type' | 'status' | 'room_name'>,
  me: number | null,
  memberIds?: readonly number[],
): MessageTicks | null {
  if (!receipts || message.type !== 'sent' || message.status !== 'sent' || message.id === null) {
    return null;
  }
  const id = message.id;
  const parsed = parseRoomName(message.room_name);
  const members =
    parsed?.kind === 'private' ? parsed.userIds : (memberIds ?? Object.keys(receipts).map(Number));
  const others = [...new Set(members)].filter((member) => member !== me);
  const readBy = others
    .flatMap((member) => {
      const receipt = receipts[member];
      return receipt && receipt.read_up_to >= id
        ? [{ user_id: member, read_at: receipt.read_at }]
        : [];
    })
    .sort((a, b) => (a.read_at ?? '').localeCompare(b.read_at ?? ''));
  const delivered = others.filter((member) => (receipts[member]?.delivered_up_to ?? 0) >= id);
  const status: TickStatus =
    others.length > 0 && readBy.length === others.length
      ? 'read'
      : others.length > 0 && delivered.length === others.length
        ? 'delivered'
        : 'sent';
  return { status, readBy };
}
