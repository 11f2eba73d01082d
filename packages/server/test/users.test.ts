import type { PagedList, UserSummary } from '@parley/chat-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from './support/accounts.js';
import type { HttpClient } from './support/httpClient.js';
import { startTestServer, type TestServer } from './support/testServer.js';

let server: TestServer;
let client: HttpClient;
let token: string;
let myId: number;

beforeAll(async () => {
  server = await startTestServer();
  client = server.client();
  const me = await registerUser(client, { username: 'searcher' });
  token = me.access_token;
  myId = me.user_id;
  // 25 "member" users plus a few others, inserted directly: hashing 30 passwords adds nothing here.
  const names = [
    ...Array.from({ length: 25 }, (_, i) => `member${String(i).padStart(2, '0')}`),
    'Zoe_MEMBER',
    'ana',
    '100%_real',
    'under_score',
  ];
  for (const name of names) {
    await server.pglite.query(
      `insert into users (username, email, phone, gender, password_hash, language)
       values ($1, $2, '12345', 'OTHER', 'x', 'English')`,
      [name, `${name}@example.com`],
    );
  }
});
afterAll(() => server?.close());

function list(query = '') {
  return client.get<PagedList<UserSummary>>(`/accounts/users/${query}`, { token });
}

describe('GET /accounts/users/', () => {
  it('pages by 20 with count and a next link, excluding the caller', async () => {
    const first = await list();
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(29);
    expect(first.body.results).toHaveLength(20);
    expect(first.body.next).toBe('/accounts/users/?page=2');
    expect(first.body.results.some((u) => u.id === myId)).toBe(false);
    expect(first.body.results[0]).toEqual({
      id: expect.any(Number),
      username: '100%_real',
      profile_image: null,
      first_name: null,
      last_name: null,
      followers_count: 0,
      // Parley extension (issue 25): the language(s) the person writes.
      languages: ['en'],
    });

    const second = await client.get<PagedList<UserSummary>>(first.body.next ?? '', { token });
    expect(second.body.results).toHaveLength(9);
    expect(second.body.next).toBeNull();
    const ids = [...first.body.results, ...second.body.results].map((u) => u.id);
    expect(new Set(ids).size).toBe(29);
  });

  it('searches a case-insensitive username substring and keeps it in next', async () => {
    const first = await list('?search=MEMBER');
    expect(first.body.count).toBe(26);
    expect(first.body.next).toBe('/accounts/users/?page=2&search=MEMBER');
    const second = await client.get<PagedList<UserSummary>>(first.body.next ?? '', { token });
    expect(second.body.results.map((u) => u.username)).toContain('Zoe_MEMBER');
    expect(second.body.results).toHaveLength(6);
  });

  it('treats % and _ in the search as plain characters', async () => {
    expect((await list('?search=%25')).body.results.map((u) => u.username)).toEqual(['100%_real']);
    expect((await list('?search=_')).body.count).toBe(3);
    expect((await list(`?search=${encodeURIComponent("' or 1=1 --")}`)).body.count).toBe(0);
  });

  it('an empty search lists everyone, and a search matching nobody is an empty page', async () => {
    expect((await list('?search=%20%20')).body.count).toBe(29);
    const none = await list('?search=nobody-here');
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ results: [], next: null, count: 0 });
  });

  it('a page past the end is an empty page, as infinite-scroll clients expect', async () => {
    const past = await list('?page=3');
    expect(past.status).toBe(200);
    expect(past.body).toEqual({ results: [], next: null, count: 29 });
  });

  it.each(['?page=0', '?page=abc', '?page=-1'])('%s → 404 {detail}', async (query) => {
    const response = await list(query);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ detail: 'Invalid page.' });
  });

  it('needs a bearer token', async () => {
    const response = await server.client().get('/accounts/users/');
    expect(response.status).toBe(401);
  });
});
