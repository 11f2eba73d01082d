import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import {
  createParleyClient,
  type ParleyClient,
  type ParleyClientOptions,
  type StorageLike,
} from '../../src/index';
import { API_URL } from './fixtures';

/**
 * A real HTTP layer for the sdk: MSW intercepts fetch in Node. Requests to real local servers
 * (127.0.0.1, e.g. the socket tests' `ws` server) pass through; any other unhandled one fails.
 */
export function useApiServer() {
  const server = setupServer();
  beforeAll(() =>
    server.listen({
      onUnhandledRequest: (request, print) => {
        if (new URL(request.url).hostname !== '127.0.0.1') print.error();
      },
    }),
  );
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}

/** A memory storage whose keys can be inspected. */
export function createInspectableStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  const storage: StorageLike = {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      items.set(key, value);
    },
    removeItem: (key) => {
      items.delete(key);
    },
  };
  return { storage, items };
}

export function createSilentLogger() {
  return { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
}

/** A client against the MSW API with an inspectable storage and a silent logger. */
export function createTestClient(
  options: Partial<ParleyClientOptions> & { stored?: Record<string, string> } = {},
) {
  const { stored, ...rest } = options;
  const { storage, items } = createInspectableStorage(stored);
  const logger = createSilentLogger();
  const client: ParleyClient = createParleyClient({ apiUrl: API_URL, storage, logger, ...rest });
  return { client, storage, items, logger };
}

/** Counts requests per "METHOD /path/" and keeps their order. */
export function createCallLog() {
  const calls: string[] = [];
  return {
    calls,
    record(request: Request) {
      calls.push(`${request.method} ${new URL(request.url).pathname}`);
    },
    count(call: string) {
      return calls.filter((entry) => entry === call).length;
    },
  };
}

/** GET /accounts/csrf/ answering 'csrf-1', 'csrf-2', … */
export function csrfHandler(log?: ReturnType<typeof createCallLog>) {
  let issued = 0;
  return http.get(`${API_URL}/accounts/csrf/`, ({ request }) => {
    log?.record(request);
    issued += 1;
    return HttpResponse.json({ csrfToken: `csrf-${issued}` });
  });
}
