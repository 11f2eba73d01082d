import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/database.js';

/** A typing (or recording) indicator someone started, as stored to be stopped by any instance. */
export interface StoredTyping {
  room: string;
  userId: number;
  kind: 'typing' | 'recording';
  username: string;
  recipients: number[];
}

/**
 * Issue 28: facts about open sockets that every instance sharing the database must see (tables
 * server_instances, open_sockets, typing_states). Instances are alive while their heartbeat is
 * recent; the database's clock decides, so instances' clocks need not agree.
 */
export interface PresenceRepository {
  /**
   * Records that the instance is alive now; true when its row was new (first beat, or another
   * instance swept it as dead meanwhile: then its open sockets must be written again).
   */
  heartbeat(instanceId: string): Promise<boolean>;
  /** The person has a socket open on the instance (idempotent). */
  socketOpened(instanceId: string, userId: number): Promise<void>;
  /** The person's last socket on the instance closed. */
  socketsClosed(instanceId: string, userId: number): Promise<void>;
  /** Those of `userIds` with a socket open on a live instance other than `exceptInstanceId`. */
  onlineElsewhere(userIds: number[], exceptInstanceId: string, aliveMs: number): Promise<number[]>;
  /** Starts (or refreshes) an indicator through the instance. */
  typingStarted(instanceId: string, typing: StoredTyping): Promise<void>;
  /** Stops an indicator; whether it was on. */
  typingStopped(room: string, userId: number, kind: StoredTyping['kind']): Promise<boolean>;
  /** Deletes and returns the person's indicators started through the instance. */
  takeTypingOf(instanceId: string, userId: number): Promise<StoredTyping[]>;
  /**
   * Deletes instances not seen for `aliveMs` (their open sockets go with them) and returns the
   * indicators that were started through them, deleted too, for their stops to be told.
   */
  sweepDead(aliveMs: number): Promise<StoredTyping[]>;
  /** This instance is stopping: its rows go now rather than after the heartbeat lapses. */
  forget(instanceId: string): Promise<StoredTyping[]>;
}

type TypingRow = {
  room: string;
  user_id: number;
  kind: string;
  username: string;
  recipients: number[] | string;
};

function typingOf(rows: TypingRow[]): StoredTyping[] {
  return rows.map((row) => ({
    room: row.room,
    userId: Number(row.user_id),
    kind: row.kind === 'recording' ? 'recording' : 'typing',
    username: row.username,
    recipients:
      typeof row.recipients === 'string'
        ? (JSON.parse(row.recipients) as number[])
        : row.recipients,
  }));
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export function createPresenceRepository(db: Database): PresenceRepository {
  const alive = (ms: number) =>
    sql`now() - ${Math.max(1, Math.round(ms))}::float8 * interval '1 millisecond'`;
  return {
    async heartbeat(instanceId) {
      const result = await db.execute(sql`
        insert into server_instances (id, seen_at) values (${instanceId}, now())
        on conflict (id) do update set seen_at = now()
        returning (xmax = 0) as inserted`);
      return rowsOf<{ inserted: boolean }>(result)[0]?.inserted === true;
    },
    async socketOpened(instanceId, userId) {
      await db.execute(sql`
        insert into open_sockets (instance_id, user_id) values (${instanceId}, ${userId})
        on conflict do nothing`);
    },
    async socketsClosed(instanceId, userId) {
      await db.execute(sql`
        delete from open_sockets where instance_id = ${instanceId} and user_id = ${userId}`);
    },
    async onlineElsewhere(userIds, exceptInstanceId, aliveMs) {
      if (userIds.length === 0) return [];
      const result = await db.execute(sql`
        select distinct s.user_id from open_sockets s
        join server_instances i on i.id = s.instance_id
        where s.user_id in (${sql.join(
          userIds.map((id) => sql`${id}`),
          sql`, `,
        )})
          and s.instance_id <> ${exceptInstanceId} and i.seen_at > ${alive(aliveMs)}`);
      return rowsOf<{ user_id: number }>(result).map((row) => Number(row.user_id));
    },
    async typingStarted(instanceId, typing) {
      await db.execute(sql`
        insert into typing_states (room, user_id, kind, instance_id, username, recipients)
        values (${typing.room}, ${typing.userId}, ${typing.kind}, ${instanceId},
                ${typing.username}, ${JSON.stringify(typing.recipients)}::jsonb)
        on conflict (room, user_id, kind) do update set
          instance_id = excluded.instance_id, username = excluded.username,
          recipients = excluded.recipients, started_at = now()`);
    },
    async typingStopped(room, userId, kind) {
      const result = await db.execute(sql`
        delete from typing_states where room = ${room} and user_id = ${userId} and kind = ${kind}
        returning room`);
      return rowsOf(result).length > 0;
    },
    async takeTypingOf(instanceId, userId) {
      const result = await db.execute(sql`
        delete from typing_states where instance_id = ${instanceId} and user_id = ${userId}
        returning room, user_id, kind, username, recipients`);
      return typingOf(rowsOf<TypingRow>(result));
    },
    async sweepDead(aliveMs) {
      // One statement: two instances sweeping at once each get the rows they deleted, never both.
      const result = await db.execute(sql`
        with dead as (
          delete from server_instances where seen_at <= ${alive(aliveMs)} returning id
        )
        delete from typing_states t
        where t.instance_id in (select id from dead)
           or t.instance_id not in (select id from server_instances)
        returning room, user_id, kind, username, recipients`);
      return typingOf(rowsOf<TypingRow>(result));
    },
    async forget(instanceId) {
      const result = await db.execute(sql`
        with gone as (delete from server_instances where id = ${instanceId} returning id)
        delete from typing_states where instance_id = ${instanceId}
        returning room, user_id, kind, username, recipients`);
      return typingOf(rowsOf<TypingRow>(result));
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    presenceRepository: PresenceRepository;
  }
}

/** Attaches `app.presenceRepository`. */
export const presenceRepositoryPlugin = fp(
  async (app: FastifyInstance, options: { db: Database }) => {
    app.decorate('presenceRepository', createPresenceRepository(options.db));
  },
  { name: 'presence-repository' },
);
