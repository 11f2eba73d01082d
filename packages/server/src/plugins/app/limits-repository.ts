import { lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/database.js';
import { rateLimits } from '../../db/schema.js';

/** A counter's state in its current window. */
export interface LimitWindowState {
  count: number;
  /** When the window ends (ms since the epoch, by the database's clock). */
  resetAt: number;
}

/**
 * Rate-limit counters in the database (table rate_limits), so every instance sharing PostgreSQL
 * counts the same hits. The database's clock decides windows, so instances' clocks need not agree.
 */
export interface LimitsRepository {
  /** Adds `amount` to the counter of (kind, subject), starting a new window if the last one ended. */
  add(kind: string, subject: string, windowMs: number, amount: number): Promise<LimitWindowState>;
  /**
   * `add` for several counters in one statement. Each (kind, subject) at most once; the answer
   * is keyed by `limitKey(kind, subject)`.
   */
  addMany(adds: readonly LimitAdd[]): Promise<Map<string, LimitWindowState>>;
  /** The counter without adding to it (count 0 when its window has ended or it never started). */
  read(kind: string, subject: string): Promise<LimitWindowState>;
  /**
   * Bytes a person keeps stored: their chat files, thumbnails and voice notes (not the speech the
   * server made for readers) and their posts' images and videos; and their profile image's URL.
   */
  storedBytes(userId: number): Promise<{ bytes: number; profileImage: string | null }>;
  /** Deletes counters whose window ended before `before`; how many. */
  deleteEnded(before: Date): Promise<number>;
}

/** A counter's key in `addMany`'s answer: its kind and subject. */
export function limitKey(kind: string, subject: string): string {
  return `${kind}\u0000${subject}`;
}

/** One counter's addition, for `addMany`. */
export interface LimitAdd {
  kind: string;
  subject: string;
  windowMs: number;
  amount: number;
}

type Rows = { rows: { count: number; reset_at: Date | string }[] };

export function createLimitsRepository(db: Database): LimitsRepository {
  const stateOf = (row: { count: number; reset_at: Date | string } | undefined) =>
    row
      ? { count: Number(row.count), resetAt: new Date(row.reset_at).getTime() }
      : { count: 0, resetAt: 0 };
  return {
    async add(kind, subject, windowMs, amount) {
      const window = Math.max(1, Math.round(windowMs));
      // One statement: concurrent hits from several instances serialise on the row.
      const result = await db.execute(sql`
        insert into rate_limits (kind, subject, count, reset_at)
        values (${kind}, ${subject}, ${amount}, now() + ${window}::float8 * interval '1 millisecond')
        on conflict (kind, subject) do update set
          count = case when rate_limits.reset_at <= now() then excluded.count
                       else rate_limits.count + excluded.count end,
          reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at
                          else rate_limits.reset_at end
        returning count, reset_at`);
      return stateOf((result as unknown as Rows).rows[0]);
    },
    async addMany(adds) {
      const states = new Map<string, LimitWindowState>();
      if (adds.length === 0) return states;
      const column = <T>(pick: (add: LimitAdd) => T) => sql.param(adds.map(pick));
      // The same statement as `add`, one row per counter (unnest: one parameter per column).
      const result = await db.execute(sql`
        insert into rate_limits (kind, subject, count, reset_at)
        select a.kind, a.subject, a.amount, now() + a.window_ms * interval '1 millisecond'
        from unnest(${column((add) => add.kind)}::text[], ${column((add) => add.subject)}::text[],
          ${column((add) => add.amount)}::int[],
          ${column((add) => Math.max(1, Math.round(add.windowMs)))}::float8[])
          as a(kind, subject, amount, window_ms)
        on conflict (kind, subject) do update set
          count = case when rate_limits.reset_at <= now() then excluded.count
                       else rate_limits.count + excluded.count end,
          reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at
                          else rate_limits.reset_at end
        returning kind, subject, count, reset_at`);
      const rows = (result as unknown as { rows: (Rows['rows'][number] & LimitAdd)[] }).rows;
      for (const row of rows) states.set(limitKey(row.kind, row.subject), stateOf(row));
      return states;
    },
    async read(kind, subject) {
      const result = await db.execute(sql`
        select count, reset_at from rate_limits
        where kind = ${kind} and subject = ${subject} and reset_at > now()`);
      return stateOf((result as unknown as Rows).rows[0]);
    },
    async storedBytes(userId) {
      const result = await db.execute(sql`
        select
          (select coalesce(sum(size), 0) from media_uploads
            where owner_id = ${userId} and kind <> 'synth') as uploads,
          (select coalesce(sum(media_size), 0) from posts where author_id = ${userId}) as posts,
          (select profile_image from users where id = ${userId}) as profile_image`);
      const row = (
        result as unknown as {
          rows: {
            uploads: string | number;
            posts: string | number;
            profile_image: string | null;
          }[];
        }
      ).rows[0];
      return {
        bytes: Number(row?.uploads ?? 0) + Number(row?.posts ?? 0),
        profileImage: row?.profile_image ?? null,
      };
    },
    async deleteEnded(before) {
      const deleted = await db
        .delete(rateLimits)
        .where(lt(rateLimits.resetAt, before))
        .returning({ kind: rateLimits.kind });
      return deleted.length;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    limitsRepository: LimitsRepository;
  }
}

/** Attaches `app.limitsRepository`. */
export const limitsRepositoryPlugin = fp(
  async (app: FastifyInstance, options: { db: Database }) => {
    app.decorate('limitsRepository', createLimitsRepository(options.db));
  },
  { name: 'limits-repository' },
);
