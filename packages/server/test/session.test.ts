import type { CurrentUser } from '@parley/chat-sdk';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from './support/accounts.js';
import { HttpClient } from './support/httpClient.js';
import { startTestServer, TEST_JWT_SECRET, type TestServer } from './support/testServer.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const INVALID = { detail: 'Invalid username or password' };

async function login(client: HttpClient, username: unknown, password: unknown) {
  if (!client.cookies.has('csrftoken')) await client.csrf();
  return client.post<{ access_token: string }>(
    '/accounts/login/',
    { username, password },
    { csrf: true },
  );
}

describe('POST /accounts/login/', () => {
  it('signs in by username, case-insensitively: 200 {access_token} and a refresh cookie', async () => {
    const { payload } = await registerUser(server.client(), { username: 'LoginAna' });
    const client = server.client();
    const response = await login(client, 'loginana', payload.password);
    expect(response.status).toBe(200);
    expect(Object.keys(response.body)).toEqual(['access_token']);
    expect(client.cookies.get('parley_refresh')).toBeTruthy();
    const me = await client.get<CurrentUser>('/accounts/me/', {
      token: response.body.access_token,
    });
    expect(me.body.username).toBe('LoginAna');
  });

  it('signs in by e-mail', async () => {
    const { payload, user_id } = await registerUser(server.client());
    const client = server.client();
    const response = await login(client, payload.email.toUpperCase(), payload.password);
    expect(response.status).toBe(200);
    const me = await client.get<CurrentUser>('/accounts/me/', {
      token: response.body.access_token,
    });
    expect(me.body.id).toBe(user_id);
  });

  it('answers a wrong password and an unknown user identically', async () => {
    const { payload } = await registerUser(server.client());
    const wrongPassword = await login(server.client(), payload.username, 'nope');
    const unknownUser = await login(server.client(), 'nobody-at-all', 'nope');
    const unknownEmail = await login(server.client(), 'nobody@example.com', payload.password);
    for (const response of [wrongPassword, unknownUser, unknownEmail]) {
      expect(response.status).toBe(401);
      expect(response.body).toEqual(INVALID);
      expect(response.headers.getSetCookie().some((c) => c.startsWith('parley_refresh='))).toBe(
        false,
      );
    }
    expect(wrongPassword.text).toBe(unknownUser.text);
  });

  it('missing or wrongly typed fields → 400 field errors', async () => {
    const response = await login(server.client(), undefined, 12);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      username: ['This field is required.'],
      password: ['Not a valid string.'],
    });
  });

  it('rate limits to 10 attempts a minute per account → 429 {detail}', async () => {
    const { payload } = await registerUser(server.client(), { username: 'Limited' });
    const client = server.client();
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const response = await login(client, attempt % 2 ? 'limited' : 'LIMITED ', 'wrong');
      expect(response.status, `attempt ${attempt}`).toBe(401);
    }
    const limited = await login(client, 'Limited', payload.password);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ detail: expect.stringMatching(/^Too many sign-in attempts/) });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);

    // Another username from the same address has its own budget.
    const other = await registerUser(server.client());
    expect((await login(client, other.payload.username, other.payload.password)).status).toBe(200);
  });
});

describe('GET /accounts/me/', () => {
  it('needs a bearer token → 401 {detail}', async () => {
    const response = await server.client().get('/accounts/me/');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ detail: 'Authentication credentials were not provided.' });
  });

  it.each([
    ['garbage', 'not-a-jwt'],
    ['a different scheme', null],
  ])('refuses %s → 401', async (_name, token) => {
    const response = await server.client().get('/accounts/me/', {
      headers: { authorization: token ? `Bearer ${token}` : 'Basic YTpi' },
    });
    expect(response.status).toBe(401);
    expect(response.body).toHaveProperty('detail');
  });

  it('refuses an expired token, one signed with another key, and one of a deleted user', async () => {
    const { user_id } = await registerUser(server.client());
    const sign = (secret: string, exp: number, sub = String(user_id)) =>
      new SignJWT({ username: 'x' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(sub)
        .setIssuedAt(exp - 900)
        .setExpirationTime(exp)
        .sign(new TextEncoder().encode(secret));
    const now = Math.floor(Date.now() / 1000);
    const valid = await sign(TEST_JWT_SECRET, now + 60);
    expect((await server.client().get('/accounts/me/', { token: valid })).status).toBe(200);

    for (const token of [
      await sign(TEST_JWT_SECRET, now - 10),
      await sign('another-secret-another-secret-another', now + 60),
      await sign(TEST_JWT_SECRET, now + 60, '999999'),
    ]) {
      const response = await server.client().get('/accounts/me/', { token });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ detail: 'Given token not valid for any token type' });
    }
  });

  it('refuses an unsigned (alg none) token', async () => {
    const { user_id } = await registerUser(server.client());
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const token = `${encode({ alg: 'none' })}.${encode({ sub: String(user_id), username: 'x', exp: 9e9 })}.`;
    expect((await server.client().get('/accounts/me/', { token })).status).toBe(401);
  });
});

