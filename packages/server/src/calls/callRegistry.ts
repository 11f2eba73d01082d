import type { CallEndReason, CallSignal, CallType } from '@parley/chat-sdk';
import type { StoredCallEvent } from '../db/schema.js';
import type { LimitRule, Limits } from '../limits/index.js';
import type { CallsRepository, StoredCall } from '../plugins/app/index.js';

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

const RULES: Record<LimitKind, LimitRule> = Object.fromEntries(
  Object.entries(WINDOWS).map(([kind, { limit, ms }]) => [
    kind,
    { kind: `call-${kind}`, max: limit, windowMs: ms },
  ]),
) as Record<LimitKind, LimitRule>;

/**
 * Calls in progress, enough to write a call's start, end and duration into the conversation, and
 * the per-user limits on call frames. Issue 28: both live where every instance sees them (calls
 * in the database, frames in the limits' store), so an offer through one instance and the answer
 * through another make one call and one record.
 */
export class CallRegistry {
  constructor(
    private readonly calls: CallsRepository,
    private readonly limits: Limits,
  ) {}

  /** Whether the user may send one more frame of this kind now (and counts it). */
  async allow(userId: number, kind: LimitKind): Promise<boolean> {
    return (await this.limits.take(RULES[kind], userId)).allowed;
  }

  /** Whether a connected call between the two exists in this room. */
  connected(room: string): Promise<boolean> {
    return this.calls.connected(room);
  }

  /** Follows a relayed signal; returns what the conversation should record, if anything. */
  async observe(
    room: string,
    from: number,
    callType: CallType,
    signal: CallSignal,
  ): Promise<CallRecord | null> {
    switch (signal.type) {
      case 'offer':
        if (!signal.restart) await this.calls.offered(room, callType, from, STALE_MS);
        else await this.calls.touched(room);
        return null;
      case 'answer': {
        const call = await this.calls.answered(room);
        if (!call) return null;
        return { callerId: call.callerId, event: { event: 'started', call_type: typeOf(call) } };
      }
      case 'hangup': {
        const call = await this.calls.hungUp(room);
        if (!call) return null;
        return { callerId: call.callerId, event: endEvent(call, signal.reason) };
      }
      default:
        return null;
    }
  }
}

function typeOf(call: StoredCall): CallType {
  return call.callType === 'video' ? 'video' : 'audio';
}

function endEvent(call: StoredCall, reason: CallEndReason): StoredCallEvent {
  if (call.connectedAt === null) {
    return {
      event: 'ended',
      call_type: typeOf(call),
      reason: reason === 'ended' ? 'cancelled' : reason,
    };
  }
  return {
    event: 'ended',
    call_type: typeOf(call),
    reason: reason === 'ended' || reason === 'failed' ? reason : 'ended',
    duration_seconds: Math.max(0, Math.round((call.at - call.connectedAt) / 1000)),
  };
}
