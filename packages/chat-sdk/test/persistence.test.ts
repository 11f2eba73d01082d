import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createParleyClient, type StorageLike } from '../src/index';
import { API_URL, ana, persistedValue } from './support/fixtures';
import {
  createSilentLogger,
  createTestClient,
  csrfHandler,
  useApiServer,
} from './support/test-client';

const server = useApiServer();

afterEach(() => {
  vi.useRealTimers();
});

describe('persistence', () => {
  it("stores only auth, under 'persist:root', in the redux-persist shape", async () => {
    server.use(
      csrfHandler(),
      http.post(`${API_URL}/accounts/login/`, () => HttpResponse.json({ access_token: 'tok' })),
      http.get(`${API_URL}/accounts/me/`, () => HttpResponse.json(ana)),
    );
    const { client, items } = createTestClient();
    await client.ready;

    await client.session.signIn('ana', 'secret');

    expect([...items.keys()]).toEqual(['persist:root']);
    const stored = items.get('persist:root') ?? '';
    expect(stored).toBe(
      `{"auth":${JSON.stringify(JSON.stringify({ accessToken: 'tok', user: ana }))},` +
        `"_persist":"{\\"version\\":1,\\"rehydrated\\":true}"}`,
    );
    const root = JSON.parse(stored) as { auth: string; _persist: string };
    expect(Object.keys(root)).toEqual(['auth', '_persist']);
    expect(JSON.parse(root.auth)).toEqual({ accessToken: 'tok', user: ana });
    expect(JSON.parse(root._persist)).toEqual({ version: 1, rehydrated: true });
  });

  it('rehydrates the session from a stored value', async () => {
    server.use(csrfHandler());
    const { client } = createTestClient({
      stored: { 'persist:root': persistedValue('stored-token', ana) },
    });
    expect(client.session.state.status).toBe('hydrating');

    await client.ready;

    expect(client.session.state).toEqual({
      status: 'signedIn',
      accessToken: 'stored-token',
      user: ana,
    });
  });

  it('rehydrates from an asynchronous storage', async () => {
    server.use(csrfHandler());
    const storage: StorageLike = {
      getItem: async () => persistedValue('async-token', ana),
      setItem: async () => {},
      removeItem: async () => {},
    };
    const client = createParleyClient({ apiUrl: API_URL, storage, logger: createSilentLogger() });

    await client.ready;

    expect(client.session.state.accessToken).toBe('async-token');
  });

  it.each([
    ['nothing stored', undefined],
    ['an unreadable value', 'not json'],
    ['a signed-out value', persistedValue(null, null)],
  ])('starts signed out with %s', async (_, value) => {
    server.use(csrfHandler());
    const { client } = createTestClient(
      value === undefined ? {} : { stored: { 'persist:root': value } },
    );
    await client.ready;
    expect(client.session.state).toEqual({ status: 'signedOut', accessToken: null, user: null });
  });

  it('gives up rehydrating after 5000 ms and starts signed out', async () => {
    vi.useFakeTimers();
    const neverAnswers: StorageLike = {
      getItem: () => new Promise<string | null>(() => {}),
      setItem: () => {},
      removeItem: () => {},
    };
    // fetch is injected so the start-up CSRF call needs no timers.
    const fetch = vi.fn(async () => Response.json({ csrfToken: 'csrf' }));
    const logger = createSilentLogger();
    const client = createParleyClient({ apiUrl: API_URL, storage: neverAnswers, fetch, logger });
    let ready = false;
    void client.ready.then(() => {
      ready = true;
    });

    await vi.advanceTimersByTimeAsync(4999);
    expect(ready).toBe(false);
    expect(client.session.state.status).toBe('hydrating');

    await vi.advanceTimersByTimeAsync(1);
    expect(ready).toBe(true);
    expect(client.session.state).toEqual({ status: 'signedOut', accessToken: null, user: null });
    expect(logger.warn).toHaveBeenCalledWith('[parley] rehydration gave up after 5000 ms');
    client.dispose();
  });

  it('a sign-in during rehydration is not overwritten by the late stored value', async () => {
    server.use(
      csrfHandler(),
      http.post(`${API_URL}/accounts/login/`, () => HttpResponse.json({ access_token: 'fresh' })),
      http.get(`${API_URL}/accounts/me/`, () => HttpResponse.json(ana)),
    );
    let answer: (value: string) => void = () => {};
    const slow: StorageLike = {
      getItem: () =>
        new Promise<string>((resolve) => {
          answer = resolve;
        }),
      setItem: () => {},
      removeItem: () => {},
    };
    const client = createParleyClient({
      apiUrl: API_URL,
      storage: slow,
      logger: createSilentLogger(),
    });

    await client.session.signIn('ana', 'secret');
    answer(persistedValue('stale', ana));
    await client.ready;

    expect(client.session.state.accessToken).toBe('fresh');
  });
});
