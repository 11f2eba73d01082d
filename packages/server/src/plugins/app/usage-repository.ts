import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/database.js';
import { usageCounters } from '../../db/schema.js';

/** One daily counter: a user's units of one kind on one of their days. */
export interface UsageCounterKey {
  userId: number;
  /** The user's own day, `YYYY-MM-DD` (usage/userDay.ts). */
  day: string;
  kind: string;
}

/** Daily usage counters (`usage_counters`); the plan rules live in usage/. */
export interface UsageRepository {
  /**
   * Adds one unit unless `limit` were already counted: one atomic upsert, so parallel sends (even
   * on several instances) never go past it. The count after adding, or null when refused.
   */
  increment(key: UsageCounterKey, limit: number): Promise<number | null>;
  /** Takes one unit back (never below zero). */
  decrement(key: UsageCounterKey): Promise<void>;
  /** The units counted (0 when none). */
  count(key: UsageCounterKey): Promise<number>;
}

export function createUsageRepository(db: Database): UsageRepository {
  const matching = (key: UsageCounterKey) =>
    and(
      eq(usageCounters.userId, key.userId),
      eq(usageCounters.day, key.day),
      eq(usageCounters.kind, key.kind),
    );

  return {
    async increment(key, limit) {
      const rows = await db
        .insert(usageCounters)
        .values({ ...key, count: 1 })
        .onConflictDoUpdate({
          target: [usageCounters.userId, usageCounters.day, usageCounters.kind],
          set: { count: sql`${usageCounters.count} + 1` },
          setWhere: sql`${usageCounters.count} < ${limit}`,
        })
        .returning({ count: usageCounters.count });
      return rows[0]?.count ?? null;
    },
    async decrement(key) {
      await db
        .update(usageCounters)
        .set({ count: sql`${usageCounters.count} - 1` })
        .where(and(matching(key), gt(usageCounters.count, 0)));
    },
    async count(key) {
      const [row] = await db
        .select({ count: usageCounters.count })
        .from(usageCounters)
        .where(matching(key))
        .limit(1);
      return row?.count ?? 0;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    usageRepository: UsageRepository;
  }
}

/** Attaches `app.usageRepository`. */
export const usageRepositoryPlugin = fp(
  async (app: FastifyInstance, options: { db: Database }) => {
    app.decorate('usageRepository', createUsageRepository(options.db));
  },
  { name: 'usage-repository' },
);
