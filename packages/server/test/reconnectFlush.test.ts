import { type ParleyClient, privateRoomName } from '@parley/chat-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownMessages, sdkClient, until } from './scale/support/scalePeople.js';
import { createChatUser } from './support/chatClients.js';
import { connectUsers } from './support/connections.js';
import { startTestServer, type TestServer } from './support/testServer.js';

// The sdk's send queue against the real server's frame budget (SOCKET_LIMITS: 40 at once, 20 a
// second, per person): a long queue written while offline goes out paced, so none of it is
// refused `rate_limited` and turned failed.

let server: TestServer;
const clients: ParleyClient[] = [];

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  for (const client of clients) client.dispose();
  await server?.close();
});

describe('a reconnect with a long queue', () => {
  it('delivers 80 messages written while offline, in order, none refused', async () => {
    const ana = await createChatUser(server, { language: 'English' });
    const ben = await createChatUser(server, { language: 'English' });
    await connectUsers(server, ana, ben);
    const room = privateRoomName(ana.id, ben.id);
    const client = await sdkClient(server.url, { ...ana, http: server.client() });
    clients.push(client);
    client.chat.openRoom(room);
    await until(() => client.socket.state.status === 'open', 'the socket');

    client.socket.disconnect();
    const texts = Array.from({ length: 80 }, (_, i) => `offline ${i + 1}`);
    for (const text of texts) client.chat.sendMessage({ roomName: room, text });
    expect(client.socket.state.queued).toBe(80);
    client.socket.connect();

    const settled = () =>
      ownMessages(client, room, ana.id).filter((m) => m.status !== 'sending').length;
    await until(() => settled() === 80, 'every message settled', 20_000);
    const mine = ownMessages(client, room, ana.id);
    expect(mine.filter((m) => m.status !== 'sent').map((m) => m.status)).toEqual([]);
    expect(mine.map((m) => m.message)).toEqual(texts);
    const stored = await server.pglite.query<{ message: string }>(
      'select message from messages where room = $1 order by id',
      [room],
    );
    expect(stored.rows.map((row) => row.message)).toEqual(texts);
  }, 30_000);
});