describe('POST /accounts/token/refresh/', () => {
  async function refresh(client: HttpClient) {
    return client.post<{ access: string }>('/accounts/token/refresh/', {}, { csrf: true });
  }

  it('rotates: a new access token and cookie; the old cookie then fails and revokes the family', async () => {
    const client = server.client();
    await registerUser(client);
    const first = client.cookies.get('parley_refresh');

    const rotated = await refresh(client);
    expect(rotated.status).toBe(200);
    expect(Object.keys(rotated.body)).toEqual(['access']);
    const second = client.cookies.get('parley_refresh');
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    expect((await client.get('/accounts/me/', { token: rotated.body.access })).status).toBe(200);

    // The newest cookie keeps working.
    const again = await refresh(client);
    expect(again.status).toBe(200);
    const newest = client.cookies.get('parley_refresh');

    // Replaying the first (already used) token: 401, cookie cleared, family revoked…
    const thief = new HttpClient(server.url);
    thief.cookies.set('csrftoken', client.cookies.get('csrftoken') ?? '');
    thief.cookies.set('parley_refresh', first ?? '');
    const replay = await refresh(thief);
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual({ detail: 'Refresh token is invalid or expired.' });
    expect(thief.cookies.has('parley_refresh')).toBe(false);

    // …so even the newest token of that family is dead now.
    expect(client.cookies.get('parley_refresh')).toBe(newest);
    const afterReuse = await refresh(client);
    expect(afterReuse.status).toBe(401);
  });

  it('keeps other sign-ins (other families) of the same user alive after a reuse', async () => {
    const client = server.client();
    const { payload } = await registerUser(client);
    const laptop = server.client();
    await login(laptop, payload.username, payload.password);

    const used = client.cookies.get('parley_refresh') ?? '';
    expect((await refresh(client)).status).toBe(200);
    expect((await refresh(client)).status).toBe(200);
    client.cookies.set('parley_refresh', used);
    expect((await refresh(client)).status).toBe(401);
    expect((await refresh(laptop)).status).toBe(200);
  });

  it('lets a refresh whose answer was lost (page left mid-refresh) be repeated within 30 s', async () => {
    const client = server.client();
    await registerUser(client);
    const original = client.cookies.get('parley_refresh') ?? '';
    // The first tab's refresh rotated the token, but the page went away before storing the answer.
    expect((await refresh(client)).status).toBe(200);
    client.cookies.set('parley_refresh', original);
    const repeated = await refresh(client);
    expect(repeated.status).toBe(200);
    expect((await client.get('/accounts/me/', { token: repeated.body.access })).status).toBe(200);
    // The family lives on.
    expect((await refresh(client)).status).toBe(200);
  });

  it('lets two tabs refresh with the same cookie at once', async () => {
    const client = server.client();
    await registerUser(client);
    const [one, two] = await Promise.all([refresh(client), refresh(client)]);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect((await refresh(client)).status).toBe(200);
  });

  it('treats the same repeat after the grace window as a theft and revokes the family', async () => {
    const client = server.client();
    await registerUser(client);
    const original = client.cookies.get('parley_refresh') ?? '';
    expect((await refresh(client)).status).toBe(200);
    const successor = client.cookies.get('parley_refresh') ?? '';
    await server.pglite.query(
      "update refresh_tokens set used_at = now() - interval '31 seconds' where used_at is not null",
    );
    client.cookies.set('parley_refresh', original);
    expect((await refresh(client)).status).toBe(401);
    client.cookies.set('parley_refresh', successor);
    expect((await refresh(client)).status).toBe(401);
  });

  it('without a cookie or with an unknown one → 401 {detail}', async () => {
    const client = server.client();
    await client.csrf();
    const missing = await refresh(client);
    expect(missing.status).toBe(401);
    expect(missing.body).toHaveProperty('detail');
    client.cookies.set('parley_refresh', 'made-up');
    const unknown = await refresh(client);
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({ detail: 'Refresh token is invalid or expired.' });
  });

  it('refuses an expired refresh token', async () => {
    const client = server.client();
    await registerUser(client);
    await server.pglite.query(
      "update refresh_tokens set expires_at = now() - interval '1 second' where used_at is null",
    );
    expect((await refresh(client)).status).toBe(401);
  });
});

describe('POST /accounts/logout/', () => {
  it('answers 204, clears the cookie and revokes the family', async () => {
    const client = server.client();
    await registerUser(client);
    const token = client.cookies.get('parley_refresh') ?? '';
    const response = await client.post('/accounts/logout/', {}, { csrf: true });
    expect(response.status).toBe(204);
    expect(client.cookies.has('parley_refresh')).toBe(false);

    client.cookies.set('parley_refresh', token);
    const refreshAfterLogout = await client.post('/accounts/token/refresh/', {}, { csrf: true });
    expect(refreshAfterLogout.status).toBe(401);
  });

  it('succeeds without a refresh cookie and with an empty body', async () => {
    const client = server.client();
    await client.csrf();
    const response = await client.post('/accounts/logout/', undefined, { csrf: true });
    expect(response.status).toBe(204);
  });
});
