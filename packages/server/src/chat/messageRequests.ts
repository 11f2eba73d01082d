import {
  type ChatListUser,
  MESSAGE_REQUEST_ALLOWANCE,
  type MessageRequestKind,
} from '@parley/chat-sdk';
import type { MessageRequestRow } from '../db/schema.js';
import type { MessageRequestsRepository, RoomAccess } from '../plugins/app/index.js';

/** Rooms known never to be requests again, kept per instance (a room only ever opens up). */
const OPEN_ROOMS_KEPT = 10_000;

/** How the chat list marks a row: a request, or one the reader deleted (left out). */
export interface ChatListRequest {
  kind: MessageRequestKind | 'hidden';
  /** Messages the requester may still send (outgoing only). */
  remaining: number;
}

/** The row's extension fields (absent when the chat is no request). */
export function chatListRequestFields(
  request: ChatListRequest | undefined,
): Pick<ChatListUser, 'request' | 'request_remaining'> {
  if (!request || request.kind === 'hidden') return {};
  if (request.kind === 'incoming') return { request: 'incoming' };
  return { request: 'outgoing', request_remaining: request.remaining };
}

/** What a chat_message may do in a room: be stored, and reach whom. */
export type RequestGate =
  | { allowed: true; recipients: number[] }
  | { allowed: false; remaining: 0 };

/**
 * Message requests (issue 25, docs/protocol.md "Message requests"). A private room whose first
 * message comes from someone the receiver has no accepted connection with is a request until the
 * receiver accepts or deletes it (blocking uses the block feature, which hides the chat already).
 * Until then the requester may send MESSAGE_REQUEST_ALLOWANCE messages and hears nothing of the
 * receiver's reads. A connection accepted later, or a message from the receiver, accepts it too.
 * Group rooms are never requests.
 */
export class MessageRequests {
  private readonly open = new Set<string>();

  /** Off (`enabled` false), every private chat is open: the gate allows, nothing is hidden. */
  constructor(
    private readonly repository: MessageRequestsRepository,
    private readonly enabled = true,
  ) {}

  /**
   * Decides a chat_message (or live voice) of `senderId` before it is stored (a refused one is
   * never stored). An allowed send of the requester takes one slot of the allowance; a retry of a
   * message already stored (same `clientId`) takes none.
   */
  async beforeSend(
    room: RoomAccess,
    senderId: number,
    clientId: string | null = null,
  ): Promise<RequestGate> {
    const everyone: RequestGate = { allowed: true, recipients: room.memberIds };
    if (!this.enabled || room.kind !== 'private' || this.open.has(room.canonical)) return everyone;
    const other = room.memberIds.find((id) => id !== senderId);
    if (other === undefined) return everyone;
    let request = await this.repository.ofRoom(room.canonical);
    if (!request) {
      if (
        (await this.repository.roomHasMessages(room.canonical)) ||
        (await this.repository.connected(senderId, other))
      ) {
        this.remember(room.canonical);
        return everyone;
      }
      request = await this.repository.open(room.canonical, senderId, other);
    }
    if (request.state === 'accepted' || (await this.acceptedMeanwhile(request))) {
      this.remember(room.canonical);
      return everyone;
    }
    if (senderId === request.receiverId) {
      // Answering is accepting: the receiver chose to talk.
      await this.repository.markAccepted(room.canonical);
      this.remember(room.canonical);
      return everyone;
    }
    // A deleted request reaches only the sender's own devices: they are not told.
    const recipients = request.state === 'deleted' ? [senderId] : room.memberIds;
    if (clientId !== null && (await this.repository.storedAlready(senderId, clientId))) {
      return { allowed: true, recipients };
    }
    if (await this.repository.takeSlot(room.canonical, senderId, MESSAGE_REQUEST_ALLOWANCE)) {
      return { allowed: true, recipients };
    }
    // No slot: the allowance is used up, unless the receiver accepted meanwhile.
    if ((await this.repository.ofRoom(room.canonical))?.state === 'accepted') {
      this.remember(room.canonical);
      return everyone;
    }
    return { allowed: false, remaining: 0 };
  }

  /**
   * Whether `viewerId` must not learn how far `readerId` read the room: the reader received a
   * request there they have not accepted.
   */
  async hidesReads(room: string, readerId: number, viewerId: number): Promise<boolean> {
    if (!this.enabled || readerId === viewerId || this.open.has(room)) return false;
    const request = await this.repository.ofRoom(room);
    // A room read without a request row never becomes one (its first message came and went
    // through beforeSend, which opens the row before storing), and groups never are: remember
    // both, so a read in a group of 20 does not ask the database 19 times, read after read.
    if (!request || request.state === 'accepted') {
      this.remember(room);
      return false;
    }
    if (await this.acceptedMeanwhile(request)) {
      this.remember(room);
      return false;
    }
    return request.receiverId === readerId;
  }

  /**
   * The requests among `userId`'s chats by the other person's id: how the chat list marks them.
   * `hidden` are the ones they deleted (off their list); `accepted` ids skip the rest.
   */
  async ofChatList(
    userId: number,
    connected: ReadonlySet<number>,
  ): Promise<Map<number, ChatListRequest>> {
    if (!this.enabled) return new Map();
    const rows = await this.repository.undecidedOf(userId);
    const result = new Map<number, ChatListRequest>();
    for (const row of rows) {
      const other = row.requesterId === userId ? row.receiverId : row.requesterId;
      if (connected.has(other)) {
        await this.repository.markAccepted(row.room);
        continue;
      }
      if (row.receiverId === userId) {
        result.set(other, { kind: row.state === 'deleted' ? 'hidden' : 'incoming', remaining: 0 });
      } else {
        result.set(other, {
          kind: 'outgoing',
          remaining: Math.max(0, MESSAGE_REQUEST_ALLOWANCE - row.sentCount),
        });
      }
    }
    return result;
  }

  /** The receiver's accept or delete; null when they have no pending request in that room. */
  async decide(
    room: string,
    receiverId: number,
    decision: 'accepted' | 'deleted',
  ): Promise<MessageRequestRow | null> {
    const row = await this.repository.decide(room, receiverId, decision);
    if (row?.state === 'accepted') this.remember(room);
    return row;
  }

  private async acceptedMeanwhile(request: MessageRequestRow): Promise<boolean> {
    if (!(await this.repository.connected(request.requesterId, request.receiverId))) return false;
    await this.repository.markAccepted(request.room);
    return true;
  }

  private remember(room: string): void {
    if (this.open.size >= OPEN_ROOMS_KEPT) this.open.clear();
    this.open.add(room);
  }
}
