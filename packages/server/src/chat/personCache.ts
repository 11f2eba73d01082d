import type { ConnectionsRepository, NeverTranslatedRepository } from '../plugins/app/index.js';
import type { BlockLookup } from './blockedInGroups.js';

/** As long as a socket trusts its own sender row and room access (chatConnection.ts). */
const PERSON_CACHE_MS = 5_000;
const MAX_PEOPLE = 10_000;

/**
 * One answer per person, shared by everything in this process that asks for it while messages
 * flow, re-read after a few seconds, and dropped at once by `forget` when a change is known. A
 * read that was under way when something was forgotten is used but not kept, so an answer read
 * before a change is never cached after it. Callers asking while a read is under way share it
 * (one statement, not one per caller), unless something was forgotten since it began.
 */
export class PersonCache<T> {
  private readonly entries = new Map<number, { value: T; at: number }>();
  private readonly reading = new Map<number, { value: Promise<T>; generation: number }>();
  private generation = 0;

  constructor(
    private readonly load: (userId: number) => Promise<T>,
    private readonly options: { ttlMs?: number; now?: () => number } = {},
  ) {}

  async get(userId: number): Promise<T> {
    const now = this.options.now ?? Date.now;
    const hit = this.entries.get(userId);
    if (hit && now() - hit.at < (this.options.ttlMs ?? PERSON_CACHE_MS)) return hit.value;
    const generation = this.generation;
    const under = this.reading.get(userId);
    if (under && under.generation === generation) return under.value;
    const value = this.load(userId);
    this.reading.set(userId, { value, generation });
    try {
      const loaded = await value;
      if (generation === this.generation) {
        if (this.entries.size >= MAX_PEOPLE) this.entries.clear();
        this.entries.set(userId, { value: loaded, at: now() });
      }
      return loaded;
    } finally {
      if (this.reading.get(userId)?.value === value) this.reading.delete(userId);
    }
  }

  forget(userId: number): void {
    this.entries.delete(userId);
    this.generation += 1;
  }
}

/**
 * How long a sender's blockers are trusted with no word of a change. Every block and unblock is
 * forgotten at once on every instance (the `block_changed` event each hub sees), so this is only
 * a safety net; re-read every 5 s, it was the most frequent statement under the fan-out bench
 * (docs/performance.md, "Fan-out, round four").
 */
const BLOCKERS_TRUSTED_MS = 60_000;

/**
 * Who blocked a message's sender, for marking its deliveries (blockedInGroups.ts): one read per
 * sender a minute instead of one per message. A block or an unblock is forgotten at
 * once on every instance: each hub sees the `block_changed` event (server.ts wires it).
 */
export class CachedBlockLookup implements BlockLookup {
  private readonly blockers: PersonCache<Set<number>>;

  constructor(
    private readonly repository: Pick<ConnectionsRepository, 'blockersOf' | 'blockedIds'>,
    options?: { ttlMs?: number; now?: () => number },
  ) {
    this.blockers = new PersonCache((id) => repository.blockersOf(id), {
      ttlMs: BLOCKERS_TRUSTED_MS,
      ...options,
    });
  }

  async blockersAmong(blocked: number, among: readonly number[]): Promise<Set<number>> {
    const blockers = await this.blockers.get(blocked);
    return new Set(among.filter((id) => blockers.has(id)));
  }

  blockedIds(blocker: number): Promise<Set<number>> {
    return this.repository.blockedIds(blocker);
  }

  warm(blocked: number): void {
    // A failed read is read again, and reported, when the delivery asks (blockersAmong).
    this.blockers.get(blocked).catch(() => {});
  }

  /** `blocked` was blocked or unblocked by someone. */
  forget(blocked: number): void {
    this.blockers.forget(blocked);
  }
}

/**
 * Senders' never-translated words for the live chat (messageTranslation.ts): one read per sender
 * every few seconds. A change on this instance is forgotten at once (neverTranslatedRoutes); one
 * made on another instance shows within those seconds, as a new name or language does.
 */
export class CachedGlossaries implements Pick<NeverTranslatedRepository, 'words' | 'wordsOf'> {
  private readonly cache: PersonCache<string[]>;

  constructor(
    private readonly repository: Pick<NeverTranslatedRepository, 'words' | 'wordsOf'>,
    options?: { ttlMs?: number; now?: () => number },
  ) {
    this.cache = new PersonCache((id) => repository.words(id), options);
  }

  words(userId: number): Promise<string[]> {
    return this.cache.get(userId);
  }

  wordsOf(userIds: readonly number[]): Promise<Map<number, string[]>> {
    return this.repository.wordsOf(userIds);
  }

  forget(userId: number): void {
    this.cache.forget(userId);
  }
}
