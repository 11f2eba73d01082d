import { type ChatMessage, privateRoomName } from '@parley/chat-sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ChatClient, type ChatUser, createChatUser, socketUrl } from './support/chatClients.js';
import { connectUsers } from './support/connections.js';
import { startTestServer, type TestServer } from './support/testServer.js';

// Issue 25: react/reaction, read/read_receipt and delivered_receipt over real sockets on PGlite.

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
/** Sends a message into the joined room and returns it as its sender's echo. */
async function say(client: ChatClient, from: ChatUser, text: string): Promise<ChatMessage> {
  sent += 1;
  const clientId = `rr-${sent}`;
  client.send({ type: 'chat_message', client_id: clientId, message: text, sender_id: from.id });
  return client.next('chat_message', (f) => f.client_id === clientId);
}

async function pair() {
  const ana = await createChatUser(server);
  const ben = await createChatUser(server);
  return { ana, ben, room: privateRoomName(ana.id, ben.id) };
}

/** Ana's new group with Ben and Cai, each with a socket joined to it. */
async function groupOfThree(name: string) {
  const [ana, ben, cai] = await Promise.all([1, 2, 3].map(() => createChatUser(server)));
  if (!ana || !ben || !cai) throw new Error('users');
  for (const other of [ben, cai]) await connectUsers(server, ana, other);
  const form = new FormData();
  form.append('name', `${name} ${process.pid} ${Date.now()}`);
  form.append('user_ids', String(ben.id));
  form.append('user_ids', String(cai.id));
  const created = await server
    .client()
    .post<{ room_name: string }>('/chatmessage/create/group/', form, { token: ana.token });
  expect(created.status, created.text).toBe(201);
  const room = created.body.room_name;
  const sockets = await Promise.all([ana, ben, cai].map(connect));
  for (const socket of sockets) await socket.join(room);
  return { ana, ben, cai, room, sockets: sockets as [ChatClient, ChatClient, ChatClient] };
}

async function setReadReceipts(user: ChatUser, on: boolean) {
  const response = await server
    .client()
    .patch('/accounts/update-read-receipts/', { read_receipts: on }, { token: user.token });
  expect(response.status, response.text).toBe(200);
  expect((response.body as { read_receipts: boolean }).read_receipts).toBe(on);
}

describe('react', () => {
  it('toggles a reaction that every member of a group hears, and history carries it', async () => {
    const { ana, ben, cai, room, sockets } = await groupOfThree('Reactions');
    const [anaSocket, benSocket, caiSocket] = sockets;
    const message = await say(anaSocket, ana, 'Hello group');

    benSocket.send({ type: 'react', message_id: message.id, emoji: '👍' });
    for (const socket of sockets) {
      expect(await socket.next('reaction')).toEqual({
        type: 'reaction',
        message_id: message.id,
        emoji: '👍',
        user_id: ben.id,
        added: true,
        room_name: room,
      });
    }
    caiSocket.send({ type: 'react', message_id: message.id, emoji: '👍' });
    caiSocket.send({ type: 'react', message_id: message.id, emoji: '👨‍👩‍👧‍👦' });
    await anaSocket.next('reaction', (f) => f.emoji === '👨‍👩‍👧‍👦');
    let history = await anaSocket.join(room);
    expect(history.message.at(-1)?.reactions).toEqual([
      { emoji: '👍', count: 2, user_ids: [ben.id, cai.id] },
      { emoji: '👨‍👩‍👧‍👦', count: 1, user_ids: [cai.id] },
    ]);

    // The same emoji again takes it back.
    benSocket.send({ type: 'react', message_id: message.id, emoji: '👍' });
    const removed = await caiSocket.next('reaction', (f) => f.user_id === ben.id && !f.added);
    expect(removed.emoji).toBe('👍');
    history = await benSocket.join(room);
    expect(history.message.at(-1)?.reactions?.[0]).toEqual({
      emoji: '👍',
      count: 1,
      user_ids: [cai.id],
    });
    // The REST history page carries them too.
    const page = await server
      .client()
      .get<{ results: ChatMessage[] }>(
        `/chatmessage/history/?room_name=${encodeURIComponent(room)}`,
        { token: cai.token },
      );
    expect(page.body.results.at(-1)?.reactions).toHaveLength(2);
  });

  it('only members of the message’s room react; unknown messages are refused alike', async () => {
    const { ana, ben, room } = await pair();
    const outsider = await createChatUser(server);
    const anaSocket = await connect(ana);
    await anaSocket.join(room);
    const message = await say(anaSocket, ana, 'Just us');
    const outsiderSocket = await connect(outsider);
    outsiderSocket.send({ type: 'react', message_id: message.id, emoji: '😂' });
    expect(await outsiderSocket.next('error')).toMatchObject({ code: 'not_a_member' });
    outsiderSocket.send({ type: 'react', message_id: 2_000_000_000, emoji: '😂' });
    expect(await outsiderSocket.next('error')).toMatchObject({ code: 'not_a_member' });
    expect(await anaSocket.unclaimed('reaction')).toEqual([]);
    const stored = await server.pglite.query(
      'select * from message_reactions where message_id = $1',
      [message.id],
    );
    expect(stored.rows).toEqual([]);
    void ben;
  });

  it('answers malformed react and read frames with invalid_frame and keeps the socket', async () => {
    const { ana } = await pair();
    const socket = await connect(ana);
    const malformed = [
      { type: 'react', message_id: 1 },
      { type: 'react', message_id: 1, emoji: 'ab' },
      { type: 'react', message_id: 1, emoji: '👍👍' },
      { type: 'react', message_id: 1, emoji: '👍'.repeat(40) },
      { type: 'react', message_id: 'x', emoji: '👍' },
      { type: 'react', message_id: -3, emoji: '👍' },
      { type: 'read', message_id: 1 },
      { type: 'read', room_name: '', message_id: 1 },
      { type: 'read', room_name: 'a'.repeat(201), message_id: 1 },
      { type: 'read', room_name: 'private-1-2', message_id: null },
    ];
    for (const frame of malformed) {
      socket.send(frame);
      expect(await socket.next('error'), JSON.stringify(frame)).toMatchObject({
        type: 'error',
        code: 'invalid_frame',
      });
    }
    await socket.ping();
  });
});

