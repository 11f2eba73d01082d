import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/database.js';

/** A call in progress as stored (table active_calls). */
export interface StoredCall {
  callType: string;
  callerId: number;
  /** Ms since the epoch by the database's clock; null until answered. */
  connectedAt: number | null;
  /** When the call ended or was answered (the database's clock), for durations. */
  at: number;
}

/**
 * Issue 28: calls in progress keyed by their private room, so the offer, answer and hangup of
 * one call make one record whichever instances they pass through. Each step is one statement:
 * two instances seeing an answer (or a hangup) at once cannot both win it.
 */
export interface CallsRepository {
  /** Records a new call unless one is in progress in the room (then false). */
  offered(room: string, callType: string, callerId: number, staleMs: number): Promise<boolean>;
  /** Marks the room's call connected; the call when this answer was the one that did. */
  answered(room: string): Promise<StoredCall | null>;
  /** Ends the room's call; the call as it was, when there was one. */
  hungUp(room: string): Promise<StoredCall | null>;
  /** Whether the room has a connected call. */
  connected(room: string): Promise<boolean>;
  /** Notes a signal of the room's call (calls nobody hung up are forgotten after a while). */
  touched(room: string): Promise<void>;
}

type CallRow = {
  call_type: string;
  caller_id: number;
  connected_at: Date | string | null;
  at: Date | string;
};

function callOf(result: unknown): StoredCall | null {
  const row = (result as { rows: CallRow[] }).rows[0];
  if (!row) return null;
  return {
    callType: row.call_type,
    callerId: Number(row.caller_id),
    connectedAt: row.connected_at === null ? null : new Date(row.connected_at).getTime(),
    at: new Date(row.at).getTime(),
  };
}

export function createCallsRepository(db: Database): CallsRepository {
  return {
    async offered(room, callType, callerId, staleMs) {
      // A call nobody hung up (both browsers vanished) is replaced once it has been quiet long.
      const result = await db.execute(sql`
        insert into active_calls (room, call_type, caller_id, last_signal_at)
        values (${room}, ${callType}, ${callerId}, now())
        on conflict (room) do update set
          call_type = excluded.call_type, caller_id = excluded.caller_id,
          connected_at = null, last_signal_at = now()
        where active_calls.last_signal_at < now() - ${staleMs}::float8 * interval '1 millisecond'
        returning room`);
      return (result as { rows: unknown[] }).rows.length > 0;
    },
    async answered(room) {
      return callOf(
        await db.execute(sql`
          update active_calls set connected_at = now(), last_signal_at = now()
          where room = ${room} and connected_at is null
          returning call_type, caller_id, connected_at, now() as at`),
      );
    },
    async hungUp(room) {
      return callOf(
        await db.execute(sql`
          delete from active_calls where room = ${room}
          returning call_type, caller_id, connected_at, now() as at`),
      );
    },
    async connected(room) {
      const result = await db.execute(sql`
        select 1 from active_calls where room = ${room} and connected_at is not null`);
      return (result as { rows: unknown[] }).rows.length > 0;
    },
    async touched(room) {
      await db.execute(sql`update active_calls set last_signal_at = now() where room = ${room}`);
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    callsRepository: CallsRepository;
  }
}

/** Attaches `app.callsRepository`. */
export const callsRepositoryPlugin = fp(
  async (app: FastifyInstance, options: { db: Database }) => {
    app.decorate('callsRepository', createCallsRepository(options.db));
  },
  { name: 'calls-repository' },
);
