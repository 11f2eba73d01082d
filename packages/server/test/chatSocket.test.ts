import { type ChatMessage, privateRoomName, profileRoomName } from '@parley/chat-sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ChatClient,
  type ChatUser,
  createChatUser,
  issueToken,
  socketUrl,
} from './support/chatClients.js';
import { connectUsers } from './support/connections.js';
import { startTestServer, type TestServer } from './support/testServer.js';

let server: TestServer;
let ana: ChatUser;
let ben: ChatUser;
let cai: ChatUser;
const open: ChatClient[] = [];

beforeAll(async () => {
  server = await startTestServer();
  ana = await createChatUser(server, { language: 'Spanish' });
  ben = await createChatUser(server, { language: 'English' });
  cai = await createChatUser(server, { language: 'French' });
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
function chatMessage(from: ChatUser, text: string, extra: Record<string, unknown> = {}) {
  sent += 1;
  return {
    type: 'chat_message',
    client_id: `c-${sent}`,
    message: text,
    sender_id: from.id,
    ...extra,
  };
}

async function storedCount(room: string): Promise<number> {
  const result = await server.pglite.query<{ n: number }>(
    'select count(*)::int as n from messages where room = $1',
    [room],
  );
  return result.rows[0]?.n ?? 0;
}

async function createGroup(owner: ChatUser, name: string, members: ChatUser[]) {
  for (const m of members) await connectUsers(server, owner, m);
  const form = new FormData();
  form.append('name', name);
  for (const m of members) form.append('user_ids', String(m.id));
  const response = await server
    .client()
    .post<{ room_name: string }>('/chatmessage/create/group/', form, { token: owner.token });
  expect(response.status, response.text).toBe(201);
  return response.body.room_name;
}

describe('connecting', () => {
  async function rejected(url: string) {
    const client = await ChatClient.connect(url);
    return client.closed;
  }

  it('closes with 1008 without a token, with garbage, an expired token or another user’s', async () => {
    expect(await rejected(socketUrl(server, ana.id))).toEqual({
      code: 1008,
      reason: 'unauthenticated',
    });
    expect((await rejected(socketUrl(server, ana.id, 'not-a-jwt'))).code).toBe(1008);
    const expired = await issueToken(ana.id, ana.username, -10);
    expect(await rejected(socketUrl(server, ana.id, expired))).toEqual({
      code: 1008,
      reason: 'unauthenticated',
    });
    expect(await rejected(socketUrl(server, ben.id, ana.token))).toEqual({
      code: 1008,
      reason: 'token does not match user',
    });
    expect((await rejected(socketUrl(server, 'abc', ana.token))).code).toBe(1008);
  });

  it('accepts a valid token and answers ping with pong', async () => {
    const client = await connect(ana);
    await client.ping();
  });
});

describe('private rooms', () => {
  it('delivers a message to both users and the sender’s other tab, stored once', async () => {
    const room = privateRoomName(ana.id, ben.id);
    const anaTab1 = await connect(ana);
    const anaTab2 = await connect(ana);
    const benTab = await connect(ben);
    await anaTab1.join(room);
    await benTab.join(room);

    anaTab1.send(chatMessage(ana, 'hola', { room_name: room, receiver_id: ben.id }));
    const frames = await Promise.all([anaTab1, anaTab2, benTab].map((c) => c.next('chat_message')));
    for (const frame of frames) {
      expect(frame.room_name).toBe(room);
      expect(frame).toMatchObject({
        room_name: room,
        sender_id: ana.id,
        sender_username: ana.username,
        sender_profile_image: null,
        message: 'hola',
        original_message: 'hola',
        original_language: 'es',
        file_type: 'text',
        file_url: null,
        audio_url: null,
        transcript: null,
      } satisfies Partial<ChatMessage>);
      expect(frame.id).toBe(frames[0]?.id);
    }
    expect(Date.parse(frames[0]?.timestamp ?? '')).not.toBeNaN();
    expect(await storedCount(room)).toBe(1);

    // The reply goes the other way, into the room the receiver joined.
    benTab.send(chatMessage(ben, 'hello'));
    const reply = await anaTab1.next('chat_message');
    expect(reply).toMatchObject({ message: 'hello', original_language: 'en' });
  });

  it('treats private_ and private- names as one conversation and echoes the name used', async () => {
    const dash = privateRoomName(ana.id, cai.id);
    const underscore = profileRoomName(ana.id, cai.id);
    const anaTab = await connect(ana);
    const caiTab = await connect(cai);
    await anaTab.join(dash);
    const history = await caiTab.join(underscore);
    expect(history.room_name).toBe(underscore);

    caiTab.send(chatMessage(cai, 'salut'));
    const atAna = await anaTab.next('chat_message');
    const atCai = await caiTab.next('chat_message');
    expect(atAna.room_name).toBe(dash);
    expect(atCai.room_name).toBe(underscore);
    expect((await anaTab.join(underscore)).message.map((m) => m.message)).toContain('salut');
  });

  it('delivers to a member who has not joined the room (sidebar unread count)', async () => {
    const room = privateRoomName(ben.id, cai.id);
    const benTab = await connect(ben);
    const caiTab = await connect(cai);
    await benTab.join(room);
    benTab.send(chatMessage(ben, 'are you there?'));
    const frame = await caiTab.next('chat_message');
    expect(frame.room_name).toBe(room);
  });

  it('refuses someone else’s private room, a room with an unknown user and one’s own pair', async () => {
    const outsider = await createChatUser(server);
    const client = await connect(outsider);
    const theirs = privateRoomName(ana.id, ben.id);
    const before = await storedCount(theirs);

    client.send({ type: 'join_room', room_name: theirs });
    expect(await client.next('error')).toMatchObject({ code: 'not_a_member' });
    client.send(chatMessage(outsider, 'sneaky', { room_name: theirs }));
    expect(await client.next('error')).toMatchObject({
      code: 'not_a_member',
      client_id: `c-${sent}`,
    });
    client.send({ type: 'join_room', room_name: privateRoomName(outsider.id, 999_999) });
    expect(await client.next('error')).toMatchObject({ code: 'not_a_member' });
    client.send({ type: 'join_room', room_name: privateRoomName(outsider.id, outsider.id) });
    expect(await client.next('error')).toMatchObject({ code: 'not_a_member' });
    client.send({ type: 'join_room', room_name: 'private-1-99999999999' });
    expect(await client.next('error')).toMatchObject({ code: 'not_a_member' });

    expect(await storedCount(theirs)).toBe(before);
    await client.ping();
  });

  it('sends the last 50 messages oldest first on join, with has_more', async () => {
    const a = await createChatUser(server);
    const b = await createChatUser(server);
    const room = privateRoomName(a.id, b.id);
    await server.pglite.query(
      `insert into messages (room, sender_id, message, original_message, client_id)
       select $1, $2, 'm' || n, 'm' || n, 'seed-' || n from generate_series(1, 60) as n`,
      [room, a.id],
    );
    const client = await connect(b);
    const history = await client.join(room);
    expect(history.message).toHaveLength(50);
    expect(history.has_more).toBe(true);
    expect(history.message[0]?.message).toBe('m11');
    expect(history.message[49]?.message).toBe('m60');
    expect(history.message[49]?.sender_username).toBe(a.username);

    const page = await server
      .client()
      .get<{ results: ChatMessage[]; has_more: boolean }>(
        `/chatmessage/history/?room_name=${profileRoomName(a.id, b.id)}&before=${history.message[0]?.id}`,
        { token: b.token },
      );
    expect(page.status).toBe(200);
    expect(page.body.results.map((m) => m.message)).toEqual(
      Array.from({ length: 10 }, (_, i) => `m${i + 1}`),
    );
    expect(page.body.has_more).toBe(false);

    const empty = await client.join(privateRoomName(b.id, ana.id));
    expect(empty).toMatchObject({ message: [], has_more: false });
  });

  it('stores a retried client_id once and echoes the stored copy to the sender only', async () => {
    const room = privateRoomName(ana.id, ben.id);
    const anaTab = await connect(ana);
    const benTab = await connect(ben);
    const frame = chatMessage(ana, 'only once', { room_name: room });
    anaTab.send(frame);
    const first = await anaTab.next('chat_message');
    await benTab.next('chat_message');
    const before = await storedCount(room);

    anaTab.send({ ...frame, message: 'changed on retry' });
    const retry = await anaTab.next('chat_message');
    expect(retry.id).toBe(first.id);
    expect(retry.message).toBe('only once');
    expect(await storedCount(room)).toBe(before);
    expect(await benTab.unclaimed('chat_message')).toEqual([]);
  });

  it('stores one copy when two tabs send the same client_id at once', async () => {
    const room = privateRoomName(ana.id, cai.id);
    const tabs = [await connect(ana), await connect(ana)];
    const before = await storedCount(room);
    const frame = chatMessage(ana, 'twice at once', { room_name: room });
    for (const tab of tabs) tab.send(frame);
    const ids = new Set<number>();
    for (const tab of tabs) {
      for (const echo of [await tab.next('chat_message'), await tab.next('chat_message')]) {
        ids.add(echo.id);
      }
    }
    expect([...ids]).toHaveLength(1);
    expect(await storedCount(room)).toBe(before + 1);
  });

  it('relays typing and recording to the other member but not to the sender', async () => {
    const room = privateRoomName(ana.id, ben.id);
    const anaTab = await connect(ana);
    const anaOther = await connect(ana);
    const benTab = await connect(ben);
    await anaTab.join(room);
    await benTab.join(room);
    anaTab.send({ type: 'typing', is_typing: true, sender_id: ana.id, username: 'spoofed' });
    expect(await benTab.next('typing_indicator')).toEqual({
      type: 'typing_indicator',
      room_name: room,
      sender_id: ana.id,
      username: ana.username,
      is_typing: true,
    });
    anaTab.send({
      type: 'recording',
      is_recording: false,
      sender_id: ana.id,
      username: ana.username,
      room_name: room,
    });
    expect(await benTab.next('recording_indicator')).toMatchObject({
      sender_id: ana.id,
      is_recording: false,
    });
    expect(await anaTab.unclaimed('typing_indicator')).toEqual([]);
    expect(await anaOther.unclaimed('recording_indicator', 0)).toEqual([]);
    expect(anaTab.frames.filter((f) => f.type === 'recording_indicator')).toEqual([]);
  });

  it('refuses a sender_id that is not the socket’s user', async () => {
    const client = await connect(ana);
    await client.join(privateRoomName(ana.id, ben.id));
    client.send(chatMessage(ana, 'as ben', { sender_id: ben.id }));
    expect(await client.next('error')).toMatchObject({ code: 'invalid_frame' });
  });

  it('leave_room forgets the current room', async () => {
    const client = await connect(ana);
    await client.join(privateRoomName(ana.id, ben.id));
    client.send({ type: 'leave_room' });
    client.send(chatMessage(ana, 'where to?'));
    expect(await client.next('error')).toMatchObject({
      code: 'invalid_frame',
      client_id: `c-${sent}`,
    });
  });
});

describe('groups', () => {
  it('three clients exchange messages in a group; outsiders can neither join nor post', async () => {
    const room = await createGroup(ana, 'Trio Chat', [ben, cai]);
    expect(room).toBe('trio-chat');
    const clients = await Promise.all([ana, ben, cai].map(connect));
    for (const client of clients) await client.join(room);

    clients[1]?.send(chatMessage(ben, 'hi all'));
    clients[2]?.send(chatMessage(cai, 'bonjour'));
    for (const client of clients) {
      const texts = [await client.next('chat_message'), await client.next('chat_message')].map(
        (f) => f.message,
      );
      expect(texts.sort()).toEqual(['bonjour', 'hi all']);
    }

    clients[0]?.send({
      type: 'typing',
      is_typing: true,
      sender_id: ana.id,
      username: ana.username,
    });
    await clients[1]?.next('typing_indicator', (f) => f.room_name === room);
    await clients[2]?.next('typing_indicator', (f) => f.room_name === room);

    const outsider = await createChatUser(server);
    const stranger = await connect(outsider);
    stranger.send({ type: 'join_room', room_name: room });
    expect(await stranger.next('error')).toMatchObject({ code: 'not_a_member' });
    stranger.send(chatMessage(outsider, 'let me in', { room_name: room }));
    expect(await stranger.next('error')).toMatchObject({ code: 'not_a_member' });
    stranger.send({
      type: 'typing',
      is_typing: true,
      sender_id: outsider.id,
      username: 'x',
      room_name: room,
    });
    expect(await stranger.next('error')).toMatchObject({ code: 'not_a_member' });
    // The two messages and the group's record of being created.
    expect(await storedCount(room)).toBe(3);
    const history = await server
      .client()
      .get(`/chatmessage/history/?room_name=${room}`, { token: outsider.token });
    expect(history.status).toBe(403);
  });
});
