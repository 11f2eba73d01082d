import type { CurrentUser } from '@parley/chat-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, registration } from './support/accounts.js';
import type { HttpClient } from './support/httpClient.js';
import { startTestServer, type TestServer } from './support/testServer.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

async function postRegister(body: unknown, client: HttpClient = server.client()) {
  await client.csrf();
  return client.post('/accounts/register/', body, { csrf: true });
}

async function userCount(): Promise<number> {
  const result = await server.pglite.query<{ n: number }>('select count(*)::int as n from users');
  return result.rows[0]?.n ?? 0;
}

describe('GET /accounts/csrf/', () => {
  it('returns the token and sets the csrftoken cookie (Path=/, SameSite=Lax, HttpOnly)', async () => {
    const response = await fetch(`${server.url}/accounts/csrf/`);
    const body = (await response.json()) as { csrfToken: string };
    expect(response.status).toBe(200);
    expect(body.csrfToken).toMatch(/^[\w-]{32,}$/);
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('csrftoken='));
    expect(cookie).toContain(`csrftoken=${body.csrfToken}`);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/HttpOnly/);
  });

  it('keeps an existing token so concurrent tabs stay valid', async () => {
    const client = server.client();
    expect(await client.csrf()).toBe(await client.csrf());
  });
});

describe('CSRF on the cookie-authenticated calls', () => {
  const calls = [
    '/accounts/register/',
    '/accounts/login/',
    '/accounts/token/refresh/',
    '/accounts/logout/',
  ];

  it.each(calls)('%s without the X-CSRFToken header → 403', async (path) => {
    const client = server.client();
    await client.csrf();
    const response = await client.post(path, {});
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ detail: 'CSRF token missing or incorrect.' });
  });

  it.each(calls)('%s with a header that differs from the cookie → 403', async (path) => {
    const client = server.client();
    await client.csrf();
    const response = await client.post(path, {}, { csrf: 'x'.repeat(43) });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ detail: 'CSRF token missing or incorrect.' });
  });

  it.each(calls)(
    '%s with a made-up token used as both cookie and header → 403 (tokens are signed)',
    async (path) => {
      const client = server.client();
      const forged = 'A'.repeat(75);
      client.cookies.set('csrftoken', forged);
      const response = await client.post(path, registration(), { csrf: forged });
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ detail: 'CSRF token missing or incorrect.' });
    },
  );

  it("refuses another server's real token, and replaces a forged cookie with a signed token", async () => {
    const other = await startTestServer({
      jwtSecret: 'another-server-secret-0123456789-abcdefghij',
    });
    try {
      const token = await other.client().csrf();
      const client = server.client();
      client.cookies.set('csrftoken', token);
      const refused = await client.post('/accounts/register/', registration(), { csrf: token });
      expect(refused.status).toBe(403);
      // GET /accounts/csrf/ does not adopt the foreign value; the new token then works.
      const fresh = await client.csrf();
      expect(fresh).not.toBe(token);
      const accepted = await client.post('/accounts/register/', registration(), { csrf: true });
      expect(accepted.status).toBe(201);
    } finally {
      await other.close();
    }
  });

  it('refuses a header without any cookie', async () => {
    const response = await server.client().post('/accounts/register/', registration(), {
      csrf: 'x'.repeat(43),
    });
    expect(response.status).toBe(403);
  });
});

