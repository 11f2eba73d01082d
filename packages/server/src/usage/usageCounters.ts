import type { UsageRepository } from '../plugins/app/usage-repository.js';
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
 * Daily counters keyed by the user's own day (`usage_counters`, through the usage repository,
 * whose increment is atomic, so parallel sends never go past the limit).
 */
export class UsageCounters {
  constructor(
    private readonly counters: UsageRepository,
    private readonly clock: Clock = systemClock,
  ) {}

  today(user: UsageUser): string {
    return userDay(this.clock(), user.timezone);
  }

  /** Takes one unit unless `limit` units were already taken today. */
  async consume(user: UsageUser, kind: UsageKind, limit: number): Promise<Consumption> {
    const day = this.today(user);
    const count = await this.counters.increment({ userId: user.id, day, kind }, limit);
    return count !== null ? { allowed: true, count, day } : { allowed: false, count: limit, day };
  }

  /** Gives back a unit taken on `day` (the metered work did not happen after all). */
  async refund(userId: number, kind: UsageKind, day: string): Promise<void> {
    await this.counters.decrement({ userId, day, kind });
  }

  /** Units used today (0 when none). */
  async used(user: UsageUser, kind: UsageKind): Promise<number> {
    return this.counters.count({ userId: user.id, day: this.today(user), kind });
  }
}
