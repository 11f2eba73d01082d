import { eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/database.js';
import { fanoutSpill } from '../../db/schema.js';

/**
 * The sending side of the cross-instance fan-out (chat/postgresFanout.ts): NOTIFY on the shared
 * pool, and the `fanout_spill` table for events too large for a NOTIFY payload. Listening needs
 * a connection of its own, which stays in the fan-out.
 */
export interface FanoutRepository {
  notify(channel: string, payload: string): Promise<void>;
  /** Stores an event's JSON; the id to send in its place. */
  spill(payload: string): Promise<number>;
  /** A spilled event's JSON, or null once swept. */
  spilled(id: number): Promise<string | null>;
  deleteSpilledBefore(before: Date): Promise<void>;
}

export function createFanoutRepository(db: Database): FanoutRepository {
  return {
    async notify(channel, payload) {
      await db.execute(sql`select pg_notify(${channel}, ${payload})`);
    },
    async spill(payload) {
      const [row] = await db
        .insert(fanoutSpill)
        .values({ payload })
        .returning({ id: fanoutSpill.id });
      if (!row) throw new Error('fan-out spill insert returned nothing');
      return row.id;
    },
    async spilled(id) {
      const [row] = await db
        .select({ payload: fanoutSpill.payload })
        .from(fanoutSpill)
        .where(eq(fanoutSpill.id, id))
        .limit(1);
      return row?.payload ?? null;
    },
    async deleteSpilledBefore(before) {
      await db.delete(fanoutSpill).where(lt(fanoutSpill.createdAt, before));
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    fanoutRepository: FanoutRepository;
  }
}

/** Attaches `app.fanoutRepository`. */
export const fanoutRepositoryPlugin = fp(
  async (app: FastifyInstance, options: { db: Database }) => {
    app.decorate('fanoutRepository', createFanoutRepository(options.db));
  },
  { name: 'fanout-repository' },
);
