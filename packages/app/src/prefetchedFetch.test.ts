import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  PREFETCH_FRESH_MS,
  PREFETCH_GLOBAL,
  type PrefetchedCall,
  prefetchedFetch,
} from './prefetchedFetch';

function holderWith(calls: Record<string, PrefetchedCall>) {
  return { [PREFETCH_GLOBAL]: calls };
}

const answer = (body: string) => Promise.resolve(new Response(body, { status: 200 }));
const bearer = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

describe('prefetchedFetch', () => {
  const network = vi.fn((input: RequestInfo | URL) => answer(`network ${String(input)}`));
  vi.stubGlobal('fetch', network);
  afterEach(() => network.mockClear());

  it('hands a prefetched answer to the first identical GET, once, and takes the global', async () => {
    const holder = holderWith({
      '/chatmessage/chats/': { token: 't1', at: 1_000, response: answer('early') },
    });
    const fetch = prefetchedFetch(holder, () => 2_000);
    expect(PREFETCH_GLOBAL in holder).toBe(false);
    expect(await (await fetch('/chatmessage/chats/', bearer('t1'))).text()).toBe('early');
    expect(await (await fetch('/chatmessage/chats/', bearer('t1'))).text()).toBe(
      'network /chatmessage/chats/',
    );
    expect(network).toHaveBeenCalledTimes(1);
  });

  it('asks the network when the token, the method or the age differ, or the caller aborted', async () => {
    const calls = () => ({
      '/a/': { token: 't1', at: 1_000, response: answer('early') },
    });
    const aborted = new AbortController();
    aborted.abort();
    const cases: [RequestInit, number][] = [
      [bearer('t2'), 2_000],
      [{}, 2_000],
      [{ ...bearer('t1'), method: 'POST' }, 2_000],
      [bearer('t1'), 1_000 + PREFETCH_FRESH_MS + 1],
      [{ ...bearer('t1'), signal: aborted.signal }, 2_000],
    ];
    for (const [init, at] of cases) {
      const fetch = prefetchedFetch(holderWith(calls()), () => at);
      expect(await (await fetch('/a/', init)).text()).toBe('network /a/');
    }
    expect(network).toHaveBeenCalledTimes(cases.length);
  });

  it('asks again when the prefetch failed, and passes other addresses through', async () => {
    const failed = Promise.reject(new TypeError('offline'));
    failed.catch(() => undefined);
    const fetch = prefetchedFetch(
      holderWith({ '/a/': { token: 't', at: 0, response: failed } }),
      () => 0,
    );
    expect(await (await fetch('/a/', bearer('t'))).text()).toBe('network /a/');
    expect(await (await fetch('/b/', bearer('t'))).text()).toBe('network /b/');
  });

  it('works with nothing prefetched (a signed-out visit, a partner page)', async () => {
    const fetch = prefetchedFetch({}, () => 0);
    expect(await (await fetch('/accounts/me/')).text()).toBe('network /accounts/me/');
  });
});
