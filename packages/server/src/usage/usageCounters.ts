import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { usageCounters } from '../db/schema.js';
import type { UsageKind } from './planLimits.js';
import { type Clock, systemClock, userDay } from './userDay.js';

export interface UsageUser {
  id: number;
  timezone: string | null;
}

export interface Consumption {
  allowed: boolean;
  /** The count after this call (the limit when refused). */
  count: number;
  /** The user's day the unit was taken from; pass it to `refund`. */
  day: string;
}

/**
 * Daily counters in the database (`usage_counters`), keyed by the user's own day. `consume` is
 * one atomic upsert, so parallel sends (even on several instances) never go past the limit.
 */
export class UsageCounters {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock = systemClock,
  ) {}

  today(user: UsageUser): string {
    return userDay(this.clock(), user.timezone);
  }

  /** Takes one unit unless `limit` units were already taken today. */
  async consume(user: UsageUser, kind: UsageKind, limit: number): Promise<Consumption> {
    const day = this.today(user);
    const rows = await this.db
      .insert(usageCounters)
      .values({ userId: user.id, day, kind, count: 1 })
      .onConflictDoUpdate({
        target: [usageCounters.userId, usageCounters.day, usageCounters.kind],
        set: { count: sql`${usageCounters.count} + 1` },
        setWhere: sql`${usageCounters.count} < ${limit}`,
      })
      .returning({ count: usageCounters.count });
    const row = rows[0];
    return row ? { allowed: true, count: row.count, day } : { allowed: false, count: limit, day };
  }

  /** Gives back a unit taken on `day` (the metered work did not happen after all). */
  async refund(userId: number, kind: UsageKind, day: string): Promise<void> {
    await this.db
      .update(usageCounters)
      .set({ count: sql`${usageCounters.count} - 1` })
      .where(
        and(
          eq(usageCounters.userId, userId),
          eq(usageCounters.day, day),
          eq(usageCounters.kind, kind),
          gt(usageCounters.count, 0),
        ),
      );
  }

  /** Units used today (0 when none). */
  async used(user: UsageUser, kind: UsageKind): Promise<number> {
    const [row] = await this.db
      .select({ count: usageCounters.count })
      .from(usageCounters)
      .where(
        and(
          eq(usageCounters.userId, user.id),
          eq(usageCounters.day, this.today(user)),
          eq(usageCounters.kind, kind),
        ),
      )
      .limit(1);
    return row?.count ?? 0;
  }
}
