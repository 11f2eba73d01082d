import { and, eq, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/database.js';
import { connections, type MessageRequestRow, messageRequests, messages } from '../../db/schema.js';

/** What the receiver decided about a request. */
export type MessageRequestDecision = 'accepted' | 'deleted';

/**
 * Message requests (issue 25, docs/protocol.md "Message requests"); `app.messageRequestsRepository`.
 * A row exists only for private rooms that began as a request.
 */
export interface MessageRequestsRepository {
  ofRoom(room: string): Promise<MessageRequestRow | null>;
  /** Whether the room has any message at all (an older conversation is never a request). */
  roomHasMessages(room: string): Promise<boolean>;
  /** Whether the two have an accepted connection, either way. */
  connected(a: number, b: number): Promise<boolean>;
  /** Records a pending request unless the room has a row already; answers the room's row. */
  open(room: string, requesterId: number, receiverId: number): Promise<MessageRequestRow>;
  /**
   * Takes one of the requester's `allowance` slots in one conditional UPDATE (atomic on PGlite and
   * across PostgreSQL instances); false when none is left or the room is no undecided request of theirs.
   */
  takeSlot(room: string, requesterId: number, allowance: number): Promise<boolean>;
  /** Whether `senderId` already stored a message with this client_id (a retry takes no slot). */
  storedAlready(senderId: number, clientId: string): Promise<boolean>;
  /** The receiver's decision on a pending request; null when there is none for them to decide. */
  decide(
    room: string,
    receiverId: number,
    decision: MessageRequestDecision,
  ): Promise<MessageRequestRow | null>;
  /** The request became a conversation another way (a connection was accepted, a reply). */
  markAccepted(room: string): Promise<void>;
  /** The requests (pending or deleted) `userId` sent or received. */
  undecidedOf(userId: number): Promise<MessageRequestRow[]>;
}

export function createMessageRequestsRepository(db: Database): MessageRequestsRepository {
  return {
    async ofRoom(room) {
      const [row] = await db.select().from(messageRequests).where(eq(messageRequests.room, room));
      return row ?? null;
    },

    async roomHasMessages(room) {
      const [row] = await db
        .select({ id: messages.id })
        .from(messages)
        .where(eq(messages.room, room))
        .limit(1);
      return row !== undefined;
    },

    async connected(a, b) {
      const [row] = await db
        .select({ id: connections.id })
        .from(connections)
        .where(
          and(
            eq(connections.status, 'accepted'),
            or(
              and(eq(connections.fromUserId, a), eq(connections.toUserId, b)),
              and(eq(connections.fromUserId, b), eq(connections.toUserId, a)),
            ),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    async open(room, requesterId, receiverId) {
      await db
        .insert(messageRequests)
        .values({ room, requesterId, receiverId })
        .onConflictDoNothing({ target: messageRequests.room });
      const [row] = await db.select().from(messageRequests).where(eq(messageRequests.room, room));
      if (!row) throw new Error(`message request of ${room} not recorded`);
      return row;
    },

    async takeSlot(room, requesterId, allowance) {
      const taken = await db
        .update(messageRequests)
        .set({ sentCount: sql`${messageRequests.sentCount} + 1` })
        .where(
          and(
            eq(messageRequests.room, room),
            eq(messageRequests.requesterId, requesterId),
            ne(messageRequests.state, 'accepted'),
            lt(messageRequests.sentCount, allowance),
          ),
        )
        .returning({ room: messageRequests.room });
      return taken.length > 0;
    },

    async storedAlready(senderId, clientId) {
      const [row] = await db
        .select({ id: messages.id })
        .from(messages)
        .where(and(eq(messages.senderId, senderId), eq(messages.clientId, clientId)))
        .limit(1);
      return row !== undefined;
    },

    async decide(room, receiverId, decision) {
      const [row] = await db
        .update(messageRequests)
        .set({ state: decision, decidedAt: new Date() })
        .where(
          and(
            eq(messageRequests.room, room),
            eq(messageRequests.receiverId, receiverId),
            eq(messageRequests.state, 'pending'),
          ),
        )
        .returning();
      return row ?? null;
    },

    async markAccepted(room) {
      await db
        .update(messageRequests)
        .set({ state: 'accepted', decidedAt: new Date() })
        .where(and(eq(messageRequests.room, room), ne(messageRequests.state, 'accepted')));
    },

    undecidedOf(userId) {
      return db
        .select()
        .from(messageRequests)
        .where(
          and(
            inArray(messageRequests.state, ['pending', 'deleted']),
            or(eq(messageRequests.requesterId, userId), eq(messageRequests.receiverId, userId)),
          ),
        );
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    messageRequestsRepository: MessageRequestsRepository;
  }
}

/** Attaches `app.messageRequestsRepository`. */
export const messageRequestsRepositoryPlugin = fp(
  async (app: FastifyInstance, options: { db: Database }) => {
    app.decorate('messageRequestsRepository', createMessageRequestsRepository(options.db));
  },
  { name: 'message-requests-repository' },
);
