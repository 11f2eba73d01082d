import type { LimitStore } from './limitStore.js';

type Incremented = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A `store` for @fastify/rate-limit over the limits' store, so the per-route limits (uploads,
 * checkout, joining, Drive…) count in the database every instance shares, like every other
 * budget. Each route counts under its own kind (`route:POST:/chatmessage/upload-file/`).
 */
export function sharedRateLimitStore(store: LimitStore) {
  return class SharedRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly kind = 'route',
    ) {}

    incr(key: string, callback: Incremented, timeWindow: number): void {
      store.add(this.kind, key, timeWindow, 1).then(
        (state) =>
          callback(null, { current: state.count, ttl: Math.max(0, state.resetAt - Date.now()) }),
        (error: Error) => callback(error),
      );
    }

    read(key: string, callback: Incremented): void {
      store.read(this.kind, key).then(
        (state) =>
          callback(null, { current: state.count, ttl: Math.max(0, state.resetAt - Date.now()) }),
        (error: Error) => callback(error),
      );
    }

    /** The plugin's per-route store: its parameters carry the route as `routeInfo`. */
    child(params: object) {
      const route: { method?: string | string[]; url?: string } =
        (params as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo ?? {};
      const method = [route.method ?? ''].flat().join(',');
      return new SharedRateLimitStore(undefined, `route:${method}:${route.url ?? ''}`);
    }
  };
}
