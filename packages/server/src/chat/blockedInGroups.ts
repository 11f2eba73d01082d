import { BLOCKED_MESSAGE_PREVIEW, type ChatMessage, type ServerFrame } from '@parley/chat-sdk';
import type { Delivery } from './messageActionDelivery.js';

/**
 * Blocking in groups (issue 29, docs/socket-protocol.md "Blocking in groups (issue 29)"). A block
 * does not take anyone out of a group both are in; instead each message of the blocked person is
 * marked `from_blocked: true` for the reader who blocked them — on delivery and in every history
 * the reader loads — so their client shows it collapsed. Push skips such frames (pushingFanout),
 * and unread counts leave such messages out (unread-counts-repository). Decided per reader here,
 * so a spec-only client sees an ordinary message with one extra field.
 */
export interface BlockLookup {
  /** Those of `among` who have blocked `blocked` (a group message's readers). */
  blockersAmong(blocked: number, among: readonly number[]): Promise<Set<number>>;
  /** The people `blocker` has blocked. */
  blockedIds(blocker: number): Promise<Set<number>>;
  /** Starts reading who blocked `blocked`, for a message of theirs about to be delivered. */
  warm?(blocked: number): void;
}

/**
 * The reader's group list: a last message from someone they blocked reads as
 * BLOCKED_MESSAGE_PREVIEW (the words stay collapsed in the list too). One query per list.
 */
export async function hideBlockedPreviews<
  G extends { last_message: string | null; last_message_info?: { sender_id: number } | null },
>(blocks: Pick<BlockLookup, 'blockedIds'>, readerId: number, groups: G[]): Promise<G[]> {
  if (groups.length === 0) return groups;
  const blocked = await blocks.blockedIds(readerId);
  if (blocked.size === 0) return groups;
  return groups.map((group) => {
    const sender = group.last_message_info?.sender_id;
    return sender !== undefined && blocked.has(sender) && group.last_message !== null
      ? { ...group, last_message: BLOCKED_MESSAGE_PREVIEW }
      : group;
  });
}

/** A history for `readerId`: messages of people they blocked are marked. One query per page. */
export async function markBlockedForReader<M extends Pick<ChatMessage, 'sender_id'>>(
  blocks: Pick<BlockLookup, 'blockedIds'> | undefined,
  readerId: number,
  messages: M[],
): Promise<(M & { from_blocked?: boolean })[]> {
  if (!blocks || messages.length === 0) return messages;
  const blocked = await blocks.blockedIds(readerId);
  if (blocked.size === 0) return messages;
  return messages.map((message) =>
    message.sender_id !== readerId && blocked.has(message.sender_id)
      ? { ...message, from_blocked: true }
      : message,
  );
}

/**
 * Splits each new message's deliveries so the readers who blocked its sender get their own frame
 * with `from_blocked: true`. Other frames pass through. One query per sender, whatever the number
 * of deliveries (a translated message has one per reader language).
 */
export async function markBlockedDeliveries(
  blocks: BlockLookup,
  deliveries: Delivery[],
): Promise<Delivery[]> {
  const readersBySender = new Map<number, Set<number>>();
  for (const { frame, recipients } of deliveries) {
    if (frame.type !== 'chat_message') continue;
    const readers = readersBySender.get(frame.sender_id) ?? new Set<number>();
    for (const id of recipients) if (id !== frame.sender_id) readers.add(id);
    readersBySender.set(frame.sender_id, readers);
  }
  const blockersBySender = new Map<number, Set<number>>();
  for (const [sender, readers] of readersBySender) {
    blockersBySender.set(sender, await blocks.blockersAmong(sender, [...readers]));
  }
  const out: Delivery[] = [];
  for (const delivery of deliveries) {
    const frame = delivery.frame;
    const blockers =
      frame.type === 'chat_message' ? blockersBySender.get(frame.sender_id) : undefined;
    if (frame.type !== 'chat_message' || !blockers || blockers.size === 0) {
      out.push(delivery);
      continue;
    }
    const readers = delivery.recipients.filter((id) => blockers.has(id));
    const others = delivery.recipients.filter((id) => !blockers.has(id));
    if (others.length > 0) out.push({ ...delivery, recipients: others });
    if (readers.length === 0) continue;
    const marked: ServerFrame = { ...frame, from_blocked: true };
    out.push({ ...delivery, recipients: readers, frame: marked });
  }
  return out;
}
