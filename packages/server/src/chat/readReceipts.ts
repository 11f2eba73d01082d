import {
  type ChatMessage,
  DELIVERED_RECEIPTS_PER_FRAME,
  type DeliveredReceiptsFrame,
  parseRoomName,
  type RoomReceipt,
} from '@parley/chat-sdk';
import type { FastifyBaseLogger } from 'fastify';
import type {
  DeliveryMoved,
  ReactionsRepository,
  ReceiptsRepository,
  RoomsRepository,
} from '../plugins/app/index.js';
import type { ChatFanout } from './chatFanout.js';
import type { MessageRequests } from './messageRequests.js';

/** A member's deliveries of one room waiting to be recorded, and whose messages they were. */
interface PendingDelivery {
  room: string;
  userId: number;
  upTo: number;
  senders: Set<number>;
}

export interface ReadReceiptsDeps {
  receipts: ReceiptsRepository;
  reactions: ReactionsRepository;
  /** Who is in a group room (a `GroupAccessCache`: the live path asks once per delivery turn). */
  rooms: Pick<RoomsRepository, 'access'>;
  fanout: ChatFanout;
  log: FastifyBaseLogger;
  /** Message requests (issue 25): a receiver's reads stay theirs until they accept. */
  requests?: Pick<MessageRequests, 'hidesReads'>;
}

/**
 * Live deliveries are recorded at most this often: under load, one statement a tenth of a second
 * holds one row per member and room for everything delivered meanwhile, instead of a row per
 * member for every message (docs/performance.md, "Fan-out, round seven"). A delivery after a
 * quiet moment is recorded in the next turn, as before.
 */
export const DELIVERIES_GAP_MS = 100;

/**
 * Read and delivered receipts (issue 25, docs/socket-protocol.md "Reactions and read receipts").
 *
 * Delivered is recorded by the server, not acknowledged by clients: a chat_message handed to at
 * least one socket of a member (the hub reports it, on whichever instance holds the socket), or
 * a history that member loaded, moves their `delivered_up_to`. The row in the database decides
 * whether it moved. A live delivery is told to the senders of the messages it covers; a history
 * load or a read to the room's other members. Receipts travel through the same fan-out as
 * messages.
 *
 * Read moves with the reader's `read` frames. The reader's own sockets always hear of it (their
 * other devices clear the chat's unread count); the room's other members only when both the
 * reader and they share read receipts — off, one neither sends nor sees them.
 */
export class ReadReceipts {
  private pending = new Map<string, PendingDelivery>();
  private flushing: Promise<void> = Promise.resolve();
  private scheduled = false;
  /** When the last batch of live deliveries was taken to be recorded (performance.now()). */
  private lastTakenAt = Number.NEGATIVE_INFINITY;
  /** Settles when the scheduled batch has been taken (its statement then joins `flushing`). */
  private takenSoon: Promise<void> = Promise.resolve();

  constructor(private readonly deps: ReadReceiptsDeps) {}

  /**
   * The hub handed message `messageId` of `room`, written by `senderId`, to a socket of `userId`
   * (not its sender).
   */
  delivered(room: string, userId: number, messageId: number, senderId: number): void {
    const key = `${userId}\u0000${room}`;
    const entry = this.pending.get(key);
    if (entry) {
      entry.upTo = Math.max(entry.upTo, messageId);
      entry.senders.add(senderId);
    } else {
      this.pending.set(key, { room, userId, upTo: messageId, senders: new Set([senderId]) });
    }
    if (this.scheduled) return;
    this.scheduled = true;
    // Messages fanned out in the same turn are recorded together, after the socket writes; what
    // is delivered while a statement is under way, or within the gap after the last one began,
    // waits and goes out in the next (one row per member and room, however many messages it
    // covers), so a busy database gets fewer, larger statements instead of a queue of small ones.
    const wait = this.lastTakenAt + DELIVERIES_GAP_MS - performance.now();
    const take = () => {
      this.flushing = this.flushing
        .then(() => {
          this.scheduled = false;
          this.lastTakenAt = performance.now();
          const batch = [...this.pending.values()];
          this.pending.clear();
          return this.recordDeliveries(batch);
        })
        // The chain never stays rejected: the next turn's deliveries are still recorded.
        .catch((error: unknown) => {
          this.deps.log.warn({ err: error }, 'delivery receipts not recorded');
        });
    };
    this.takenSoon = new Promise((taken) => {
      const run = () => {
        take();
        taken();
      };
      if (wait > 0) setTimeout(run, wait);
      else setImmediate(run);
    });
  }

