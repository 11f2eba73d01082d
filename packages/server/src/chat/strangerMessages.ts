import { LIMIT_MESSAGES, type Limits, retryAfterSeconds, waitInWords } from '../limits/index.js';
import { isNewAccount } from '../limits/newAccountLimits.js';
import type { MessageRequestsRepository, RoomAccess } from '../plugins/app/index.js';

/** Rooms remembered as open before the memory starts again (a bound, not a cache policy). */
const OPEN_ROOMS_KEPT = 10_000;

/** A refused message: what the sender is told, and when they may try again. */
export interface StrangerMessageRefusal {
  detail: string;
  retryAfterSeconds: number;
}

type RequestLookups = Pick<
  MessageRequestsRepository,
  'ofRoom' | 'roomHasMessages' | 'connected' | 'storedAlready'
>;

/**
 * Safety limits where strangers meet (issue 29, README "Limits"): in an account's first day its
 * messages to people who are not its connections — a message request's messages, the ones that
 * reach someone who never agreed to hear from them — count against a small daily budget in the
 * shared limit store. Answering a request, groups, connections and older accounts are never
 * counted. Checked before the message-request gate takes a slot, so a refused message uses none.
 */
export class StrangerMessages {
  /**
   * Rooms known never to count again, kept per instance: one whose request was accepted, or one
   * with messages and no request (a room only ever opens up). Without it every message of a new
   * account in a private chat asked the database three times (issue 24's hot path).
   */
  private readonly open = new Set<string>();

  constructor(
    private readonly limits: Limits,
    private readonly requests: RequestLookups,
  ) {}

  /** Null when the message may go on; else the refusal. Counts the message when it does. */
  async beforeSend(
    room: RoomAccess,
    sender: { id: number; createdAt: Date },
    clientId: string | null,
  ): Promise<StrangerMessageRefusal | null> {
    if (room.kind !== 'private' || !isNewAccount(sender.createdAt, this.limits.settings)) {
      return null;
    }
    if (this.open.has(room.canonical)) return null;
    if (!(await this.toStranger(room, sender.id))) return null;
    // A retry of a message already stored was counted the first time.
    if (clientId !== null && (await this.requests.storedAlready(sender.id, clientId))) return null;
    const verdict = await this.limits.take(this.limits.rules.newAccountStrangerMessages, sender.id);
    if (verdict.allowed) return null;
    const seconds = retryAfterSeconds(verdict);
    return {
      detail: LIMIT_MESSAGES.newAccountStrangerMessages(waitInWords(seconds)),
      retryAfterSeconds: seconds,
    };
  }

  /** Whether the other person of a private room is someone the sender reaches uninvited. */
  private async toStranger(room: RoomAccess, senderId: number): Promise<boolean> {
    const other = room.memberIds.find((id) => id !== senderId);
    if (other === undefined) return false;
    if (await this.requests.connected(senderId, other)) return false;
    const request = await this.requests.ofRoom(room.canonical);
    if (request) {
      if (request.state === 'accepted') this.remember(room.canonical);
      return request.state !== 'accepted' && request.requesterId === senderId;
    }
    // No request row: a new conversation (the first message opens one) unless it already has
    // messages (a chat from before message requests, or with them switched off).
    if (await this.requests.roomHasMessages(room.canonical)) {
      this.remember(room.canonical);
      return false;
    }
    return true;
  }

  private remember(room: string): void {
    if (this.open.size >= OPEN_ROOMS_KEPT) this.open.clear();
    this.open.add(room);
  }
}
