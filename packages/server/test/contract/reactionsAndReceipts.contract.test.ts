import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { registerSpecUser, SpecSocket, type SpecUser } from './support/specClient.js';

// docs/socket-protocol.md "Reactions and read receipts" (issue 25): Parley's extensions, row by
// row, as a partner reads them. Everything is optional for a spec client: the spec's frames and
// fields are unchanged (socket.contract.test.ts).

let server: TestServer;
let ana: SpecUser;
let bo: SpecUser;
let room: string;
const open: SpecSocket[] = [];

async function connect(user: SpecUser): Promise<SpecSocket> {
  const socket = await SpecSocket.open(server.url, user);
  open.push(socket);
  return socket;
}

/** Ana sends a message into the private room; both sockets have joined it. */
async function anaSays(anaSocket: SpecSocket, text: string): Promise<number> {
  anaSocket.send({ type: 'chat_message', message: text, sender_id: ana.id, receiver_id: bo.id });
  const echo = await anaSocket.next('chat_message', (f) => f.message === text);
  return Number(echo.id);
}

beforeAll(async () => {
  server = await startTestServer();
  ana = await registerSpecUser(server.url);
  bo = await registerSpecUser(server.url, 'English');
  room = `private-${Math.min(ana.id, bo.id)}-${Math.max(ana.id, bo.id)}`;
});
afterEach(() => {
  for (const socket of open.splice(0)) socket.close();
});
afterAll(() => server.close());

describe('reactions', () => {
  it('react {message_id, emoji} → reaction {message_id, emoji, user_id, added, room_name} to every member', async () => {
    const [anaSocket, boSocket] = [await connect(ana), await connect(bo)];
    anaSocket.send({ type: 'join_room', room_name: room });
    await anaSocket.next('chat_history');
    const id = await anaSays(anaSocket, 'react to me');
    boSocket.send({ type: 'react', message_id: id, emoji: '❤️' });
    for (const socket of [anaSocket, boSocket]) {
      expect(await socket.next('reaction')).toEqual({
        type: 'reaction',
        message_id: id,
        emoji: '❤️',
        user_id: bo.id,
        added: true,
        room_name: room,
      });
    }
    // The same frame again removes it: added false.
    boSocket.send({ type: 'react', message_id: id, emoji: '❤️' });
    expect(await anaSocket.next('reaction')).toMatchObject({ added: false, user_id: bo.id });
  });

  it('history messages carry reactions [{emoji, count, user_ids}]', async () => {
    const anaSocket = await connect(ana);
    anaSocket.send({ type: 'join_room', room_name: room });
    await anaSocket.next('chat_history');
    const id = await anaSays(anaSocket, 'history reactions');
    anaSocket.send({ type: 'react', message_id: id, emoji: '🙏' });
    await anaSocket.next('reaction');
    anaSocket.send({ type: 'join_room', room_name: room });
    const history = await anaSocket.next('chat_history');
    const messages = history.message as Record<string, unknown>[];
    expect(messages.at(-1)?.reactions).toEqual([{ emoji: '🙏', count: 1, user_ids: [ana.id] }]);
    // A message nobody reacted to has none.
    expect(messages.find((m) => m.message === 'react to me')?.reactions ?? []).toEqual([]);
  });

  it('react on a message of a room one is not in → error not_a_member; a bad emoji → invalid_frame', async () => {
    const cy = await registerSpecUser(server.url);
    const anaSocket = await connect(ana);
    anaSocket.send({ type: 'join_room', room_name: room });
    await anaSocket.next('chat_history');
    const id = await anaSays(anaSocket, 'not yours');
    const cySocket = await connect(cy);
    cySocket.send({ type: 'react', message_id: id, emoji: '👍' });
    expect(await cySocket.next('error')).toMatchObject({ code: 'not_a_member' });
    cySocket.send({ type: 'react', message_id: id, emoji: 'like' });
    expect(await cySocket.next('error')).toMatchObject({ code: 'invalid_frame' });
  });
});