  /** Resolves when every delivery reported so far is recorded (tests and shutdown). */
  async idle(): Promise<void> {
    // A batch stays scheduled while the statement before it runs: wait for that statement, not
    // turn by turn.
    while (this.scheduled || this.pending.size > 0) {
      await this.takenSoon;
      await this.flushing;
      await new Promise((r) => setImmediate(r));
    }
    await this.flushing;
  }

  /**
   * One statement for the turn's deliveries, then the senders they cover told: each sender of a
   * room gets the receipts of that room's members in one `delivered_receipts` frame (a message in
   * a group of n reaches n − 1 members in the same turn), which the hub hands as single
   * `delivered_receipt` frames to a socket that did not ask for grouped ones.
   */
  private async recordDeliveries(batch: PendingDelivery[]) {
    let moved: DeliveryMoved[];
    try {
      moved = await this.deps.receipts.markDeliveredMany(batch);
    } catch (error) {
      this.deps.log.warn({ err: error }, 'delivery receipts not recorded');
      return;
    }
    const rows = new Map(moved.map((row) => [`${row.userId}\u0000${row.room}`, row]));
    const told = new Map<string, { senderId: number; frame: DeliveredReceiptsFrame }>();
    for (const entry of batch) {
      try {
        const senders = await this.sendersToTell(entry);
        if (senders.length === 0) continue;
        // The row did not move when another instance (a second device) or a read recorded it
        // first; the senders of what this instance delivered are still told, up to what it
        // delivered.
        const row = rows.get(`${entry.userId}\u0000${entry.room}`);
        const receipt = {
          user_id: entry.userId,
          message_id: row?.deliveredUpTo ?? entry.upTo,
          delivered_at: (row?.deliveredAt ?? new Date()).toISOString(),
        };
        for (const senderId of senders) {
          const key = `${senderId}\u0000${entry.room}`;
          let group = told.get(key);
          if (!group) {
            const frame: DeliveredReceiptsFrame = {
              type: 'delivered_receipts',
              room_name: entry.room,
              receipts: [],
            };
            group = { senderId, frame };
            told.set(key, group);
          }
          group.frame.receipts.push(receipt);
        }
      } catch (error) {
        this.deps.log.warn({ err: error, room: entry.room }, 'delivery receipt not told');
      }
    }
    for (const { senderId, frame } of told.values()) {
      for (let at = 0; at < frame.receipts.length; at += DELIVERED_RECEIPTS_PER_FRAME) {
        this.deps.fanout.publish({
          recipients: [senderId],
          room: frame.room_name,
          frame: {
            ...frame,
            receipts: frame.receipts.slice(at, at + DELIVERED_RECEIPTS_PER_FRAME),
          },
        });
      }
    }
  }

  /**
   * A live delivery is news only to the senders of the messages it covers (their ticks): telling
   * the whole room would send every member's receipt to every member, a frame per pair per
   * message. Only senders still in the room are told.
   */
  private async sendersToTell(entry: PendingDelivery): Promise<number[]> {
    const senders = [...entry.senders].filter((id) => id !== entry.userId);
    if (senders.length === 0) return [];
    const members = await this.membersOf(entry.userId, entry.room);
    return senders.filter((id) => members.includes(id));
  }

  /** A private room's two people are its name; a group's are asked (a cached list, usually). */
  private async membersOf(userId: number, room: string): Promise<number[]> {
    const parsed = parseRoomName(room);
    if (parsed?.kind === 'private') return [...parsed.userIds];
    return (await this.deps.rooms.access(userId, room))?.memberIds ?? [];
  }

  /** Tells these members (but the receipt's own) how far `row`'s member has received the room. */
  private tellDelivered(row: DeliveryMoved, memberIds: number[]): void {
    const others = memberIds.filter((id) => id !== row.userId);
    if (others.length === 0) return;
    this.deps.fanout.publish({
      recipients: others,
      room: row.room,
      frame: {
        type: 'delivered_receipt',
        room_name: row.room,
        user_id: row.userId,
        message_id: row.deliveredUpTo,
        delivered_at: (row.deliveredAt ?? new Date()).toISOString(),
      },
    });
  }

