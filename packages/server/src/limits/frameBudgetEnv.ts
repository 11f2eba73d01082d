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
  const settings: Partial<LimitSettings> = {};
  for (const [name, setting] of Object.entries(FRAME_BUDGET_ENV)) {
    const text = env[name];
    if (text === undefined || text === '') continue;
    const value = Number(text);
    if (!Number.isInteger(value) || value < 1) {
      throw new Error(`Invalid ${name} (a whole number of at least 1): ${text}`);
    }
    settings[setting] = value;
  }
  return settings;
}
