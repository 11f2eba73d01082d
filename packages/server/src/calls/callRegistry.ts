import type { CallEndReason, CallSignal, CallType } from '@parley/chat-sdk';
import type { StoredCallEvent } from '../db/schema.js';

/** A call the server has seen an offer for, keyed by its private room. */
interface ActiveCall {
  callType: CallType;
  /** Who placed it: the conversation's record of the call is written in their name. */
  callerId: number;
  connectedAt: number | null;
  lastSignalAt: number;
}

/** What the conversation should record after a signal. */
export interface CallRecord {
  callerId: number;
  event: StoredCallEvent;
}

// A call nobody hung up (both browsers vanished) is forgotten after this long without a signal.
const STALE_MS = 6 * 60 * 60 * 1000;

/** Per-user limits on call frames (docs/protocol.md, Calls). */
export const CALL_RATE_LIMITS = {
  /** New calls (offers that are not ICE restarts) per user per minute. */
  offersPerMinute: 6,
  /** Any call_signal per user per 10 s (ICE candidates come in bursts). */
  signalsPer10s: 120,
  /** Caption audio chunks per user per 10 s (one a second, with slack). */
  audioPer10s: 20,
  /** live_transcript texts per user per 10 s. */
  transcriptsPer10s: 20,
} as const;

type LimitKind = 'offer' | 'signal' | 'audio' | 'transcript';

const WINDOWS: Record<LimitKind, { limit: number; ms: number }> = {
  offer: { limit: CALL_RATE_LIMITS.offersPerMinute, ms: 60_000 },
  signal: { limit: CALL_RATE_LIMITS.signalsPer10s, ms: 10_000 },
  audio: { limit: CALL_RATE_LIMITS.audioPer10s, ms: 10_000 },
  transcript: { limit: CALL_RATE_LIMITS.transcriptsPer10s, ms: 10_000 },
};

/**
 * Calls in progress on this server process: enough to write a call's start, end and duration
 * into the conversation, and to rate limit call frames per user. With several server instances
 * each sees the signals of its own sockets only (docs/protocol.md says what that means).
 */
export class CallRegistry {
  private readonly calls = new Map<string, ActiveCall>();
  private readonly windows = new Map<string, number[]>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Whether the user may send one more frame of this kind now (and counts it). */
  allow(userId: number, kind: LimitKind): boolean {
    const { limit, ms } = WINDOWS[kind];
    const key = `${kind}:${userId}`;
    const now = this.now();
    const times = (this.windows.get(key) ?? []).filter((at) => now - at < ms);
    if (times.length >= limit) {
      this.windows.set(key, times);
      return false;
    }
    times.push(now);
    this.windows.set(key, times);
    if (this.windows.size > 10_000) this.windows.clear();
    return true;
  }

  /** Whether a connected call between the two exists in this room. */
  connected(room: string): boolean {
    return (this.calls.get(room)?.connectedAt ?? null) !== null;
  }

  /** Follows a relayed signal; returns what the conversation should record, if anything. */
  observe(room: string, from: number, callType: CallType, signal: CallSignal): CallRecord | null {
    const now = this.now();
    this.sweep(now);
    const call = this.calls.get(room);
    if (call) call.lastSignalAt = now;
    switch (signal.type) {
      case 'offer':
        if (!call && !signal.restart) {
          this.calls.set(room, { callType, callerId: from, connectedAt: null, lastSignalAt: now });
        }
        return null;
      case 'answer':
        if (!call || call.connectedAt !== null) return null;
        call.connectedAt = now;
        return { callerId: call.callerId, event: { event: 'started', call_type: call.callType } };
      case 'hangup':
        if (!call) return null;
        this.calls.delete(room);
        return { callerId: call.callerId, event: endEvent(call, signal.reason, now) };
      default:
        return null;
    }
  }

  private sweep(now: number): void {
    for (const [room, call] of this.calls) {
      if (now - call.lastSignalAt > STALE_MS) this.calls.delete(room);
    }
  }
}

function endEvent(call: ActiveCall, reason: CallEndReason, now: number): StoredCallEvent {
  if (call.connectedAt === null) {
    return {
      event: 'ended',
      call_type: call.callType,
      reason: reason === 'ended' ? 'cancelled' : reason,
    };
  }
  return {
    event: 'ended',
    call_type: call.callType,
    reason: reason === 'ended' || reason === 'failed' ? reason : 'ended',
    duration_seconds: Math.max(0, Math.round((now - call.connectedAt) / 1000)),
  };
}
