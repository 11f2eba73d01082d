import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatClient, type ChatUser, createChatUser } from './support/chatClients.js';
import type { HttpClient } from './support/httpClient.js';
import { startTestServer, type TestServer } from './support/testServer.js';

// The production limits (limits: {}).
let server: TestServer;
let http: HttpClient;
beforeAll(async () => {
  server = await startTestServer({ limits: {} });
  http = server.client();
});
afterAll(() => server?.close());

function textPost(caption: string) {
  const form = new FormData();
  form.append('content_type', 'text');
  form.append('caption', caption);
  form.append('categories', '1');
  return form;
}

describe('posts: 10 per person per 10 minutes', () => {
  it('the 11th post in a row → 429 {detail}; another person still posts', async () => {
    const ana = await createChatUser(server);
    for (let i = 1; i <= 10; i += 1) {
      const response = await http.post('/posts/create/', textPost(`post ${i}`), {
        token: ana.token,
      });
      expect(response.status, `post ${i}: ${response.text}`).toBe(201);
    }
    const refused = await http.post('/posts/create/', textPost('one too many'), {
      token: ana.token,
    });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      detail: expect.stringMatching(/^You are posting too often\. Try again in \d+ minutes?\.$/),
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const stored = await server.pglite.query<{ n: number }>(
      'select count(*)::int as n from posts where author_id = $1',
      [ana.id],
    );
    expect(stored.rows[0]?.n).toBe(10);
    const ben = await createChatUser(server);
    expect((await http.post('/posts/create/', textPost('hi'), { token: ben.token })).status).toBe(
      201,
    );
  });
});

describe('reports: one open report per person reported, 20 a day', () => {
  const report = (from: ChatUser, to: ChatUser) =>
    http.post('/accounts/report/', { user_id: to.id, reason: 'Spam' }, { token: from.token });

  it('reporting the same person again → 409 {detail}; the 21st report of the day → 429', async () => {
    const reporter = await createChatUser(server);
    const targets: ChatUser[] = [];
    for (let i = 0; i < 21; i += 1) targets.push(await createChatUser(server));
    const [first, ...others] = targets as [ChatUser, ...ChatUser[]];
    expect((await report(reporter, first)).status).toBe(201);
    const again = await report(reporter, first);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      detail: 'You have already reported this person; the report is being reviewed.',
    });
    for (const target of others.slice(0, 19))
      expect((await report(reporter, target)).status).toBe(201);
    const refused = await report(reporter, others[19] as ChatUser);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      detail: expect.stringMatching(/^You have sent too many reports today/),
    });
    const stored = await server.pglite.query<{ n: number }>(
      'select count(*)::int as n from reports where reporter_id = $1',
      [reporter.id],
    );
    expect(stored.rows[0]?.n).toBe(20);
  });
});

describe('connection requests: 3 a day to the same person', () => {
  it('request/cancel cycles: the 4th request → 429, the receiver hears 3 requests', async () => {
    const pest = await createChatUser(server);
    const victim = await createChatUser(server);
    const victimSocket = await ChatClient.open(server, victim);
    const body = { from_user: pest.id, to_user: victim.id };
    const statuses: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      const requested = await http.post('/connections/request/', body, { token: pest.token });
      statuses.push(requested.status);
      if (requested.status === 201) {
        await victimSocket.next('connection_request');
        const cancelled = await http.post('/connections/delete/', body, { token: pest.token });
        expect(cancelled.status).toBe(204);
      } else {
        expect(requested.body).toEqual({
          detail: expect.stringMatching(/^Too many connection requests to this person/),
        });
      }
    }
    expect(statuses.slice(0, 3)).toEqual([201, 201, 201]);
    expect(statuses.slice(3).every((s) => s === 429)).toBe(true);
    // Pings are answered in order, so no connection_request frame is still on its way.
    await victimSocket.ping();
    expect(victimSocket.frames.filter((f) => f.type === 'connection_request')).toEqual([]);
    victimSocket.close();
    // Asking someone else is still fine.
    const other = await createChatUser(server);
    const fine = await http.post(
      '/connections/request/',
      { from_user: pest.id, to_user: other.id },
      { token: pest.token },
    );
    expect(fine.status).toBe(201);
  });
});

describe('limit settings', () => {
  it('a limit can be raised but never switched off: below 1 the server does not start', async () => {
    await expect(startTestServer({ limits: { postsPer10Minutes: 0 } })).rejects.toThrow(
      'limits.postsPer10Minutes must be a number of at least 1, got 0',
    );
  });
});
