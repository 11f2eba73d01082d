import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { anyOf } from '../../db/anyOf.js';
import type { Database } from '../../db/database.js';
import { type RoomReceiptRow, roomReceipts, users } from '../../db/schema.js';

/**
 * How far members have received and read rooms (issue 25); `app.receiptsRepository`. Marks only
 * ever move forward: each answers the row when it moved it, null when it was already there.
 */
export interface ReceiptsRepository {
  markDelivered(room: string, userId: number, upTo: number): Promise<DeliveryMoved | null>;
  /**
   * Several marks in one statement (each `(room, userId)` at most once): the rows they moved.
   * The live fan-out records a turn's deliveries this way.
   */
  markDeliveredMany(marks: readonly DeliveryMark[]): Promise<DeliveryMoved[]>;
  /** A read is a delivery too. */
  markRead(room: string, userId: number, upTo: number): Promise<RoomReceiptRow | null>;
  ofRoom(room: string): Promise<RoomReceiptRow[]>;
  /** Those of these people who send and see read receipts (the setting is on). */
  sharingReads(ids: readonly number[]): Promise<Set<number>>;
}

/**
 * What a delivery mark moved: the columns its callers read. At 20,000 deliveries a second the
 * live upsert answers ~5,000 rows a second, and every column answered is parsed by the database's
 * client, copied between threads and mapped (docs/performance.md, "Fan-out, round eight").
 */
export type DeliveryMoved = Pick<
  RoomReceiptRow,
  'room' | 'userId' | 'deliveredUpTo' | 'deliveredAt'
>;

/** How far one member has received one room. */
export interface DeliveryMark {
  room: string;
  userId: number;
  upTo: number;
}

export function createReceiptsRepository(db: Database): ReceiptsRepository {
  const markDeliveredMany = async (marks: readonly DeliveryMark[]) => {
    if (marks.length === 0) return [];
    // One array per column (unnest): the statement is built and parsed in the same time for one
    // mark or a thousand, where a multi-row VALUES costs a parameter each (docs/performance.md).
    const rooms = sql.param(marks.map((mark) => mark.room));
    const userIds = sql.param(marks.map((mark) => mark.userId));
    const upTos = sql.param(marks.map((mark) => mark.upTo));
    const now = new Date().toISOString();
    return db
      .insert(roomReceipts)
      .select(
        sql`select m.room, m.user_id, m.up_to, ${now}::timestamptz, 0, null::timestamptz
            from unnest(${rooms}::text[], ${userIds}::int[], ${upTos}::int[]) as m(room, user_id, up_to)`,
      )
      .onConflictDoUpdate({
        target: [roomReceipts.room, roomReceipts.userId],
        set: {
          deliveredUpTo: sql`excluded.delivered_up_to`,
          deliveredAt: sql`excluded.delivered_at`,
        },
        setWhere: sql`${roomReceipts.deliveredUpTo} < excluded.delivered_up_to`,
      })
      .returning({
        room: roomReceipts.room,
        userId: roomReceipts.userId,
        deliveredUpTo: roomReceipts.deliveredUpTo,
        deliveredAt: roomReceipts.deliveredAt,
      });
  };
  return {
    markDeliveredMany,
    async markDelivered(room, userId, upTo) {
      const [row] = await markDeliveredMany([{ room, userId, upTo }]);
      return row ?? null;
    },

    async markRead(room, userId, upTo) {
      const now = new Date();
      const [row] = await db
        .insert(roomReceipts)
        .values({
          room,
          userId,
          deliveredUpTo: upTo,
          deliveredAt: now,
          readUpTo: upTo,
          readAt: now,
        })
        .onConflictDoUpdate({
          target: [roomReceipts.room, roomReceipts.userId],
          set: {
            readUpTo: sql`excluded.read_up_to`,
            readAt: sql`excluded.read_at`,
            deliveredUpTo: sql`greatest(${roomReceipts.deliveredUpTo}, excluded.delivered_up_to)`,
          },
          setWhere: sql`${roomReceipts.readUpTo} < excluded.read_up_to`,
        })
        .returning();
      return row ?? null;
    },

    ofRoom(room) {
      return db.select().from(roomReceipts).where(eq(roomReceipts.room, room));
    },

    async sharingReads(ids) {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(anyOf(users.id, [...ids]), eq(users.readReceipts, true)));
      return new Set(rows.map((row) => row.id));
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    receiptsRepository: ReceiptsRepository;
  }
}

/** Attaches `app.receiptsRepository`. */
export const receiptsRepositoryPlugin = fp(
  async (app: FastifyInstance, options: { db: Database }) => {
    app.decorate('receiptsRepository', createReceiptsRepository(options.db));
  },
  { name: 'receipts-repository' },
);