describe('read and delivered receipts', () => {
  it('a read up to an id reaches the sender and the reader’s other devices; history keeps it', async () => {
    const { ana, ben, room } = await pair();
    const anaSocket = await connect(ana);
    await anaSocket.join(room);
    const first = await say(anaSocket, ana, 'one');
    const second = await say(anaSocket, ana, 'two');
    const [benPhone, benLaptop] = [await connect(ben), await connect(ben)];
    await benPhone.join(room);
    // Loading the history delivered both messages to Ben.
    expect(await anaSocket.next('delivered_receipt', (f) => f.user_id === ben.id)).toMatchObject({
      room_name: room,
      message_id: second.id,
    });

    benPhone.send({ type: 'read', room_name: room, message_id: first.id });
    const receipt = await anaSocket.next('read_receipt');
    expect(receipt).toMatchObject({ room_name: room, user_id: ben.id, message_id: first.id });
    expect(Number.isNaN(Date.parse(receipt.read_at))).toBe(false);
    expect(await benLaptop.next('read_receipt')).toMatchObject({ message_id: first.id });

    // Reading an older id again moves nothing and tells nobody.
    benPhone.send({ type: 'read', room_name: room, message_id: first.id });
    await benPhone.ping();
    expect(await anaSocket.unclaimed('read_receipt')).toEqual([]);

    const history = await anaSocket.join(room);
    expect(history.receipts).toContainEqual(
      expect.objectContaining({
        user_id: ben.id,
        read_up_to: first.id,
        delivered_up_to: second.id,
      }),
    );
  });

  it('a message reaching a member’s open socket is delivered', async () => {
    const { ana, ben, room } = await pair();
    const [anaSocket, benSocket] = [await connect(ana), await connect(ben)];
    await anaSocket.join(room);
    await benSocket.join(room);
    const message = await say(anaSocket, ana, 'are you there?');
    await benSocket.next('chat_message', (f) => f.id === message.id);
    expect(
      await anaSocket.next('delivered_receipt', (f) => f.message_id === message.id),
    ).toMatchObject({ user_id: ben.id, room_name: room });
  });

  it('in a group, a live delivery is told to the senders of what it covers, not the whole room', async () => {
    const { ana, ben, cai, room, sockets } = await groupOfThree('Delivered');
    const [anaSocket, benSocket, caiSocket] = sockets;
    // Joining told the room how far each member had received it (all sent before the pongs);
    // only live deliveries count here.
    for (const socket of sockets) await socket.ping();
    for (const socket of sockets) socket.frames.length = 0;

    const message = await say(anaSocket, ana, 'who got this?');
    await benSocket.next('chat_message', (f) => f.id === message.id);
    await caiSocket.next('chat_message', (f) => f.id === message.id);
    // Ana's ticks need both readers' receipts.
    const toAna = [
      await anaSocket.next('delivered_receipt', (f) => f.user_id === ben.id),
      await anaSocket.next('delivered_receipt', (f) => f.user_id === cai.id),
    ];
    for (const receipt of toAna)
      expect(receipt).toMatchObject({ room_name: room, message_id: message.id });
    // Ben and Cai sent nothing the delivery covers: they hear of neither's receipt.
    await benSocket.ping();
    await caiSocket.ping();
    await server.app.pushFanout.settled();
    expect(await benSocket.unclaimed('delivered_receipt')).toEqual([]);
    expect(await caiSocket.unclaimed('delivered_receipt')).toEqual([]);

    // Cai answers: Ana and Ben received it, and only Cai is told.
    const reply = await say(caiSocket, cai, 'me');
    await anaSocket.next('chat_message', (f) => f.id === reply.id);
    await benSocket.next('chat_message', (f) => f.id === reply.id);
    const toCai = await caiSocket.next('delivered_receipt', (f) => f.message_id === reply.id);
    expect([ana.id, ben.id]).toContain(toCai.user_id);
    await caiSocket.next(
      'delivered_receipt',
      (f) => f.message_id === reply.id && f.user_id !== toCai.user_id,
    );
    await anaSocket.ping();
    await benSocket.ping();
    expect(await benSocket.unclaimed('delivered_receipt')).toEqual([]);
    expect(
      (await anaSocket.unclaimed('delivered_receipt')).filter(
        (f) => f.type === 'delivered_receipt' && f.message_id === reply.id,
      ),
    ).toEqual([]);
  });

  it('a sender that asked for grouped receipts hears of a group’s deliveries in one frame', async () => {
    const { ana, ben, cai, room, sockets } = await groupOfThree('Grouped');
    const [plain, benSocket, caiSocket] = sockets;
    const grouped = await ChatClient.connect(
      `${socketUrl(server, ana.id, ana.token)}&features=grouped_receipts`,
    );
    open.push(grouped);
    await grouped.join(room);

    const message = await say(plain, ana, 'all of you?');
    await benSocket.next('chat_message', (f) => f.id === message.id);
    await caiSocket.next('chat_message', (f) => f.id === message.id);
    // Both members received it in the same turn: one frame, a receipt each.
    const frame = await grouped.next('delivered_receipts', (f) =>
      f.receipts.some((r) => r.message_id === message.id),
    );
    expect(frame.room_name).toBe(room);
    expect(frame.receipts.map((r) => r.user_id).sort()).toEqual([ben.id, cai.id].sort());
    for (const receipt of frame.receipts) {
      expect(receipt.message_id).toBe(message.id);
      expect(Number.isNaN(Date.parse(receipt.delivered_at))).toBe(false);
    }
    // Ana's socket that did not ask hears the same two receipts one frame each, as before.
    const singles = [
      await plain.next('delivered_receipt', (f) => f.message_id === message.id),
      await plain.next('delivered_receipt', (f) => f.message_id === message.id),
    ];
    expect(singles.map((single) => single.user_id).sort()).toEqual([ben.id, cai.id].sort());
    for (const single of singles) expect(single.room_name).toBe(room);
    await grouped.ping();
    expect(await grouped.unclaimed('delivered_receipt')).toEqual([]);
    expect(await grouped.unclaimed('delivered_receipts')).toEqual([]);
  });

  it('switched off, read receipts are neither sent nor seen', async () => {
    const { ana, ben, room } = await pair();
    const anaSocket = await connect(ana);
    await anaSocket.join(room);
    const first = await say(anaSocket, ana, 'first');
    const benSocket = await connect(ben);
    await benSocket.join(room);
    const benOther = await connect(ben);

    // Ben turns them off: Ana hears nothing, Ben's own devices still learn of the read.
    await setReadReceipts(ben, false);
    benSocket.send({ type: 'read', room_name: room, message_id: first.id });
    expect(await benOther.next('read_receipt')).toMatchObject({ message_id: first.id });
    expect(await anaSocket.unclaimed('read_receipt')).toEqual([]);
    expect((await anaSocket.join(room)).receipts).toContainEqual(
      expect.objectContaining({ user_id: ben.id, read_up_to: 0, read_at: null }),
    );

    // Ben on, Ana off: Ana sees none of Ben's reads either.
    await setReadReceipts(ben, true);
    await setReadReceipts(ana, false);
    const second = await say(anaSocket, ana, 'second');
    benSocket.send({ type: 'read', room_name: room, message_id: second.id });
    expect(await benOther.next('read_receipt')).toMatchObject({ message_id: second.id });
    expect(await anaSocket.unclaimed('read_receipt')).toEqual([]);
    expect((await anaSocket.join(room)).receipts).toContainEqual(
      expect.objectContaining({ user_id: ben.id, read_up_to: 0 }),
    );
  });

  it('refuses a read of a room one is not in, or of a message of another room', async () => {
    const { ana, ben, room } = await pair();
    const outsider = await createChatUser(server);
    const anaSocket = await connect(ana);
    await anaSocket.join(room);
    const message = await say(anaSocket, ana, 'private');
    const outsiderSocket = await connect(outsider);
    outsiderSocket.send({ type: 'read', room_name: room, message_id: message.id });
    expect(await outsiderSocket.next('error')).toMatchObject({ code: 'not_a_member' });
    const otherRoom = privateRoomName(ana.id, outsider.id);
    anaSocket.send({ type: 'read', room_name: otherRoom, message_id: message.id });
    expect(await anaSocket.next('error')).toMatchObject({ code: 'invalid_frame' });
    void ben;
  });
});