describe('read and delivered receipts', () => {
  it('read {room_name, message_id} → read_receipt {room_name, user_id, message_id, read_at}', async () => {
    const anaSocket = await connect(ana);
    anaSocket.send({ type: 'join_room', room_name: room });
    await anaSocket.next('chat_history');
    const id = await anaSays(anaSocket, 'read me');
    const boSocket = await connect(bo);
    boSocket.send({ type: 'read', room_name: room, message_id: id });
    const receipt = await anaSocket.next('read_receipt', (f) => f.message_id === id);
    expect(Object.keys(receipt).sort()).toEqual(
      ['type', 'room_name', 'user_id', 'message_id', 'read_at'].sort(),
    );
    expect(receipt).toMatchObject({ room_name: room, user_id: bo.id, message_id: id });
    // The reader's own socket hears it too (another device clears its unread count).
    expect(await boSocket.next('read_receipt')).toMatchObject({ user_id: bo.id, message_id: id });
  });

  it('delivered_receipt {room_name, user_id, message_id, delivered_at} when a message reaches the other’s socket', async () => {
    const [anaSocket, boSocket] = [await connect(ana), await connect(bo)];
    anaSocket.send({ type: 'join_room', room_name: room });
    await anaSocket.next('chat_history');
    const id = await anaSays(anaSocket, 'delivered?');
    await boSocket.next('chat_message', (f) => f.id === id);
    const receipt = await anaSocket.next('delivered_receipt', (f) => f.message_id === id);
    expect(Object.keys(receipt).sort()).toEqual(
      ['type', 'room_name', 'user_id', 'message_id', 'delivered_at'].sort(),
    );
    expect(receipt.user_id).toBe(bo.id);
  });

  it('?features=grouped_receipts → delivered_receipts {room_name, receipts: [{user_id, message_id, delivered_at}]}; without it, delivered_receipt', async () => {
    const grouped = await SpecSocket.open(server.url, ana, '&features=unknown,grouped_receipts');
    open.push(grouped);
    const plain = await connect(ana);
    const boSocket = await connect(bo);
    for (const socket of [grouped, plain]) {
      socket.send({ type: 'join_room', room_name: room });
      await socket.next('chat_history');
    }
    const id = await anaSays(plain, 'grouped?');
    await boSocket.next('chat_message', (f) => f.id === id);
    const frame = await grouped.next('delivered_receipts', (f) =>
      (f.receipts as { message_id: number }[]).some((r) => r.message_id === id),
    );
    expect(Object.keys(frame).sort()).toEqual(['receipts', 'room_name', 'type']);
    expect(frame.room_name).toBe(room);
    const receipts = frame.receipts as Record<string, unknown>[];
    expect(receipts).toHaveLength(1);
    expect(Object.keys(receipts[0] ?? {}).sort()).toEqual(
      ['delivered_at', 'message_id', 'user_id'].sort(),
    );
    expect(receipts[0]).toMatchObject({ user_id: bo.id, message_id: id });
    // The same receipt, as the spec-shaped frame, to the socket that did not ask.
    expect(await plain.next('delivered_receipt', (f) => f.message_id === id)).toMatchObject({
      room_name: room,
      user_id: bo.id,
      delivered_at: receipts[0]?.delivered_at,
    });
    expect(grouped.frames.filter((f) => f.type === 'delivered_receipt')).toEqual([]);
  });

  it('chat_history and GET /chatmessage/history/ carry receipts [{user_id, delivered_up_to, read_up_to, read_at}]', async () => {
    const boSocket = await connect(bo);
    boSocket.send({ type: 'join_room', room_name: room });
    const history = await boSocket.next('chat_history');
    const receipts = history.receipts as Record<string, unknown>[];
    const anaRow = receipts.find((r) => r.user_id === ana.id);
    expect(Object.keys(anaRow ?? {}).sort()).toEqual(
      ['user_id', 'delivered_up_to', 'read_up_to', 'read_at'].sort(),
    );
    const page = await bo.http.call<{ receipts: unknown[] }>(
      'GET',
      `/chatmessage/history/?room_name=${room}`,
    );
    expect(page.status).toBe(200);
    expect(page.body.receipts).toContainEqual(expect.objectContaining({ user_id: bo.id }));
  });

  it('read on a room one is not in → not_a_member; without room_name → invalid_frame', async () => {
    const cy = await registerSpecUser(server.url);
    const socket = await connect(cy);
    socket.send({ type: 'read', room_name: room, message_id: 1 });
    expect(await socket.next('error')).toMatchObject({ code: 'not_a_member' });
    socket.send({ type: 'read', message_id: 1 });
    expect(await socket.next('error')).toMatchObject({ code: 'invalid_frame' });
  });

  it('PATCH /accounts/update-read-receipts/ {read_receipts} answers the user with read_receipts', async () => {
    const changed = await bo.http.call('PATCH', '/accounts/update-read-receipts/', {
      read_receipts: false,
    });
    expect(changed.status).toBe(200);
    expect(changed.body.read_receipts).toBe(false);
    const bad = await bo.http.call('PATCH', '/accounts/update-read-receipts/', {
      read_receipts: 'no',
    });
    expect(bad.status).toBe(400);
    const me = await bo.http.call('GET', '/accounts/me/');
    expect(me.body.read_receipts).toBe(false);
    await bo.http.call('PATCH', '/accounts/update-read-receipts/', { read_receipts: true });
  });
});
