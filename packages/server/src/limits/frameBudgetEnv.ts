import { readLimitSettings } from './limitSettingsEnv.js';
import type { LimitSettings } from './limits.js';

/** The environment variables of the per-person socket frame budget (docs/deploying.md). */
const FRAME_BUDGET_ENV = {
  SOCKET_FRAMES_PER_SECOND: 'framesPerSecond',
  SOCKET_BURST_FRAMES: 'burstFrames',
} as const satisfies Record<string, keyof LimitSettings>;

/**
 * The frame budget the environment sets (unset: SOCKET_LIMITS' 20 a second, bursts of 40). An
 * operator raises it for bots or load tests; the scale tests raise it for their 1,000-message burst.
 */
export function readFrameBudget(
  env: Readonly<Record<string, string | undefined>>,
): Partial<LimitSettings> {
  return readLimitSettings(FRAME_BUDGET_ENV, env);
}
