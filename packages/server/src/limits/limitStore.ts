import type { FastifyBaseLogger } from 'fastify';
import { batchedCalls } from '../db/batchedReads.js';
import type { LimitsRepository, LimitWindowState } from '../plugins/app/index.js';
import { type LimitAdd, limitKey } from '../plugins/app/limits-repository.js';

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
    const key = limitKey(kind, subject);
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
    const state = this.counters.get(limitKey(kind, subject));
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

/**
 * Counters in the database (rate_limits): every instance sharing PostgreSQL counts together.
 *
 * Additions asked in the same turn, or while the statement before them runs, go in one statement
 * (`addMany`, through `batchedCalls`): after a restart every reconnected person's first socket
 * frame leases their frame budget here at once, and each waited for its own statement
 * (docs/performance.md, "Fan-out, round six"). Several additions to one counter in a batch are
 * added together and each caller gets the count after its own, as if they had run one after the
 * other.
 */
export class DatabaseLimitStore implements LimitStore {
  readonly shared = true;
  private readonly sweep: NodeJS.Timeout;
  private sweeping: Promise<void> = Promise.resolve();
  private readonly addBatched: (add: LimitAdd) => Promise<LimitWindowState>;
  /** Additions not yet answered, so `close` can wait for them. */
  private readonly adding = new Set<Promise<unknown>>();

  constructor(
    private readonly repository: LimitsRepository,
    private readonly log?: FastifyBaseLogger,
  ) {
    this.sweep = setInterval(() => {
      this.sweeping = this.deleteEnded();
    }, SWEEP_INTERVAL_MS);
    this.sweep.unref();
    this.addBatched = batchedCalls((adds) => this.addAll(adds));
  }

  add(kind: string, subject: string, windowMs: number, amount: number) {
    const added = this.addBatched({ kind, subject, windowMs, amount });
    const settled = added.catch(() => undefined);
    this.adding.add(settled);
    void settled.then(() => this.adding.delete(settled));
    return added;
  }

  read(kind: string, subject: string) {
    return this.repository.read(kind, subject);
  }

  /** One statement for a batch of additions; each caller's answer in its place. */
  private async addAll(adds: readonly LimitAdd[]): Promise<(LimitWindowState | Error)[]> {
    const counters = new Map<string, { add: LimitAdd; positions: number[] }>();
    adds.forEach((item, position) => {
      const key = limitKey(item.kind, item.subject);
      const counter = counters.get(key);
      if (counter) {
        counter.add.amount += item.amount;
        counter.positions.push(position);
      } else {
        counters.set(key, { add: { ...item }, positions: [position] });
      }
    });
    const states = await this.repository.addMany([...counters.values()].map(({ add }) => add));
    const answers: (LimitWindowState | Error)[] = [];
    for (const [key, { positions }] of counters) {
      const state = states.get(key);
      // The last caller sees the whole batch's count; each earlier one, the count after its own.
      let count = state?.count ?? 0;
      for (let i = positions.length - 1; i >= 0; i -= 1) {
        const position = positions[i] ?? 0;
        answers[position] = state
          ? { count, resetAt: state.resetAt }
          : new Error('rate-limit counter not returned');
        count -= adds[position]?.amount ?? 0;
      }
    }
    return answers;
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
    await Promise.all(this.adding);
  }
}
