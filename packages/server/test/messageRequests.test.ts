import {
  type ChatListUser,
  type ChatMessage,
  MESSAGE_REQUEST_PATHS,
  privateRoomName,
} from '@parley/chat-sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ChatClient, type ChatUser, createChatUser } from './support/chatClients.js';
import { connectUsers } from './support/connections.js';
import { startTestServer, type TestServer } from './support/testServer.js';

// Issue 25: message requests over real sockets and REST on PGlite (docs/protocol.md).

let server: TestServer;
const open: ChatClient[] = [];

beforeAll(async () => {
  server = await startTestServer({ messageRequests: true });
});
afterEach(() => {
  for (const client of open.splice(0)) client.close();
});
afterAll(() => server?.close());

async function connect(user: ChatUser, room: string): Promise<ChatClient> {
  const client = await ChatClient.open(server, user);
  open.push(client);
  await client.join(room);
  return client;
}

let sent = 0;
function sendText(client: ChatClient, from: ChatUser, text: string): string {
  sent += 1;
  const clientId = `mr-${sent}`;
  client.send({ type: 'chat_message', client_id: clientId, message: text, sender_id: from.id });
  return clientId;
}

/** Sends and waits for the sender's echo. */
async function say(client: ChatClient, from: ChatUser, text: string): Promise<ChatMessage> {
  const clientId = sendText(client, from, text);
  return client.next('chat_message', (f) => f.client_id === clientId);
}

async function chatList(user: ChatUser): Promise<ChatListUser[]> {
  const response = await server.client().get<ChatListUser[]>('/chatmessage/chats/', {
    token: user.token,
  });
  expect(response.status, response.text).toBe(200);
  return response.body;
}

function decide(user: ChatUser, path: string, roomName: unknown) {
  return server.client().post(path, { room_name: roomName }, { token: user.token });
}

async function stranger() {
  const ana = await createChatUser(server);
  const ben = await createChatUser(server);
  return { ana, ben, room: privateRoomName(ana.id, ben.id) };
}

async function storedCount(room: string): Promise<number> {
  const rows = await server.pglite.query<{ n: number }>(
    'select count(*)::int as n from messages where room = $1',
    [room],
  );
  return rows.rows[0]?.n ?? 0;
}

