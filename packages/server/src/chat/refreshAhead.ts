/**
 * Answers trusted for `ttlMs`, per key, re-read ahead of their end: an answer asked for once it is
 * `refreshAfterMs` old is still given at once, and read again in the background, so a key asked
 * for steadily never waits for the database. Only a key not asked for in the meantime (an idle
 * socket) waits, once its answer is older than `ttlMs`. An answer's age counts from when its read
 * began, so none is trusted more than `ttlMs` after it was read; a read that began before another
 * one never replaces that one's answer (a room's access refused meanwhile stays refused); a null
 * answer (gone, or no longer allowed) is never given from here.
 *
 * Why: every socket trusted its sender row and its room's access for 5 s, then read them again
 * before the next message. Sockets opened together expire together, and 500 of them re-read in the
 * same second, each message waiting for a round trip behind the others (docs/performance.md,
 * "Fan-out, round seven").
 */
export class RefreshAhead<K, V> {
  /** The newest answer per key; `value: null` remembers a refusal only so an older read cannot undo it. */
  private readonly entries = new Map<K, { value: V | null; at: number; seq: number }>();
  private readonly refreshing = new Set<K>();
  private seq = 0;

  constructor(
    private readonly options: {
      ttlMs: number;
      refreshAfterMs: number;
      /** Past this many keys the oldest answers are dropped (a socket wandering through rooms). */
      maxKeys?: number;
      now?: () => number;
      /** A background read failed: the answer in hand stays until its time is up. */
      onRefreshError?: (error: unknown) => void;
    },
  ) {}

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  /** The answer for `key`: kept, or read by `load` (waited for only when none is fresh). */
  async get(key: K, load: () => Promise<V | null>): Promise<V | null> {
    const entry = this.entries.get(key);
    const age = entry ? this.now() - entry.at : Number.POSITIVE_INFINITY;
    if (entry && entry.value !== null && age < this.options.ttlMs) {
      if (age >= this.options.refreshAfterMs) this.refresh(key, load);
      return entry.value;
    }
    return this.read(key, load);
  }

  /** An answer known without asking (the sender row read while authenticating the socket). */
  set(key: K, value: V): void {
    this.keep(key, { value, at: this.now(), seq: ++this.seq });
  }

  private keep(key: K, entry: { value: V | null; at: number; seq: number }): void {
    this.entries.delete(key);
    const max = this.options.maxKeys ?? Number.POSITIVE_INFINITY;
    if (this.entries.size >= max) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, entry);
  }

  private async read(key: K, load: () => Promise<V | null>): Promise<V | null> {
    const seq = ++this.seq;
    const at = this.now();
    const value = await load();
    const newest = this.entries.get(key);
    if (!newest || newest.seq < seq) this.keep(key, { value, at, seq });
    return value;
  }

  private refresh(key: K, load: () => Promise<V | null>): void {
    if (this.refreshing.has(key)) return;
    this.refreshing.add(key);
    this.read(key, load)
      .catch((error: unknown) => this.options.onRefreshError?.(error))
      .finally(() => this.refreshing.delete(key));
  }
}
