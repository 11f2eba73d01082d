import type { FastifyBaseLogger } from 'fastify';
import type { LimitsRepository, LimitWindowState } from '../plugins/app/index.js';

export type { LimitWindowState };

/**
 * Where rate-limit counters live: one fixed-window counter per (kind, subject). The rules
 * (src/limits/limits.ts) are the same whichever store holds the counts.
 */
export interface LimitStore {
  /** Adds `amount` to the counter, starting a new window of `windowMs` if the last one ended. */
  add(kind: string, subject: string, windowMs: number, amount: number): Promise<LimitWindowState>;
  /** The counter without adding to it. */
  read(kind: string, subject: string): Promise<LimitWindowState>;
  /** The same as `add`, answered at once, where the store can (in process). */
  addNow?(kind: string, subject: string, windowMs: number, amount: number): LimitWindowState;
  /** Whether other server instances may count into the same store. */
  readonly shared: boolean;
  close(): Promise<void>;
}

/** How often ended windows are deleted. */
const SWEEP_INTERVAL_MS = 60_000;
/** The in-process store never holds more counters than this (the oldest windows go first). */
const MEMORY_MAX_COUNTERS = 200_000;

/** Counters in this process: enough when it is the only server (PGlite, no DATABASE_URL). */
export class MemoryLimitStore implements LimitStore {
  readonly shared = false;
  private readonly counters = new Map<string, LimitWindowState>();
  private readonly sweep: NodeJS.Timeout;

  constructor(private readonly now: () => number = Date.now) {
    this.sweep = setInterval(() => this.deleteEnded(), SWEEP_INTERVAL_MS);
    this.sweep.unref();
  }

  async add(kind: string, subject: string, windowMs: number, amount: number) {
    return this.addNow(kind, subject, windowMs, amount);
  }

  /** The same as `add`, answered at once (the socket frame budget's fast path). */
  addNow(kind: string, subject: string, windowMs: number, amount: number): LimitWindowState {
    const key = `${kind}\u0000${subject}`;
    const now = this.now();
    let state = this.counters.get(key);
    if (!state || state.resetAt <= now) {
      if (!state && this.counters.size >= MEMORY_MAX_COUNTERS) this.deleteEnded();
      if (!state && this.counters.size >= MEMORY_MAX_COUNTERS) {
        // Still full of live windows: forget the oldest rather than grow without bound.
        const oldest = this.counters.keys().next().value;
        if (oldest !== undefined) this.counters.delete(oldest);
      }
      state = { count: 0, resetAt: now + windowMs };
      this.counters.delete(key);
      this.counters.set(key, state);
    }
    state.count += amount;
    return { ...state };
  }

  async read(kind: string, subject: string) {
    const state = this.counters.get(`${kind}\u0000${subject}`);
    return state && state.resetAt > this.now() ? { ...state } : { count: 0, resetAt: 0 };
  }

  private deleteEnded(): void {
    const now = this.now();
    for (const [key, state] of this.counters) {
      if (state.resetAt <= now) this.counters.delete(key);
    }
  }

  async close() {
    clearInterval(this.sweep);
    this.counters.clear();
  }
}

/** Counters in the database (rate_limits): every instance sharing PostgreSQL counts together. */
export class DatabaseLimitStore implements LimitStore {
  readonly shared = true;
  private readonly sweep: NodeJS.Timeout;
  private sweeping: Promise<void> = Promise.resolve();

  constructor(
    private readonly repository: LimitsRepository,
    private readonly log?: FastifyBaseLogger,
  ) {
    this.sweep = setInterval(() => {
      this.sweeping = this.deleteEnded();
    }, SWEEP_INTERVAL_MS);
    this.sweep.unref();
  }

  add(kind: string, subject: string, windowMs: number, amount: number) {
    return this.repository.add(kind, subject, windowMs, amount);
  }

  read(kind: string, subject: string) {
    return this.repository.read(kind, subject);
  }

  /** Ended windows are deleted a minute late: a slower instance's clock must not matter. */
  async deleteEnded(): Promise<void> {
    try {
      await this.repository.deleteEnded(new Date(Date.now() - SWEEP_INTERVAL_MS));
    } catch (error) {
      this.log?.warn({ err: error }, 'deleting ended rate-limit windows failed');
    }
  }

  async close() {
    clearInterval(this.sweep);
    await this.sweeping;
  }
}