describe('message requests', () => {
  it('makes a stranger’s first message a request: incoming for the receiver, outgoing for the sender', async () => {
    const { ana, ben, room } = await stranger();
    const anaSocket = await connect(ana, room);
    const benSocket = await connect(ben, room);
    await say(anaSocket, ana, 'Hi, we met at the conference');
    // The receiver still gets it live (the Requests tab shows it at once).
    expect((await benSocket.next('chat_message')).message).toBe('Hi, we met at the conference');
    const benRow = (await chatList(ben)).find((row) => row.id === ana.id);
    expect(benRow?.request).toBe('incoming');
    expect(benRow?.request_remaining).toBeUndefined();
    const anaRow = (await chatList(ana)).find((row) => row.id === ben.id);
    expect(anaRow).toMatchObject({ request: 'outgoing', request_remaining: 2 });
  });

  it('is no request between connections', async () => {
    const { ana, ben, room } = await stranger();
    await connectUsers(server, ana, ben);
    const anaSocket = await connect(ana, room);
    for (const text of ['one', 'two', 'three', 'four']) await say(anaSocket, ana, text);
    expect((await chatList(ben)).find((row) => row.id === ana.id)?.request).toBeUndefined();
    expect((await chatList(ana)).find((row) => row.id === ben.id)?.request).toBeUndefined();
    expect(await storedCount(room)).toBe(4);
  });

  it('refuses the fourth message with request_pending and stores nothing of it', async () => {
    const { ana, ben, room } = await stranger();
    const anaSocket = await connect(ana, room);
    for (const text of ['one', 'two', 'three']) await say(anaSocket, ana, text);
    const clientId = sendText(anaSocket, ana, 'four');
    const error = await anaSocket.next('error');
    expect(error).toMatchObject({ type: 'error', code: 'request_pending', client_id: clientId });
    expect(error.detail).toMatch(/accept/);
    expect(await storedCount(room)).toBe(3);
    expect((await chatList(ana)).find((row) => row.id === ben.id)?.request_remaining).toBe(0);
    // The socket stays usable.
    await anaSocket.ping();
  });

  it('holds the allowance when two sockets of the sender write at once; a retry takes no slot', async () => {
    const { ana, room } = await stranger();
    const first = await connect(ana, room);
    const second = await connect(ana, room);
    await say(first, ana, 'opening'); // opens the request and takes the first of three slots
    // Four at once from two sockets with two slots left: exactly two are stored, two refused.
    for (const text of ['a', 'b', 'c', 'd']) sendText(text < 'c' ? first : second, ana, text);
    await Promise.all([first.ping(), second.ping()]);
    expect(await storedCount(room)).toBe(3);
    const refused = [...(await first.unclaimed('error')), ...(await second.unclaimed('error'))];
    expect(refused.map((frame) => frame.type === 'error' && frame.code)).toEqual([
      'request_pending',
      'request_pending',
    ]);
    // Resending a message that was stored (its echo lost, say) is the same message, not a fourth.
    const stored = await server.pglite.query<{ client_id: string; message: string }>(
      "select client_id, message from messages where room = $1 and message <> 'opening' limit 1",
      [room],
    );
    const again = stored.rows[0];
    expect(again).toBeDefined();
    first.send({
      type: 'chat_message',
      client_id: again?.client_id,
      message: again?.message,
      sender_id: ana.id,
    });
    const echo = await first.next('chat_message', (f) => f.client_id === again?.client_id);
    expect(echo.message).toBe(again?.message);
    expect(await storedCount(room)).toBe(3);
  });

  it('tells the sender no reads of the receiver until accepted; delivered may pass', async () => {
    const { ana, ben, room } = await stranger();
    const anaSocket = await connect(ana, room);
    const benSocket = await connect(ben, room);
    const first = await say(anaSocket, ana, 'Hello there');
    await benSocket.next('chat_message');
    benSocket.send({ type: 'read', room_name: room, message_id: first.id });
    // The reader's own devices hear of it; the requester does not.
    expect(await benSocket.next('read_receipt')).toMatchObject({ user_id: ben.id });
    await anaSocket.next('delivered_receipt', (f) => f.user_id === ben.id);
    expect(await anaSocket.unclaimed('read_receipt', 300)).toEqual([]);
    // Nor do history pages reveal it.
    const page = await server
      .client()
      .get<{ receipts?: { user_id: number; read_up_to: number }[] }>(
        `/chatmessage/history/?room_name=${room}`,
        { token: ana.token },
      );
    expect(page.body.receipts?.find((r) => r.user_id === ben.id)?.read_up_to ?? 0).toBe(0);

    // Accepting makes it an ordinary chat: the read is told, and more than three messages pass.
    const accepted = await decide(ben, MESSAGE_REQUEST_PATHS.accept, room);
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body).toEqual({ room_name: room, state: 'accepted' });
    expect(await anaSocket.next('read_receipt')).toMatchObject({
      user_id: ben.id,
      message_id: first.id,
    });
    for (const text of ['two', 'three', 'four', 'five']) await say(anaSocket, ana, text);
    expect(await storedCount(room)).toBe(5);
    const last = await say(anaSocket, ana, 'six');
    await benSocket.next('chat_message', (f) => f.id === last.id);
    benSocket.send({ type: 'read', room_name: room, message_id: last.id });
    expect(await anaSocket.next('read_receipt', (f) => f.message_id === last.id)).toMatchObject({
      user_id: ben.id,
    });
    expect((await chatList(ben)).find((row) => row.id === ana.id)?.request).toBeUndefined();
    expect((await chatList(ana)).find((row) => row.id === ben.id)?.request).toBeUndefined();
  });

  it('counts live voice as writing: over the allowance chunk_init is refused', async () => {
    const { ana, ben, room } = await stranger();
    const anaSocket = await connect(ana, room);
    for (const text of ['one', 'two', 'three']) await say(anaSocket, ana, text);
    anaSocket.send({
      type: 'chunk_init',
      from: ana.id,
      mime_type: 'audio/webm;codecs=opus',
      receiver_id: ben.id,
      user_objects: [{ id: ana.id }, { id: ben.id }],
    });
    expect(await anaSocket.next('error')).toMatchObject({ code: 'request_pending' });
  });

  it('lets only the receiver accept or delete', async () => {
    const { ana, ben, room } = await stranger();
    const outsider = await createChatUser(server);
    const anaSocket = await connect(ana, room);
    await say(anaSocket, ana, 'Hello');
    for (const path of [MESSAGE_REQUEST_PATHS.accept, MESSAGE_REQUEST_PATHS.delete]) {
      const bySender = await decide(ana, path, room);
      expect(bySender.status).toBe(403);
      expect(bySender.body).toEqual({
        detail: 'Only the person who received this message request can answer it.',
      });
      expect((await decide(outsider, path, room)).status).toBe(403);
    }
    expect(
      (await server.client().post(MESSAGE_REQUEST_PATHS.accept, { room_name: room })).status,
    ).toBe(401);
    expect((await chatList(ben)).find((row) => row.id === ana.id)?.request).toBe('incoming');
  });

  it('validates the body and answers rooms without a request', async () => {
    const { ana, ben, room } = await stranger();
    for (const value of [undefined, null, 42, '', 'x'.repeat(201), ['a']]) {
      const response = await decide(ben, MESSAGE_REQUEST_PATHS.accept, value);
      expect(response.status, String(value)).toBe(400);
      expect(Object.keys(response.body as object)).toEqual(['room_name']);
    }
    // No message yet: no request to answer.
    expect((await decide(ben, MESSAGE_REQUEST_PATHS.accept, room)).status).toBe(404);
    void ana;
  });

  it('deletes a request: it leaves the receiver’s list, the sender is not told', async () => {
    const { ana, ben, room } = await stranger();
    const anaSocket = await connect(ana, room);
    await say(anaSocket, ana, 'Buy my course');
    const deleted = await decide(ben, MESSAGE_REQUEST_PATHS.delete, room);
    expect(deleted.status, deleted.text).toBe(200);
    expect(deleted.body).toEqual({ room_name: room, state: 'deleted' });
    // Asked again, the same answer; the other decision is refused.
    expect((await decide(ben, MESSAGE_REQUEST_PATHS.delete, room)).status).toBe(200);
    expect((await decide(ben, MESSAGE_REQUEST_PATHS.accept, room)).status).toBe(409);
    expect((await chatList(ben)).some((row) => row.id === ana.id)).toBe(false);
    expect((await chatList(ana)).find((row) => row.id === ben.id)?.request).toBe('outgoing');
    // The sender's next message is stored but reaches nobody else.
    const benSocket = await connect(ben, room);
    await say(anaSocket, ana, 'Still there?');
    expect(await benSocket.unclaimed('chat_message', 300)).toEqual([]);
    expect((await chatList(ben)).some((row) => row.id === ana.id)).toBe(false);
  });

  it('counts a connection accepted later, and a reply from the receiver, as accepted', async () => {
    const { ana, ben, room } = await stranger();
    const anaSocket = await connect(ana, room);
    for (const text of ['one', 'two', 'three']) await say(anaSocket, ana, text);
    await connectUsers(server, ben, ana);
    await say(anaSocket, ana, 'four');
    expect((await chatList(ben)).find((row) => row.id === ana.id)?.request).toBeUndefined();

    const other = await stranger();
    const cai = await connect(other.ana, other.room);
    const dan = await connect(other.ben, other.room);
    for (const text of ['one', 'two', 'three']) await say(cai, other.ana, text);
    await say(dan, other.ben, 'Hi!');
    await say(cai, other.ana, 'four');
    expect(
      (await chatList(other.ana)).find((row) => row.id === other.ben.id)?.request,
    ).toBeUndefined();
  });

  it('never makes a group chat a request, between members who are no connections either', async () => {
    const [ana, ben, cai] = await Promise.all([1, 2, 3].map(() => createChatUser(server)));
    if (!ana || !ben || !cai) throw new Error('users');
    for (const other of [ben, cai]) await connectUsers(server, ana, other);
    const form = new FormData();
    form.append('name', `Requests ${process.pid} ${Date.now()}`);
    form.append('user_ids', String(ben.id));
    form.append('user_ids', String(cai.id));
    const created = await server
      .client()
      .post<{ room_name: string }>('/chatmessage/create/group/', form, { token: ana.token });
    expect(created.status, created.text).toBe(201);
    const room = created.body.room_name;
    const socket = await connect(ben, room);
    for (const text of ['one', 'two', 'three', 'four']) await say(socket, ben, text);
    expect(await storedCount(room)).toBeGreaterThanOrEqual(4);
    expect((await decide(cai, MESSAGE_REQUEST_PATHS.accept, room)).status).toBe(400);
  });
});
