import { type Limits, type LimitVerdict, verdictOf } from './limits.js';

/** Frames leased from a shared (database) store at once, so a frame rarely waits on it. */
const SHARED_LEASE_FRAMES = 10;
/** After a refused lease, frames are refused here without asking the store again for this long. */
const REFUSED_PAUSE_MS = 200;

/**
 * One person's frame budget in this process, shared by all their sockets here. Tokens are leased
 * from the limits' `frames` rule (one at a time in process, in chunks from the database when
 * instances share it), so the person's budget holds across sockets and instances alike; a frame
 * costs nothing but a decrement while leased tokens last.
 */
export class PersonFrameBudget {
  private tokens = 0;
  private leasing: Promise<void> | null = null;
  private refusedUntil = 0;
  sockets = 0;

  constructor(
    private readonly limits: Limits,
    private readonly userId: number,
    private readonly chunk: number,
    private readonly now: () => number,
  ) {}

  /**
   * A frame admitted without waiting: from tokens already leased, or leased at once from a store
   * that answers at once (the in-process one). False: refused, or ask `take` (`mustWait`).
   */
  takeNow(): boolean {
    if (this.tokens < 1 && this.limits.store.addNow && this.now() >= this.refusedUntil) {
      this.grant(
        verdictOf(
          this.limits.rules.frames,
          this.limits.store.addNow(
            'frames',
            String(this.userId),
            this.limits.rules.frames.windowMs,
            this.chunk,
          ),
          this.chunk,
        ),
      );
    }
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** Whether a frame `takeNow` refused should wait for a lease from a store that cannot answer at once. */
  get mustWait(): boolean {
    return !this.limits.store.addNow && this.now() >= this.refusedUntil;
  }

  /** Admits a frame, leasing more tokens when none are left; false: the budget is spent. */
  async take(): Promise<boolean> {
    // Other sockets of the person may spend a lease first: lease again until one is refused.
    for (;;) {
      if (this.takeNow()) return true;
      if (this.now() < this.refusedUntil) return false;
      this.leasing ??= this.lease().finally(() => {
        this.leasing = null;
      });
      await this.leasing;
    }
  }

  private async lease(): Promise<void> {
    try {
      this.grant(await this.limits.take(this.limits.rules.frames, this.userId, this.chunk));
    } catch (error) {
      // The store is unreachable: frames are refused for a moment rather than each one asking.
      this.refusedUntil = this.now() + REFUSED_PAUSE_MS;
      throw error;
    }
  }

  private grant(verdict: LimitVerdict): void {
    this.tokens += verdict.granted;
    if (verdict.granted === 0) {
      this.refusedUntil = this.now() + Math.min(REFUSED_PAUSE_MS, verdict.retryAfterMs);
    }
  }
}

/** Every person's frame budget in this process, kept while they have a socket here. */
export class FrameBudgets {
  private readonly budgets = new Map<number, PersonFrameBudget>();
  private readonly chunk: number;

  constructor(
    private readonly limits: Limits,
    private readonly now: () => number = Date.now,
  ) {
    // In process the count is exact; a shared store is asked once per chunk.
    this.chunk = limits.store.shared ? SHARED_LEASE_FRAMES : 1;
  }

  /** The person's budget, held for one more socket until `release`. */
  acquire(userId: number): PersonFrameBudget {
    let budget = this.budgets.get(userId);
    if (!budget) {
      budget = new PersonFrameBudget(this.limits, userId, this.chunk, this.now);
      this.budgets.set(userId, budget);
    }
    budget.sockets += 1;
    return budget;
  }

  release(userId: number): void {
    const budget = this.budgets.get(userId);
    if (!budget) return;
    budget.sockets -= 1;
    if (budget.sockets <= 0) this.budgets.delete(userId);
  }
}
