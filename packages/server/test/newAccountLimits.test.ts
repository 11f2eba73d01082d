import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readNewAccountLimits } from '../src/limits/newAccountLimits.js';
import { ChatClient, type ChatUser, createChatUser } from './support/chatClients.js';
import { connectUsers } from './support/connections.js';
import type { HttpClient } from './support/httpClient.js';
import { startTestServer, TEST_LIMITS, type TestServer } from './support/testServer.js';

// Issue 29, safety limits where strangers meet: an account's first day has lower budgets for
// connection requests and for messages to people who are not its connections, counted in the
// shared limit store (here the database one, table rate_limits, as instances sharing PostgreSQL
// use it). Small budgets so the test stays short.

let server: TestServer;
let http: HttpClient;
const sockets: ChatClient[] = [];

beforeAll(async () => {
  server = await startTestServer({
    limits: {
      ...TEST_LIMITS,
      newAccountConnectionRequestsPerDay: 2,
      newAccountStrangerMessagesPerDay: 2,
    },
    limitStore: 'database',
    messageRequests: true,
  });
  http = server.client();
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await server?.close();
});

/** An account made a day and an hour ago: past its first day. */
async function dayOld(user: ChatUser): Promise<void> {
  await server.pglite.query(
    `update users set created_at = now() - interval '25 hours' where id = $1`,
    [user.id],
  );
}

async function open(user: ChatUser): Promise<ChatClient> {
  // A fresh socket reads the account (and its age) as it is now.
  const socket = await ChatClient.open(server, user);
  sockets.push(socket);
  return socket;
}

const request = (from: ChatUser, to: ChatUser) =>
  http.post('/connections/request/', { from_user: from.id, to_user: to.id }, { token: from.token });

const room = (a: ChatUser, b: ChatUser) =>
  `private-${Math.min(a.id, b.id)}-${Math.max(a.id, b.id)}`;

describe('new accounts: connection requests', () => {
  it('a new account’s 3rd request of the day → 429 with the new-account message; a day-old account is not limited', async () => {
    const fresh = await createChatUser(server);
    const older = await createChatUser(server);
    await dayOld(older);
    const people: ChatUser[] = [];
    for (let i = 0; i < 3; i += 1) people.push(await createChatUser(server));

    const statuses: number[] = [];
    for (const person of people) statuses.push((await request(fresh, person)).status);
    expect(statuses).toEqual([201, 201, 429]);
    const refused = await request(fresh, people[2] as ChatUser);
    expect(refused.body).toEqual({
      detail: expect.stringMatching(
        /^New accounts can send only a few connection requests on their first day\. Try again in \d+ hours?\.$/,
      ),
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

    for (const person of people) expect((await request(older, person)).status).toBe(201);
    // Counted where every instance sees it.
    const counted = await server.pglite.query<{ n: number }>(
      `select count(*)::int as n from rate_limits where kind = 'new-account-connection-requests'`,
    );
    expect(counted.rows[0]?.n).toBeGreaterThan(0);
  });

  it('request/cancel loops to one person are cut off (3 a day) for any account', async () => {
    const pest = await createChatUser(server);
    await dayOld(pest);
    const target = await createChatUser(server);
    const body = { from_user: pest.id, to_user: target.id };
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const asked = await http.post('/connections/request/', body, { token: pest.token });
      statuses.push(asked.status);
      if (asked.status === 201) {
        expect((await http.post('/connections/delete/', body, { token: pest.token })).status).toBe(
          204,
        );
      }
    }
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
  });
});

describe('new accounts: messages to strangers', () => {
  it('a new account’s 3rd message request message of the day → error rate_limited; connections, answers and day-old accounts are not limited', async () => {
    const fresh = await createChatUser(server);
    const stranger = await createChatUser(server);
    const friend = await createChatUser(server);
    const writer = await createChatUser(server);
    await connectUsers(server, fresh, friend);

    // Someone writes to the new account first: answering them is never counted.
    const writerSocket = await open(writer);
    writerSocket.send({
      type: 'chat_message',
      room_name: room(writer, fresh),
      client_id: 'w-1',
      message: 'Welcome!',
      sender_id: writer.id,
    });
    await writerSocket.next('chat_message', (f) => f.client_id === 'w-1');

    const socket = await open(fresh);
    const say = (to: ChatUser, clientId: string) => {
      socket.send({
        type: 'chat_message',
        room_name: room(fresh, to),
        client_id: clientId,
        message: `hello ${clientId}`,
        sender_id: fresh.id,
      });
    };
    say(stranger, 's-1');
    await socket.next('chat_message', (f) => f.client_id === 's-1');
    say(stranger, 's-2');
    await socket.next('chat_message', (f) => f.client_id === 's-2');
    say(stranger, 's-3');
    const error = await socket.next('error', (f) => f.client_id === 's-3');
    expect(error).toMatchObject({
      code: 'rate_limited',
      detail: expect.stringMatching(
        /^New accounts can send only a few messages to people who are not their connections on their first day\. Try again in \d+ hours?, or message your connections\.$/,
      ),
    });
    const stored = await server.pglite.query<{ n: number }>(
      'select count(*)::int as n from messages where room = $1',
      [room(fresh, stranger)],
    );
    expect(stored.rows[0]?.n).toBe(2);

    // A connection, and an answer to someone who wrote first, still go through.
    say(friend, 'f-1');
    await socket.next('chat_message', (f) => f.client_id === 'f-1');
    say(writer, 'a-1');
    await socket.next('chat_message', (f) => f.client_id === 'a-1');

    // A day later (the account is older), the same budget no longer applies.
    const other = await createChatUser(server);
    await dayOld(fresh);
    const later = await open(fresh);
    for (const clientId of ['o-1', 'o-2', 'o-3']) {
      later.send({
        type: 'chat_message',
        room_name: room(fresh, other),
        client_id: clientId,
        message: 'hi',
        sender_id: fresh.id,
      });
      await later.next('chat_message', (f) => f.client_id === clientId);
    }
  });
});

describe('new-account settings from the environment', () => {
  it('reads NEW_ACCOUNT_* as whole numbers of at least 1, and refuses anything else', () => {
    expect(
      readNewAccountLimits({
        NEW_ACCOUNT_HOURS: '48',
        NEW_ACCOUNT_CONNECTION_REQUESTS_PER_DAY: '5',
        NEW_ACCOUNT_STRANGER_MESSAGES_PER_DAY: '',
      }),
    ).toEqual({ newAccountHours: 48, newAccountConnectionRequestsPerDay: 5 });
    expect(() => readNewAccountLimits({ NEW_ACCOUNT_HOURS: '0' })).toThrow(
      'Invalid NEW_ACCOUNT_HOURS',
    );
    expect(() => readNewAccountLimits({ NEW_ACCOUNT_STRANGER_MESSAGES_PER_DAY: 'lots' })).toThrow(
      'Invalid NEW_ACCOUNT_STRANGER_MESSAGES_PER_DAY',
    );
  });
});
