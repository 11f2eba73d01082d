import { privateRoomName } from '@parley/chat-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatClient, type ChatUser, createChatUser } from './support/chatClients.js';
import { startTestServer, type TestServer } from './support/testServer.js';

// Issue 28 (docs/instances.md): the typing stop a vanished typist never sent, with one instance
// on PGlite; across instances and a dead instance: instanceStatePostgres.test.ts.
let server: TestServer;
let ana: ChatUser;
let ben: ChatUser;
const open: ChatClient[] = [];

beforeAll(async () => {
  server = await startTestServer();
  ana = await createChatUser(server);
  ben = await createChatUser(server);
});
afterAll(async () => {
  for (const client of open) client.close();
  await server?.close();
});

async function connect(user: ChatUser, room: string): Promise<ChatClient> {
  const client = await ChatClient.open(server, user);
  open.push(client);
  await client.join(room);
  return client;
}

async function typingRows(room: string): Promise<number> {
  const result = await server.pglite.query<{ n: number }>(
    'select count(*)::int as n from typing_states where room = $1',
    [room],
  );
  return result.rows[0]?.n ?? 0;
}

describe('typing stops when the typist goes away without saying so', () => {
  it('stops once their last socket closes, not while another tab stays', async () => {
    const room = privateRoomName(ana.id, ben.id);
    const benTab = await connect(ben, room);
    const anaTab = await connect(ana, room);
    const anaOther = await connect(ana, room);
    anaTab.send({ type: 'typing', is_typing: true, sender_id: ana.id, username: ana.username });
    expect(await benTab.next('typing_indicator')).toMatchObject({ is_typing: true });
    await expect.poll(() => typingRows(room)).toBe(1);

    anaOther.close();
    await anaOther.closed;
    expect(await benTab.unclaimed('typing_indicator', 300)).toEqual([]);

    anaTab.close();
    expect(await benTab.next('typing_indicator')).toEqual({
      type: 'typing_indicator',
      sender_id: ana.id,
      username: ana.username,
      room_name: room,
      is_typing: false,
    });
    expect(await typingRows(room)).toBe(0);
  });

  it('a stop the typist sent is not told again when they leave', async () => {
    const room = privateRoomName(ana.id, ben.id);
    const benTab = await connect(ben, room);
    const anaTab = await connect(ana, room);
    anaTab.send({ type: 'typing', is_typing: true, sender_id: ana.id, username: ana.username });
    anaTab.send({ type: 'typing', is_typing: false, sender_id: ana.id, username: ana.username });
    expect(await benTab.next('typing_indicator')).toMatchObject({ is_typing: true });
    expect(await benTab.next('typing_indicator')).toMatchObject({ is_typing: false });
    await expect.poll(() => typingRows(room)).toBe(0);
    anaTab.close();
    await anaTab.closed;
    expect(await benTab.unclaimed('typing_indicator', 300)).toEqual([]);
  });
});
