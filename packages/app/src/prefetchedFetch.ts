/**
 * The app's fetch: API answers that route-preload.js asked for while index.html was parsed
 * (routePreload.ts, PREFETCHED) are handed to the sdk's first identical request, each once, so a
 * signed-in page's first data does not wait for the app to download and run before it is asked
 * for. Everything else, and any answer that no longer fits, goes to the network as before.
 *
 * A prefetched answer is used only when the request is the same call: GET, the same address, and
 * the same bearer token (a session refreshed or changed since asks again), within
 * PREFETCH_FRESH_MS of when it was asked. A prefetch that failed (offline) is asked again. A 401
 * is handed over like any answer: the sdk refreshes the token and replays with a fresh request.
 */

/** The global route-preload.js leaves its requests under. */
export const PREFETCH_GLOBAL = '__parleyPrefetch';
/** How long after it was asked an answer may still be handed over (ms). */
export const PREFETCH_FRESH_MS = 10_000;

/** One call route-preload.js made: the token it used, when, and the answer to come. */
export interface PrefetchedCall {
  token: string;
  /** Date.now() when it was asked. */
  at: number;
  response: Promise<Response>;
}

type PrefetchHolder = { [PREFETCH_GLOBAL]?: Record<string, PrefetchedCall> };

/** Takes what route-preload.js left (once: the global is emptied) and answers a fetch that uses it. */
export function prefetchedFetch(
  holder: PrefetchHolder = globalThis as PrefetchHolder,
  now: () => number = Date.now,
): typeof fetch {
  const waiting = new Map(Object.entries(holder[PREFETCH_GLOBAL] ?? {}));
  delete holder[PREFETCH_GLOBAL];
  // The network's fetch is read at call time, as the sdk's default is (tests replace it).
  const network: typeof fetch = (input, init) => globalThis.fetch(input, init);
  return (input, init) => {
    if (waiting.size === 0 || typeof input !== 'string') return network(input, init);
    const call = waiting.get(input);
    if (!call) return network(input, init);
    waiting.delete(input);
    const method = (init?.method ?? 'GET').toUpperCase();
    const authorization = new Headers(init?.headers).get('Authorization');
    const usable =
      method === 'GET' &&
      authorization === `Bearer ${call.token}` &&
      now() - call.at <= PREFETCH_FRESH_MS &&
      !init?.signal?.aborted;
    if (!usable) return network(input, init);
    return call.response.catch(() => network(input, init));
  };
}