  /** `read`: the reader saw `room` up to `messageId`; answered to whom may know (see above). */
  async read(room: string, memberIds: number[], readerId: number, messageId: number) {
    const delivered = await this.deps.receipts.markDelivered(room, readerId, messageId);
    if (delivered) this.tellDelivered(delivered, memberIds);
    const row = await this.deps.receipts.markRead(room, readerId, messageId);
    if (!row) return;
    const others = memberIds.filter((id) => id !== readerId);
    const sharing = await this.deps.receipts.sharingReads([readerId, ...others]);
    const sharers = sharing.has(readerId) ? others.filter((id) => sharing.has(id)) : [];
    const told: number[] = [];
    for (const id of sharers) {
      if (!(await this.hidesReads(room, readerId, id))) told.push(id);
    }
    this.deps.fanout.publish({
      recipients: [readerId, ...told],
      room,
      frame: {
        type: 'read_receipt',
        room_name: room,
        user_id: readerId,
        message_id: row.readUpTo,
        read_at: (row.readAt ?? new Date()).toISOString(),
      },
    });
  }

  /**
   * Tells the room's other members how far `readerId` has read it, as `read` would have: after a
   * message request is accepted, its requester learns what was hidden until then.
   */
  async retellRead(room: string, readerId: number, memberIds: number[]): Promise<void> {
    const row = (await this.deps.receipts.ofRoom(room)).find((r) => r.userId === readerId);
    if (!row || row.readUpTo === 0) return;
    const others = memberIds.filter((id) => id !== readerId);
    const sharing = await this.deps.receipts.sharingReads([readerId, ...others]);
    if (!sharing.has(readerId)) return;
    const told: number[] = [];
    for (const id of others) {
      if (sharing.has(id) && !(await this.hidesReads(room, readerId, id))) told.push(id);
    }
    if (told.length === 0) return;
    this.deps.fanout.publish({
      recipients: told,
      room,
      frame: {
        type: 'read_receipt',
        room_name: room,
        user_id: readerId,
        message_id: row.readUpTo,
        read_at: (row.readAt ?? new Date()).toISOString(),
      },
    });
  }

  /**
   * What a history the reader loads carries (chat_history and history pages): each message's
   * reactions, and how far every member received and read the room — others' reads only when
   * both sides share them. Loading the newest page delivers it to the reader.
   */
  async forHistory(
    room: string,
    memberIds: number[],
    readerId: number,
    page: ChatMessage[],
    newest: boolean,
  ): Promise<{ messages: ChatMessage[]; receipts: RoomReceipt[] }> {
    const reactions = await this.deps.reactions.ofMessages(page.map((message) => message.id));
    const messages = page.map((message) => {
      const list = reactions.get(message.id);
      return list ? { ...message, reactions: list } : message;
    });
    const last = page.at(-1);
    if (newest && last) {
      const row = await this.deps.receipts.markDelivered(room, readerId, last.id);
      if (row) this.tellDelivered(row, memberIds);
    }
    const rows = await this.deps.receipts.ofRoom(room);
    const sharing = await this.deps.receipts.sharingReads(rows.map((receipt) => receipt.userId));
    const readerShares = sharing.has(readerId);
    const hidden = new Set<number>();
    for (const receipt of rows) {
      if (await this.hidesReads(room, receipt.userId, readerId)) hidden.add(receipt.userId);
    }
    const receipts = rows
      .filter((receipt) => memberIds.includes(receipt.userId))
      .map((receipt): RoomReceipt => {
        const shown =
          receipt.userId === readerId ||
          (readerShares && sharing.has(receipt.userId) && !hidden.has(receipt.userId));
        return {
          user_id: receipt.userId,
          delivered_up_to: receipt.deliveredUpTo,
          read_up_to: shown ? receipt.readUpTo : 0,
          read_at: shown ? (receipt.readAt?.toISOString() ?? null) : null,
        };
      });
    return { messages, receipts };
  }

  private hidesReads(room: string, readerId: number, viewerId: number): Promise<boolean> {
    return this.deps.requests?.hidesReads(room, readerId, viewerId) ?? Promise.resolve(false);
  }
}
