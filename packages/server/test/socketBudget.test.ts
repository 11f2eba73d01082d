import { privateRoomName, SOCKET_CLOSE_CODES } from '@parley/chat-sdk';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SOCKET_CLOSE_REASONS } from '../src/chat/socketCloseReasons.js';
import { ChatClient, type ChatUser, createChatUser } from './support/chatClients.js';
import { startTestServer, type TestServer } from './support/testServer.js';

const BURST = 40;
const WINDOW_MS = 2_000;

describe('one frame budget per person, whatever the number of sockets', () => {
  let server: TestServer;
  const open: ChatClient[] = [];
  beforeAll(async () => {
    // The socket cap is raised so that all 60 sockets stay open: the frame budget is under test.
    server = await startTestServer({
      limits: { socketsPerPerson: 60 },
      chatSocket: { floodCloseAfterMs: 60_000 },
    });
  });
  afterAll(async () => {
    for (const client of open) client.close();
    await server?.close();
  });

  async function joinWithinBudget(client: ChatClient, room: string): Promise<void> {
    // Joining 60 sockets spends the budget too: a refused join is sent again.
    await vi.waitFor(
      async () => {
        client.send({ type: 'join_room', room_name: room });
        await client.next('chat_history', (f) => f.room_name === room, 1_000);
      },
      { timeout: 30_000, interval: 100 },
    );
    client.frames.length = 0;
  }

  it('one account on 60 sockets sending 40 chat_message frames each: at most its budget is stored', async () => {
    const flooder = await createChatUser(server);
    const receiver = await createChatUser(server);
    const room = privateRoomName(flooder.id, receiver.id);
    const sockets: ChatClient[] = [];
    for (let i = 0; i < 60; i += 1) {
      const client = await ChatClient.open(server, flooder);
      open.push(client);
      sockets.push(client);
      await joinWithinBudget(client, room);
    }

    const startedAt = Date.now();
    sockets.forEach((client, s) => {
      for (let i = 0; i < 40; i += 1) {
        client.send({
          type: 'chat_message',
          client_id: `s${s}-${i}`,
          message: `flood ${s} ${i}`,
          sender_id: flooder.id,
        });
      }
    });
    // Every frame is answered: stored (its echo reaches all 60 sockets) or refused on its socket.
    const refusedCount = () =>
      sockets.reduce(
        (n, c) =>
          n + c.frames.filter((f) => f.type === 'error' && f.code === 'rate_limited').length,
        0,
      );
    const storedCount = async () =>
      (
        await server.pglite.query<{ n: number }>(
          'select count(*)::int as n from messages where room = $1',
          [room],
        )
      ).rows[0]?.n ?? 0;
    await vi.waitFor(
      async () => {
        expect(refusedCount() + (await storedCount())).toBe(60 * 40);
      },
      { timeout: 60_000, interval: 200 },
    );
    const elapsed = Date.now() - startedAt;
    const stored = await storedCount();
    // Fixed windows of 2 s, 40 frames each: the burst's windows and at most one partly spent.
    const budget = (Math.ceil(elapsed / WINDOW_MS) + 1) * BURST;
    expect(stored).toBeGreaterThan(0);
    expect(stored).toBeLessThanOrEqual(budget);
    expect(stored).toBeLessThan(600);
    const refused = sockets
      .flatMap((c) => c.frames)
      .find((f) => f.type === 'error' && f.code === 'rate_limited');
    expect(refused).toMatchObject({ detail: 'Too many frames; this one was dropped.' });
    expect(refused && 'client_id' in refused && refused.client_id).toMatch(/^s\d+-\d+$/);
  });
});

describe('a cap on open sockets per person (10)', () => {
  let server: TestServer;
  let ana: ChatUser;
  let ben: ChatUser;
  beforeAll(async () => {
    server = await startTestServer({ limits: {} });
    ana = await createChatUser(server);
    ben = await createChatUser(server);
  });
  afterAll(() => server?.close());

  it('the 11th socket closes the oldest with 4008 and a reason; the newest ten stay open', async () => {
    const sockets: ChatClient[] = [];
    for (let i = 0; i < 11; i += 1) sockets.push(await ChatClient.open(server, ana));
    expect(await sockets[0]?.closed).toEqual({
      code: SOCKET_CLOSE_CODES.tooManySockets,
      reason: SOCKET_CLOSE_REASONS.tooManySockets,
    });
    for (const client of sockets.slice(1)) await client.ping();
    // Another person's sockets are theirs alone.
    const other = await ChatClient.open(server, ben);
    await other.ping();
    for (const client of [...sockets, other]) client.close();
  });

  it('60 sockets of one account: 50 closed oldest first, 10 open', async () => {
    const sockets: ChatClient[] = [];
    for (let i = 0; i < 60; i += 1) sockets.push(await ChatClient.open(server, ben));
    const closes = await Promise.all(sockets.slice(0, 50).map((c) => c.closed));
    expect(closes.every((c) => c.code === SOCKET_CLOSE_CODES.tooManySockets)).toBe(true);
    for (const client of sockets.slice(50)) {
      await client.ping();
      expect(client.ws.readyState).toBe(client.ws.OPEN);
    }
    for (const client of sockets) client.close();
  });
});
