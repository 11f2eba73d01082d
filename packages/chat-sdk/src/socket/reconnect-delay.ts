import { TIMINGS } from '../constants';

/** Spec §4: min(10 s, 1 s × 2^retries); `retries` counts the closes since the last open. */
export function reconnectDelay(retries: number): number {
  return Math.min(TIMINGS.reconnectMaxMs, TIMINGS.reconnectBaseMs * 2 ** retries);
}
