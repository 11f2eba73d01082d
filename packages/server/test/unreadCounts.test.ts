import {
  CHAT_MUTE_FOREVER,
  CHAT_MUTE_PATHS,
  CHAT_PATHS,
  type ChatListUser,
  type ChatMessage,
  type GroupSummary,
  privateRoomName,
  UNREAD_COUNT_CAP,
} from '@parley/chat-sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ChatClient, type ChatUser, createChatUser } from './support/chatClients.js';
import { connectUsers } from './support/connections.js';
import { startTestServer, type TestServer } from './support/testServer.js';

// Issue 25: unread counts and mutes on chat-list rows, on real PGlite and real sockets.

let server: TestServer;
const open: ChatClient[] = [];

beforeAll(async () => {
  server = await startTestServer();
});
afterEach(() => {
  for (const client of open.splice(0)) client.close();
});
afterAll(() => server?.close());

async function connect(user: ChatUser): Promise<ChatClient> {
  const client = await ChatClient.open(server, user);
  open.push(client);
  return client;
}

let sent = 0;
async function say(client: ChatClient, from: ChatUser, text: string): Promise<ChatMessage> {
  sent += 1;
  const clientId = `unread-${sent}`;
  client.send({ type: 'chat_message', client_id: clientId, message: text, sender_id: from.id });
  return client.next('chat_message', (f) => f.client_id === clientId);
}

async function chatRow(reader: ChatUser, other: ChatUser): Promise<ChatListUser | undefined> {
  const answer = await server.client().get<ChatListUser[]>(CHAT_PATHS.chats, {
    token: reader.token,
  });
  expect(answer.status, answer.text).toBe(200);
  return answer.body.find((row) => row.id === other.id);
}

async function groupRow(reader: ChatUser, room: string): Promise<GroupSummary | undefined> {
  const answer = await server.client().get<GroupSummary[]>(CHAT_PATHS.groups, {
    token: reader.token,
  });
  expect(answer.status, answer.text).toBe(200);
  return answer.body.find((row) => row.room_name === room);
}

describe('unread_count on chat-list rows', () => {
  it('counts others’ messages after my read mark, per reader, minus deleted and hidden ones', async () => {
    const ana = await createChatUser(server);
    const ben = await createChatUser(server);
    await connectUsers(server, ana, ben);
    const room = privateRoomName(ana.id, ben.id);
    // A connection with no messages yet: 0, and not muted.
    expect(await chatRow(ben, ana)).toMatchObject({ unread_count: 0, muted_until: null });

    const anaSocket = await connect(ana);
    await anaSocket.join(room);
    const first = await say(anaSocket, ana, 'One');
    await say(anaSocket, ana, 'Two');
    const third = await say(anaSocket, ana, 'Three');
    const fourth = await say(anaSocket, ana, 'Four');
    // Ben has not opened anything (a full reload: the list is all his device knows).
    expect((await chatRow(ben, ana))?.unread_count).toBe(4);
    // The sender's own messages are never unread for her.
    expect((await chatRow(ana, ben))?.unread_count).toBe(0);

    // Deleted for everyone: not counted. Hidden by Ben for himself: not counted for Ben.
    anaSocket.send({ type: 'delete_message', message_id: fourth.id, for: 'everyone' });
    await anaSocket.next('message_deleted');
    const benSocket = await connect(ben);
    await benSocket.join(room);
    benSocket.send({ type: 'delete_message', message_id: third.id, for: 'me' });
    await benSocket.next('message_deleted');
    expect((await chatRow(ben, ana))?.unread_count).toBe(2);

    // Ben reads up to the first message: one left; then everything: none, on every device.
    benSocket.send({ type: 'read', room_name: room, message_id: first.id });
    await benSocket.next('read_receipt', (f) => f.user_id === ben.id);
    expect((await chatRow(ben, ana))?.unread_count).toBe(1);
    benSocket.send({ type: 'read', room_name: room, message_id: third.id });
    await benSocket.next('read_receipt', (f) => f.message_id === third.id);
    expect((await chatRow(ben, ana))?.unread_count).toBe(0);

    // Ben answers: Ana has one unread now, Ben still none.
    await say(benSocket, ben, 'Hi Ana');
    expect((await chatRow(ana, ben))?.unread_count).toBe(1);
    expect((await chatRow(ben, ana))?.unread_count).toBe(0);
  });

  it('counts group messages for each member but not the group’s own event rows', async () => {
    const [ana, ben, cai] = await Promise.all([1, 2, 3].map(() => createChatUser(server)));
    if (!ana || !ben || !cai) throw new Error('users');
    for (const other of [ben, cai]) await connectUsers(server, ana, other);
    const form = new FormData();
    form.append('name', `Unread ${process.pid} ${Date.now()}`);
    form.append('user_ids', String(ben.id));
    form.append('user_ids', String(cai.id));
    const created = await server
      .client()
      .post<{ room_name: string }>(CHAT_PATHS.createGroup, form, { token: ana.token });
    expect(created.status, created.text).toBe(201);
    const room = created.body.room_name;
    // Only the 'created' record so far: nothing unread.
    expect(await groupRow(ben, room)).toMatchObject({ unread_count: 0, muted_until: null });
    const anaSocket = await connect(ana);
    await anaSocket.join(room);
    await say(anaSocket, ana, 'Welcome');
    const benSocket = await connect(ben);
    await benSocket.join(room);
    const reply = await say(benSocket, ben, 'Thanks');
    expect((await groupRow(cai, room))?.unread_count).toBe(2);
    expect((await groupRow(ben, room))?.unread_count).toBe(1);
    expect((await groupRow(ana, room))?.unread_count).toBe(1);
    anaSocket.send({ type: 'read', room_name: room, message_id: reply.id });
    await anaSocket.next('read_receipt', (f) => f.user_id === ana.id);
    expect((await groupRow(ana, room))?.unread_count).toBe(0);
    expect((await groupRow(cai, room))?.unread_count).toBe(2);
  });

  it('answers a person with 200 chats in one bounded query, capped per chat', async () => {
    const me = await createChatUser(server);
    const other = await createChatUser(server);
    const rooms: string[] = [];
    // 200 rooms, the first with more unread messages than the cap.
    const values: string[] = [];
    for (let index = 0; index < 200; index += 1) {
      const room = `unread-bench-${me.id}-${index}`;
      rooms.push(room);
      const count = index === 0 ? UNREAD_COUNT_CAP + 20 : 3;
      for (let n = 0; n < count; n += 1) {
        values.push(`('${room}', ${other.id}, 'm', 'm')`);
      }
    }
    await server.pglite.exec(
      `insert into messages (room, sender_id, message, original_message) values ${values.join(', ')}`,
    );
    const counts = await server.app.unreadCountsRepository.ofRooms(me.id, rooms);
    expect(counts.size).toBe(200);
    expect(counts.get(rooms[0] as string)).toBe(UNREAD_COUNT_CAP);
    expect(counts.get(rooms[199] as string)).toBe(3);
    // The plan walks messages(room, id) per listed room, never the whole table.
    const plan = await server.pglite.query<{ 'QUERY PLAN': string }>(
      `explain select count(*) from (select 1 from messages m where m.room = $1 and m.id > 0
         and m.sender_id <> $2 order by m.id limit ${UNREAD_COUNT_CAP}) x`,
      [rooms[0], me.id],
    );
    const text = plan.rows.map((row) => row['QUERY PLAN']).join('\n');
    expect(text).toMatch(/messages_room_id_idx/);
  });
});

