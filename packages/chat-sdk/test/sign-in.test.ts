import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { SDK_MESSAGES, SignInError } from '../src/index';
import { API_URL, ana, persistedValue } from './support/fixtures';
import { createCallLog, createTestClient, csrfHandler, useApiServer } from './support/test-client';

const server = useApiServer();

describe('signIn', () => {
  it('logs in, loads the current user, and is signed in', async () => {
    const log = createCallLog();
    let loginBody: unknown;
    let meAuth: string | null = null;
    server.use(
      csrfHandler(),
      http.post(`${API_URL}/accounts/login/`, async ({ request }) => {
        log.record(request);
        loginBody = await request.json();
        return HttpResponse.json({ access_token: 'tok' });
      }),
      http.get(`${API_URL}/accounts/me/`, ({ request }) => {
        log.record(request);
        meAuth = request.headers.get('Authorization');
        return HttpResponse.json(ana);
      }),
    );
    const { client, items } = createTestClient();
    await client.ready;
    const changes: string[] = [];
    client.on('session:changed', () => changes.push(client.session.state.status));

    await expect(client.session.signIn('ana@example.com', 'secret')).resolves.toEqual(ana);

    expect(log.calls).toEqual(['POST /accounts/login/', 'GET /accounts/me/']);
    expect(loginBody).toEqual({ username: 'ana@example.com', password: 'secret' });
    expect(meAuth).toBe('Bearer tok');
    expect(client.session.state).toEqual({ status: 'signedIn', accessToken: 'tok', user: ana });
    expect(changes).toEqual(['signedIn']);
    expect(items.get('persist:root')).toBe(persistedValue('tok', ana));
  });

  const failures: [string, () => Response][] = [
    [
      'wrong credentials (401)',
      () => HttpResponse.json({ detail: 'Invalid username or password' }, { status: 401 }),
    ],
    ['rate limiting (429)', () => HttpResponse.json({ detail: 'Slow down' }, { status: 429 })],
    ['a server error without body', () => new HttpResponse(null, { status: 500 })],
    ['a network failure', () => HttpResponse.error()],
    ['an answer without access_token', () => HttpResponse.json({})],
  ];

  it.each(failures)("any failure shows 'Invalid username or password': %s", async (_, answer) => {
    server.use(
      csrfHandler(),
      http.post(`${API_URL}/accounts/login/`, answer),
      http.get(`${API_URL}/accounts/me/`, () => HttpResponse.json(ana)),
    );
    const { client, items } = createTestClient();
    await client.ready;

    const error = await client.session.signIn('ana', 'secret').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(SignInError);
    expect((error as Error).message).toBe('Invalid username or password');
    expect((error as Error).message).toBe(SDK_MESSAGES.invalidCredentials);
    expect(client.session.state).toEqual({ status: 'signedOut', accessToken: null, user: null });
    expect(items.size).toBe(0);
  });

  it("shows 'Invalid username or password' when loading the user fails after login", async () => {
    const statuses: string[] = [];
    server.use(
      csrfHandler(),
      http.post(`${API_URL}/accounts/login/`, () => HttpResponse.json({ access_token: 'tok' })),
      http.get(`${API_URL}/accounts/me/`, () => new HttpResponse(null, { status: 500 })),
    );
    const { client } = createTestClient();
    await client.ready;
    client.on('session:changed', () => statuses.push(client.session.state.status));

    await expect(client.session.signIn('ana', 'secret')).rejects.toThrow(
      'Invalid username or password',
    );
    expect(client.session.state.accessToken).toBeNull();
    expect(statuses).toEqual([]);
  });
});

describe('signOut', () => {
  it('calls logout, then clears the state and the stored session even when logout fails', async () => {
    const log = createCallLog();
    server.use(
      csrfHandler(),
      http.post(`${API_URL}/accounts/logout/`, ({ request }) => {
        log.record(request);
        return HttpResponse.error();
      }),
    );
    const { client, items } = createTestClient({
      stored: { 'persist:root': persistedValue('tok', ana) },
    });
    await client.ready;

    await client.session.signOut();

    expect(log.calls).toEqual(['POST /accounts/logout/']);
    expect(client.session.state).toEqual({ status: 'signedOut', accessToken: null, user: null });
    expect(items.has('persist:root')).toBe(false);
  });
});
