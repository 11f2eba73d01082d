import { describe, expect, it } from 'vitest';
import { CachedBlockLookup, PersonCache } from '../src/chat/personCache.js';

// The per-person caches of the live chat (who blocked a sender, a sender's glossary).

describe('PersonCache', () => {
  it('reads a person once within its time, again after it, and at once after forget', async () => {
    let now = 0;
    const reads: number[] = [];
    const cache = new PersonCache(
      async (id) => {
        reads.push(id);
        return `row ${id} #${reads.length}`;
      },
      { ttlMs: 5_000, now: () => now },
    );
    expect(await cache.get(1)).toBe('row 1 #1');
    now = 4_999;
    expect(await cache.get(1)).toBe('row 1 #1');
    expect(await cache.get(2)).toBe('row 2 #2');
    now = 5_000;
    expect(await cache.get(1)).toBe('row 1 #3');
    cache.forget(1);
    expect(await cache.get(1)).toBe('row 1 #4');
    expect(reads).toEqual([1, 2, 1, 1]);
  });

  it('never keeps an answer read before a change it was told of', async () => {
    let release: (value: string) => void = () => undefined;
    let reads = 0;
    const cache = new PersonCache<string>(() => {
      reads += 1;
      return reads === 1
        ? new Promise((resolve) => {
            release = resolve;
          })
        : Promise.resolve('after');
    });
    const first = cache.get(7);
    cache.forget(7);
    release('before');
    // The caller that asked before the change gets what was read then …
    expect(await first).toBe('before');
    // … but the next one reads again.
    expect(await cache.get(7)).toBe('after');
    expect(reads).toBe(2);
  });
});

describe('CachedBlockLookup', () => {
  it('answers which readers blocked a sender from one read of all their blockers', async () => {
    let reads = 0;
    const lookup = new CachedBlockLookup({
      blockersOf: async () => {
        reads += 1;
        return new Set([3, 9]);
      },
      blockedIds: async () => new Set(),
    });
    expect([...(await lookup.blockersAmong(1, [2, 3, 4]))]).toEqual([3]);
    expect([...(await lookup.blockersAmong(1, [9, 5]))]).toEqual([9]);
    expect(reads).toBe(1);
    lookup.forget(1);
    await lookup.blockersAmong(1, [2]);
    expect(reads).toBe(2);
  });
});
