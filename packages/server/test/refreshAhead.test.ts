import { describe, expect, it } from 'vitest';
import { RefreshAhead } from '../src/chat/refreshAhead.js';
import { held } from './support/held.js';

// A socket's sender row and room access (src/chat/refreshAhead.ts): trusted for ttlMs, read again
// in the background once they are refreshAfterMs old and still asked for, so a socket that keeps
// sending never waits for the database, and no answer is ever older than ttlMs.

function setUp() {
  let now = 0;
  const errors: unknown[] = [];
  const cache = new RefreshAhead<string, string>({
    ttlMs: 5_000,
    refreshAfterMs: 3_000,
    maxKeys: 2,
    now: () => now,
    onRefreshError: (error) => errors.push(error),
  });
  return {
    cache,
    errors,
    at: (ms: number) => {
      now = ms;
    },
  };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

/** A load answering `answer`, and how many times it was called. */
function countedLoad(answer: string | null) {
  const counted = {
    reads: 0,
    load: async () => {
      counted.reads += 1;
      return answer;
    },
  };
  return counted;
}

describe('RefreshAhead', () => {
  it('a fresh answer is given without reading', async () => {
    const { cache, at } = setUp();
    cache.set('ana', 'Ana');
    at(2_999);
    let reads = 0;
    expect(await cache.get('ana', async () => `read ${++reads}`)).toBe('Ana');
    expect(reads).toBe(0);
  });

  it('an answer asked for after refreshAfterMs is given at once and read again in the background, once', async () => {
    const { cache, at } = setUp();
    cache.set('ana', 'Ana');
    at(3_000);
    const read = held<string>();
    let reads = 0;
    const load = () => {
      reads += 1;
      return read.promise;
    };
    // The read is under way and not answered: both callers still get the answer in hand.
    expect(await cache.get('ana', load)).toBe('Ana');
    expect(await cache.get('ana', load)).toBe('Ana');
    expect(reads).toBe(1);
    read.resolve('Ana María');
    await turn();
    expect(await cache.get('ana', load)).toBe('Ana María');
    // The new answer's own time starts when it was read: nothing is read until it, too, ages.
    at(5_999);
    expect(await cache.get('ana', load)).toBe('Ana María');
    expect(reads).toBe(1);
  });

  it('an answer older than ttlMs is never given: the caller waits for the read', async () => {
    const { cache, at } = setUp();
    cache.set('ana', 'Ana');
    at(5_000);
    const read = held<string>();
    let answered: string | null | undefined;
    const asking = cache
      .get('ana', () => read.promise)
      .then((value) => {
        answered = value;
      });
    await turn();
    expect(answered).toBeUndefined();
    read.resolve('Ana María');
    await asking;
    expect(answered).toBe('Ana María');
  });

  it('a null answer (gone, no longer allowed) is not kept, even from a background read', async () => {
    const { cache, at } = setUp();
    cache.set('room', 'members');
    at(4_000);
    expect(await cache.get('room', async () => null)).toBe('members');
    await turn();
    const refused = countedLoad(null);
    expect(await cache.get('room', refused.load)).toBeNull();
    expect(refused.reads).toBe(1);
  });

  it('a failed background read is reported and the answer in hand stays until its time is up', async () => {
    const { cache, errors, at } = setUp();
    cache.set('ana', 'Ana');
    at(3_500);
    const failure = new Error('database gone');
    expect(await cache.get('ana', () => Promise.reject(failure))).toBe('Ana');
    await turn();
    expect(errors).toEqual([failure]);
    // Asked again, it is still given, and read again (failing again) in the background.
    expect(await cache.get('ana', () => Promise.reject(failure))).toBe('Ana');
    await turn();
    expect(errors).toEqual([failure, failure]);
    at(5_000);
    await expect(cache.get('ana', () => Promise.reject(failure))).rejects.toBe(failure);
  });

  it('a read that began earlier never replaces a later one: access refused meanwhile stays refused', async () => {
    const { cache, at } = setUp();
    cache.set('room', 'members');
    at(3_000);
    // A background read begins (slow), still finding the person a member.
    const slow = held<string | null>();
    expect(await cache.get('room', () => slow.promise)).toBe('members');
    // The answer's time runs out; the next message reads again and the person is no longer in.
    at(5_000);
    expect(await cache.get('room', async () => null)).toBeNull();
    slow.resolve('members');
    await turn();
    const refused = countedLoad(null);
    expect(await cache.get('room', refused.load)).toBeNull();
    expect(refused.reads).toBe(1);
  });

  it('an answer’s age counts from when its read began', async () => {
    const { cache, at } = setUp();
    const slow = held<string>();
    const asking = cache.get('ana', () => slow.promise);
    at(2_000);
    slow.resolve('Ana');
    expect(await asking).toBe('Ana');
    // Read at 0, answered at 2 s: at 5 s it is read again, not trusted until 7 s.
    at(5_000);
    let reads = 0;
    expect(await cache.get('ana', async () => `read ${++reads}`)).toBe('read 1');
  });

  it('keeps at most maxKeys answers, dropping the longest unrefreshed', async () => {
    const { cache } = setUp();
    cache.set('a', 'A');
    cache.set('b', 'B');
    cache.set('c', 'C');
    let reads = 0;
    const load = async () => `read ${++reads}`;
    expect(await cache.get('b', load)).toBe('B');
    expect(await cache.get('c', load)).toBe('C');
    expect(await cache.get('a', load)).toBe('read 1');
  });
});
