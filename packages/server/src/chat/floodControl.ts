import { SOCKET_LIMITS } from '@parley/chat-sdk';

export interface FloodControlOptions {
  framesPerSecond?: number;
  burstFrames?: number;
  /** A socket still flooding this long after its flood began is closed (default 10 s). */
  closeAfterMs?: number;
  now?: () => number;
}

export type FloodVerdict = 'allow' | 'limit' | 'close';

/**
 * A token bucket per socket (20 frames/s sustained, bursts of 40). A flood starts with the first
 * refused frame and ends once a full second passes without one.
 */
export class FloodControl {
  private readonly rate: number;
  private readonly burst: number;
  private readonly closeAfterMs: number;
  private readonly now: () => number;
  private tokens: number;
  private refilledAt: number;
  private floodStartedAt: number | null = null;
  private lastRefusedAt = 0;

  constructor(options: FloodControlOptions = {}) {
    this.rate = options.framesPerSecond ?? SOCKET_LIMITS.framesPerSecond;
    this.burst = options.burstFrames ?? SOCKET_LIMITS.burstFrames;
    this.closeAfterMs = options.closeAfterMs ?? 10_000;
    this.now = options.now ?? Date.now;
    this.tokens = this.burst;
    this.refilledAt = this.now();
  }

  take(): FloodVerdict {
    const now = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.refilledAt) / 1000) * this.rate);
    this.refilledAt = now;
    if (this.floodStartedAt !== null && now - this.lastRefusedAt >= 1000)
      this.floodStartedAt = null;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return 'allow';
    }
    this.lastRefusedAt = now;
    this.floodStartedAt ??= now;
    return now - this.floodStartedAt >= this.closeAfterMs ? 'close' : 'limit';
  }
}