describe('POST /accounts/register/', () => {
  it('creates the account: 201 {user_name, access_token, user_id} and a refresh cookie', async () => {
    const client = server.client();
    const payload = registration({ language: '  haitian creole ', gender: 'OTHER' });
    await client.csrf();
    const response = await client.post<{
      user_name: string;
      access_token: string;
      user_id: number;
    }>('/accounts/register/', payload, { csrf: true });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      user_name: payload.username,
      access_token: expect.any(String),
      user_id: expect.any(Number),
    });
    const refreshCookie = response.headers
      .getSetCookie()
      .find((c) => c.startsWith('parley_refresh='));
    expect(refreshCookie).toMatch(/Path=\/accounts\//);
    expect(refreshCookie).toMatch(/HttpOnly/);
    expect(refreshCookie).toMatch(/SameSite=Lax/);
    expect(refreshCookie).not.toMatch(/Secure/);

    const me = await client.get<CurrentUser>('/accounts/me/', {
      token: response.body.access_token,
    });
    expect(me.body).toEqual({
      id: response.body.user_id,
      username: payload.username,
      email: payload.email,
      phone: payload.phone,
      gender: 'OTHER',
      first_name: null,
      last_name: null,
      profile_image: null,
      language: 'Haitian Creole',
      profile_info: '',
      chat_theme: 'default',
      mute_sounds: false,
      voice_output_enabled: true,
      auto_correct: false,
      read_receipts: true,
      link_previews: true,
      interface_language: null,
      subscription_active: false,
      is_org_admin: false,
      org_invite_token: null,
      is_lifetime: false,
      org_members: [],
      org_max_users: null,
      followers_count: 0,
    });
  });

  it('stores the password as a salted scrypt hash, never in clear', async () => {
    const client = server.client();
    const { user_id, payload } = await registerUser(client);
    const other = await registerUser(client, { password: payload.password });
    const rows = await server.pglite.query<{ password_hash: string }>(
      'select password_hash from users where id = any($1) order by id',
      [[user_id, other.user_id]],
    );
    const [a, b] = rows.rows.map((r) => r.password_hash);
    expect(a).toMatch(/^scrypt\$/);
    expect(a).not.toContain(payload.password);
    expect(a).not.toBe(b);
  });

  it('trims text fields and keeps the password exactly as typed', async () => {
    const client = server.client();
    const payload = registration();
    await client.csrf();
    const response = await client.post<{ user_name: string }>(
      '/accounts/register/',
      {
        ...payload,
        username: `  ${payload.username}  `,
        email: ` ${payload.email} `,
        password: ' pw ',
      },
      { csrf: true },
    );
    expect(response.body.user_name).toBe(payload.username);
    const login = await client.post(
      '/accounts/login/',
      { username: payload.username, password: ' pw ' },
      { csrf: true },
    );
    expect(login.status).toBe(200);
    const trimmed = await client.post(
      '/accounts/login/',
      { username: payload.username, password: 'pw' },
      { csrf: true },
    );
    expect(trimmed.status).toBe(401);
  });

  it('reports every missing field at once and stores nothing', async () => {
    const before = await userCount();
    const response = await postRegister({});
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      username: ['This field is required.'],
      email: ['This field is required.'],
      phone: ['This field is required.'],
      password: ['This field is required.'],
      language: ['This field is required.'],
      gender: ['This field is required.'],
    });
    expect(await userCount()).toBe(before);
  });

  it('treats whitespace-only values as missing', async () => {
    const response = await postRegister(
      registration({ username: '   ', email: '\t', phone: ' ', password: '   ', language: ' ' }),
    );
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      username: ['This field is required.'],
      email: ['This field is required.'],
      phone: ['This field is required.'],
      password: ['This field is required.'],
      language: ['This field is required.'],
    });
  });

  it('refuses wrong JSON types as field errors', async () => {
    const response = await postRegister({
      username: 42,
      email: ['a@b.co'],
      phone: { n: 1 },
      password: true,
      language: null,
      gender: 1,
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      username: ['Not a valid string.'],
      email: ['Not a valid string.'],
      phone: ['Not a valid string.'],
      password: ['Not a valid string.'],
      language: ['This field may not be null.'],
      gender: ['Not a valid string.'],
    });
  });

  it.each([
    ['username', 'has space', 'Enter a valid username.'],
    ['username', 'semi;colon', 'Enter a valid username.'],
    ['username', 'a'.repeat(151), 'Ensure this field has no more than 150 characters.'],
    ['email', 'not-an-email', 'Enter a valid email address.'],
    ['email', 'two@@example.com', 'Enter a valid email address.'],
    [
      'email',
      `${'a'.repeat(64)}@${'b'.repeat(190)}.com`,
      'Ensure this field has no more than 254 characters.',
    ],
    ['phone', '12-34', 'Enter a valid phone number.'],
    ['phone', 'call me 12345', 'Enter a valid phone number.'],
    ['phone', '1'.repeat(33), 'Ensure this field has no more than 32 characters.'],
    ['password', 'p'.repeat(129), 'Ensure this field has no more than 128 characters.'],
    ['language', 'Klingon', 'Unknown language.'],
    ['gender', 'male', '"male" is not a valid choice.'],
    ['gender', 'UNKNOWN', '"UNKNOWN" is not a valid choice.'],
    ['profile', 'ignored', null],
  ])('%s = %j → %s', async (field, value, message) => {
    const before = await userCount();
    const response = await postRegister({ ...registration(), [field]: value });
    if (message === null) {
      expect(response.status).toBe(201);
      return;
    }
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ [field]: [message] });
    expect(await userCount()).toBe(before);
  });

  it('accepts usernames in any script and the @ . + - _ characters', async () => {
    for (const username of ['José.María+1', 'नमस्ते_2', 'user@home', 'a-b_c']) {
      const response = await postRegister(registration({ username }));
      expect(response.status, username).toBe(201);
    }
  });

  it('refuses null characters instead of failing in the database', async () => {
    const response = await postRegister(registration({ password: 'a\u0000b' }));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ password: ['Null characters are not allowed.'] });
  });

  it('reports a taken username and e-mail case-insensitively, with the exact bodies', async () => {
    const client = server.client();
    const { payload } = await registerUser(client, {
      username: 'CaseUser',
      email: 'Case@Example.com',
    });

    const sameUsername = await postRegister(registration({ username: 'caseuser' }));
    expect(sameUsername.status).toBe(400);
    expect(sameUsername.body).toEqual({ username: ['Username already exists'] });

    const sameEmail = await postRegister(registration({ email: 'CASE@example.COM' }));
    expect(sameEmail.status).toBe(400);
    expect(sameEmail.body).toEqual({ email: ['Email already exists'] });

    const both = await postRegister(
      registration({
        username: payload.username.toUpperCase(),
        email: payload.email.toLowerCase(),
      }),
    );
    expect(both.body).toEqual({
      username: ['Username already exists'],
      email: ['Email already exists'],
    });

    const withOtherErrors = await postRegister(
      registration({ username: 'CASEUSER', gender: 'X' as never }),
    );
    // Other fields' errors come first: whether the name is taken is said only once all are valid.
    expect(withOtherErrors.body).toEqual({
      gender: ['"X" is not a valid choice.'],
    });
  });

  it('lets exactly one of two simultaneous registrations of one name succeed', async () => {
    const a = server.client();
    const b = server.client();
    const [ra, rb] = await Promise.all([
      postRegister(registration({ username: 'RaceName' }), a),
      postRegister(registration({ username: 'racename' }), b),
    ]);
    expect([ra.status, rb.status].sort()).toEqual([201, 400]);
    expect((ra.status === 400 ? ra : rb).body).toEqual({ username: ['Username already exists'] });
  });

  it('stores SQL and HTML verbatim as data', async () => {
    const client = server.client();
    const evil = "Robert'); DROP TABLE users;--";
    const { access_token } = await registerUser(client, { username: 'bobby_tables' });
    const html = "<img src=x onerror=alert(1)> and '; DELETE FROM users; --";
    const update = await client.patch<CurrentUser>(
      '/accounts/update-profile-info/',
      { profile_info: `${evil} ${html}` },
      { token: access_token },
    );
    expect(update.status).toBe(200);
    expect(update.body.profile_info).toBe(`${evil} ${html}`);
    const me = await client.get<CurrentUser>('/accounts/me/', { token: access_token });
    expect(me.body.profile_info).toBe(`${evil} ${html}`);
    expect(await userCount()).toBeGreaterThan(1);

    const sqlEmail = await postRegister(registration({ email: "x'or'1'='1@example.com" }));
    expect(sqlEmail.status).toBe(201);
  });
});

