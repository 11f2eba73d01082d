export interface FloodWatchOptions {
  /** A socket still flooding this long after its flood began is closed (default 10 s). */
  closeAfterMs?: number;
  now?: () => number;
}

/**
 * Watches one socket's refused frames (the budget itself is per person: src/limits/frameBudget.ts).
 * A flood starts with the first refused frame and ends once a full second passes without one; a
 * socket still flooding `closeAfterMs` after its flood began is to be closed.
 */
export class FloodWatch {
  private readonly closeAfterMs: number;
  private readonly now: () => number;
  private floodStartedAt: number | null = null;
  private lastRefusedAt = 0;

  constructor(options: FloodWatchOptions = {}) {
    this.closeAfterMs = options.closeAfterMs ?? 10_000;
    this.now = options.now ?? Date.now;
  }

  /** Records whether the person's budget admitted a frame; 'close' when the flood went on too long. */
  observe(admitted: boolean): 'ok' | 'close' {
    const now = this.now();
    if (this.floodStartedAt !== null && now - this.lastRefusedAt >= 1000)
      this.floodStartedAt = null;
    if (admitted) return 'ok';
    this.lastRefusedAt = now;
    this.floodStartedAt ??= now;
    return now - this.floodStartedAt >= this.closeAfterMs ? 'close' : 'ok';
  }
}