describe('POST /chatmessage/mute/', () => {
  it('mutes and unmutes a chat for the caller only, and the list says until when', async () => {
    const ana = await createChatUser(server);
    const ben = await createChatUser(server);
    await connectUsers(server, ana, ben);
    const room = privateRoomName(ana.id, ben.id);
    const http = server.client();
    const before = Date.now();
    const muted = await http.post(
      CHAT_MUTE_PATHS.mute,
      { room_name: `private-${ben.id}-${ana.id}`, duration: '8h' },
      { token: ana.token },
    );
    expect(muted.status, muted.text).toBe(200);
    const body = muted.body as { room_name: string; muted_until: string };
    expect(body.room_name).toBe(room);
    const until = Date.parse(body.muted_until);
    expect(until - before).toBeGreaterThanOrEqual(8 * 3600_000 - 1000);
    expect(until - before).toBeLessThanOrEqual(8 * 3600_000 + 60_000);
    expect((await chatRow(ana, ben))?.muted_until).toBe(body.muted_until);
    expect((await chatRow(ben, ana))?.muted_until).toBeNull();

    const always = await http.post(
      CHAT_MUTE_PATHS.mute,
      { room_name: room, duration: 'always' },
      { token: ana.token },
    );
    expect(always.body).toEqual({ room_name: room, muted_until: CHAT_MUTE_FOREVER });
    const off = await http.post(
      CHAT_MUTE_PATHS.mute,
      { room_name: room, duration: 'off' },
      { token: ana.token },
    );
    expect(off.body).toEqual({ room_name: room, muted_until: null });
    expect((await chatRow(ana, ben))?.muted_until).toBeNull();
  });

  it('refuses strangers, malformed and hostile bodies', async () => {
    const ana = await createChatUser(server);
    const ben = await createChatUser(server);
    const cai = await createChatUser(server);
    const http = server.client();
    const room = privateRoomName(ana.id, ben.id);
    expect(
      (await http.post(CHAT_MUTE_PATHS.mute, { room_name: room, duration: '8h' })).status,
    ).toBe(401);
    const stranger = await http.post(
      CHAT_MUTE_PATHS.mute,
      { room_name: room, duration: '8h' },
      { token: cai.token },
    );
    expect(stranger.status).toBe(403);
    const cases: [unknown, string][] = [
      [{ room_name: room }, 'duration'],
      [{ room_name: room, duration: 'forever' }, 'duration'],
      [{ room_name: room, duration: 8 }, 'duration'],
      [{ duration: '8h' }, 'room_name'],
      [{ room_name: 'x'.repeat(5000), duration: '8h' }, 'room_name'],
      [{ room_name: 'a\u0000b', duration: '8h' }, 'room_name'],
    ];
    for (const [payload, field] of cases) {
      const answer = await http.post(CHAT_MUTE_PATHS.mute, payload, { token: ana.token });
      expect(answer.status, JSON.stringify(payload)).toBe(400);
      expect(answer.body as Record<string, unknown>).toHaveProperty(field);
    }
    expect((await http.post(CHAT_MUTE_PATHS.mute, [1, 2], { token: ana.token })).status).toBe(400);
    const stored = await server.pglite.query('select * from chat_mutes where user_id = $1', [
      ana.id,
    ]);
    expect(stored.rows).toEqual([]);
  });
});