describe('request bodies', () => {
  it('malformed JSON → 400 {detail}', async () => {
    const client = server.client();
    await client.csrf();
    const response = await client.post('/accounts/register/', '{"username": "a",', { csrf: true });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ detail: 'Malformed JSON in request body.' });
  });

  it('a JSON body that is not an object → 400 {detail}', async () => {
    const response = await postRegister([1, 2]);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ detail: 'Expected a JSON object.' });
  });

  it('a body over 64 KiB → 413 {detail}', async () => {
    const before = await userCount();
    const response = await postRegister(registration({ phone: '1'.repeat(70 * 1024) }));
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ detail: 'Request body is too large.' });
    expect(await userCount()).toBe(before);
  });

  it('non-JSON content types → 415 {detail}', async () => {
    const client = server.client();
    await client.csrf();
    const response = await client.post('/accounts/register/', 'username=a', {
      csrf: true,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.status).toBe(415);
    expect(response.body).toEqual({ detail: 'Unsupported media type.' });
  });

  it('prototype pollution keys are refused', async () => {
    const client = server.client();
    await client.csrf();
    const response = await client.post(
      '/accounts/register/',
      '{"__proto__": {"isAdmin": true}, "username": "x"}',
      { csrf: true },
    );
    expect(response.status).toBe(400);
    expect(response.body).toHaveProperty('detail');
  });
});
