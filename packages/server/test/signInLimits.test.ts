import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, registration } from './support/accounts.js';
import type { HttpClient } from './support/httpClient.js';
import { startTestServer, type TestServer } from './support/testServer.js';

// The production limits (limits: {}), each file its own server so addresses do not mix.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ limits: {}, trustProxy: true });
});
afterAll(() => server?.close());

/** A client whose requests come from `address` (the server trusts X-Forwarded-For here). */
function from(address: string) {
  const client = server.client();
  const request = client.request.bind(client);
  client.request = (method, path, body, options = {}) =>
    request(method, path, body, {
      ...options,
      headers: { ...options.headers, 'x-forwarded-for': address },
    });
  return client;
}

async function signUp(client: HttpClient, body: unknown) {
  await client.csrf();
  return client.post<Record<string, unknown>>('/accounts/register/', body, { csrf: true });
}

async function login(client: HttpClient, username: string, password: string) {
  if (!client.cookies.has('csrftoken')) await client.csrf();
  return client.post<Record<string, unknown>>(
    '/accounts/login/',
    { username, password },
    { csrf: true },
  );
}

describe('sign-up limits', () => {
  it('20 sign-ups an hour from one address pass; the 21st → 429 {detail}; another address is unaffected', async () => {
    const office = from('198.51.100.20');
    for (let i = 1; i <= 20; i += 1) {
      const response = await signUp(office, registration());
      expect(response.status, `sign-up ${i}`).toBe(201);
    }
    const refused = await signUp(office, registration());
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      detail: expect.stringMatching(/^Too many accounts were created from your network/),
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await signUp(from('198.51.100.21'), registration())).status).toBe(201);
  });

  it('a taken username or e-mail with other invalid fields gets only the field errors', async () => {
    const client = from('198.51.100.30');
    const { payload } = await registerUser(client);
    const takenName = await signUp(
      client,
      registration({ username: payload.username, phone: 'x', gender: 'X' as never }),
    );
    expect(takenName.status).toBe(400);
    expect(takenName.body).toEqual({
      phone: ['Enter a valid phone number.'],
      gender: ['"X" is not a valid choice.'],
    });
    const takenEmail = await signUp(
      client,
      registration({ email: payload.email, language: 'Klingonese' }),
    );
    expect(takenEmail.body).toEqual({ language: ['Unknown language.'] });
    // Every other field valid: the spec's bodies, as the client maps them.
    const taken = await signUp(client, registration({ username: payload.username }));
    expect(taken.body).toEqual({ username: ['Username already exists'] });
  });
});

describe('sign-in limits', () => {
  it('61 different logins from one address in a minute → 429 {detail} before the end', async () => {
    const sprayer = from('198.51.100.40');
    const statuses: number[] = [];
    for (let i = 0; i < 61; i += 1) {
      statuses.push((await login(sprayer, `victim${i}@example.com`, 'Summer2026!')).status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(20).every((s) => s === 429)).toBe(true);
    const refused = await login(sprayer, 'victim99', 'x');
    expect(refused.body).toEqual({ detail: expect.stringMatching(/^Too many sign-in attempts/) });
  });

  it('a household mistyping a few passwords behind one address still signs in', async () => {
    const address = '198.51.100.50';
    const people = [];
    for (let i = 0; i < 5; i += 1) people.push((await registerUser(from(address))).payload);
    for (const person of people) {
      const client = from(address);
      expect((await login(client, person.username, 'typo')).status).toBe(401);
      expect((await login(client, person.email, 'typo again')).status).toBe(401);
      expect((await login(client, person.username, person.password)).status).toBe(200);
    }
  });

  it('the username and the e-mail of one account share one budget (10 a minute), across addresses', async () => {
    const { payload } = await registerUser(from('198.51.100.60'));
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      // Five addresses, both spellings, each in its own case: still one account.
      const login_ = i % 2 ? payload.email.toUpperCase() : payload.username.toLowerCase();
      statuses.push((await login(from(`198.51.100.${61 + (i % 5)}`), login_, 'wrong')).status);
    }
    expect(statuses.every((s) => s === 401)).toBe(true);
    const refused = await login(from('198.51.100.70'), payload.email, payload.password);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ detail: expect.stringMatching(/^Too many sign-in attempts/) });
  });
});
