/** Timings of spec §9, in milliseconds. */
export const TIMINGS = {
  persistTimeoutMs: 5000,
  pingIntervalMs: 30_000,
  reconnectBaseMs: 1000,
  reconnectMaxMs: 10_000,
  typingIdleMs: 2000,
  /**
   * A chat socket still connecting after this long is given up and tried again with the usual
   * backoff: a handshake nobody answers (an instance starting or stopping behind a balancer) would
   * otherwise hold the client for as long as the balancer waits (nginx: 75 s).
   */
  connectTimeoutMs: 10_000,
  /** A chat message not echoed by the server within this time is marked failed (retryable). */
  sendTimeoutMs: 15_000,
  searchDebounceMs: 300,
  joinOrgRedirectMs: 2000,
  toastAutoCloseMs: 3000,
  recordingChunkMs: 1000,
  /** Someone counts as talking live until this long passes without one of their chunks. */
  liveQuietMs: 3000,
  /** An unanswered call rings this long, then ends as missed on both sides (Parley's choice). */
  callRingTimeoutMs: 30_000,
  /** After an ICE disconnect, how long an ICE restart may take before the call is hung up. */
  callIceRestartTimeoutMs: 10_000,
} as const;

/** Sizes and limits of spec §5 and §9. */
export const LIMITS = {
  badgeCap: 99,
  minVoiceChunkBytes: 3000,
  orgMinSeats: 10,
  pageSize: 20,
} as const;
