import { describe, expect, it } from 'vitest';
import { GroupAccessCache } from '../src/chat/groupAccessCache.js';
import { CachedBlockLookup, PersonCache } from '../src/chat/personCache.js';
import type { RoomAccess } from '../src/plugins/app/index.js';
import { held } from './support/held.js';

// The per-person and per-group caches of the live chat (who blocked a sender, a sender's
// glossary, a group's members).

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

  it('callers asking while a read is under way share it, unless a change came since it began', async () => {
    const reads: ReturnType<typeof held<string>>[] = [];
    const cache = new PersonCache<string>(() => {
      const read = held<string>();
      reads.push(read);
      return read.promise;
    });
    const first = cache.get(4);
    const second = cache.get(4);
    expect(reads).toHaveLength(1);
    cache.forget(4);
    const third = cache.get(4);
    expect(reads).toHaveLength(2);
    reads[0]?.resolve('before');
    reads[1]?.resolve('after');
    expect([await first, await second, await third]).toEqual(['before', 'before', 'after']);
    // What was read after the change is kept; what was read before it is not.
    expect(await cache.get(4)).toBe('after');
    expect(reads).toHaveLength(2);
  });

  it('a failed read fails its callers and is not kept', async () => {
    let reads = 0;
    const cache = new PersonCache<string>(async () => {
      reads += 1;
      if (reads === 1) throw new Error('database gone');
      return 'back';
    });
    const [a, b] = await Promise.allSettled([cache.get(1), cache.get(1)]);
    expect([a.status, b.status]).toEqual(['rejected', 'rejected']);
    expect(await cache.get(1)).toBe('back');
    expect(reads).toBe(2);
  });
});

describe('GroupAccessCache', () => {
  const group = (memberIds: number[]): RoomAccess => ({
    canonical: 'team',
    kind: 'group',
    memberIds,
  });

  it('members asking while the list is read share that read; someone it does not name is asked alone', async () => {
    const asked: number[] = [];
    const reads: ReturnType<typeof held<RoomAccess | null>>[] = [];
    const cache = new GroupAccessCache({
      access: (userId) => {
        asked.push(userId);
        const read = held<RoomAccess | null>();
        reads.push(read);
        return read.promise;
      },
    });
    const ana = cache.access(1, 'team');
    const bruno = cache.access(2, 'team');
    const stranger = cache.access(9, 'team');
    reads[0]?.resolve(group([1, 2, 3]));
    expect(await ana).toEqual(group([1, 2, 3]));
    expect(await bruno).toEqual(group([1, 2, 3]));
    // The stranger was not on the shared list: the database is asked for them.
    await new Promise((resolve) => setImmediate(resolve));
    expect(asked).toEqual([1, 9]);
    reads[1]?.resolve(null);
    expect(await stranger).toBeNull();
    // The list is now cached: a member's next check asks nothing.
    expect(await cache.access(3, 'team')).toEqual(group([1, 2, 3]));
    expect(asked).toEqual([1, 9]);
  });

  it('a failed shared read lets each waiting member ask for themselves', async () => {
    let calls = 0;
    const cache = new GroupAccessCache({
      access: async (userId) => {
        calls += 1;
        if (calls === 1) throw new Error('database gone');
        return group([userId]);
      },
    });
    const [first, second] = await Promise.allSettled([
      cache.access(1, 'team'),
      cache.access(2, 'team'),
    ]);
    expect(first.status).toBe('rejected');
    expect(second).toEqual({ status: 'fulfilled', value: group([2]) });
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
