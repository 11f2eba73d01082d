import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.js';
import {
  connectSpecUsers,
  registerSpecUser,
  SPEC_MESSAGE_FIELDS,
  SpecSocket,
  type SpecUser,
} from './support/specClient.js';

// Spec §7 "Socket" and "Chat": every outgoing frame the server serves, sent exactly as the spec
// lists its fields (no client_id, no room_name), and every incoming type it sends, read by the
// spec's names at the top level.

/** A 1×1 PNG. */
const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let server: TestServer;
let ana: SpecUser;
let bo: SpecUser;
const open: SpecSocket[] = [];

/** Spec §7: private-{minId}-{maxId} from the sidebar. */
const privateRoom = (a: SpecUser, b: SpecUser) =>
  `private-${Math.min(a.id, b.id)}-${Math.max(a.id, b.id)}`;

async function connect(user: SpecUser): Promise<SpecSocket> {
  const socket = await SpecSocket.open(server.url, user);
  open.push(socket);
  return socket;
}

function expectSpecMessage(frame: Record<string, unknown>) {
  for (const field of SPEC_MESSAGE_FIELDS) expect(frame).toHaveProperty(field);
  expect(typeof frame.message).toBe('string');
}

beforeAll(async () => {
  server = await startTestServer();
  ana = await registerSpecUser(server.url);
  bo = await registerSpecUser(server.url);
  // A group enrols only the creator's accepted connections: connect them as the spec does.
  await connectSpecUsers(ana, bo);
});
afterEach(() => {
  for (const socket of open.splice(0)) socket.close();
});
afterAll(() => server.close());

describe('spec §7 socket, outgoing frames', () => {
  it('ping is answered by pong', async () => {
    const socket = await connect(ana);
    socket.send({ type: 'ping' });
    expect(await socket.next('pong')).toEqual({ type: 'pong' });
  });

  it('join_room {room_name} is answered by chat_history with the list under message', async () => {
    const socket = await connect(ana);
    socket.send({ type: 'join_room', room_name: privateRoom(ana, bo) });
    const history = await socket.next('chat_history');
    expect(Array.isArray(history.message)).toBe(true);
  });

  it('chat_message {message, sender_id, receiver_id, user_objects, file_url, file_type, file_name} reaches both people as a flat chat_message', async () => {
    const [anaSocket, boSocket] = [await connect(ana), await connect(bo)];
    anaSocket.send({ type: 'join_room', room_name: privateRoom(ana, bo) });
    await anaSocket.next('chat_history');
    anaSocket.send({
      type: 'chat_message',
      message: 'hola bo',
      sender_id: ana.id,
      receiver_id: bo.id,
      user_objects: [
        { id: ana.id, username: ana.username },
        { id: bo.id, username: bo.username },
      ],
      file_url: null,
      file_type: 'text',
      file_name: null,
    });
    for (const socket of [anaSocket, boSocket]) {
      const frame = await socket.next('chat_message');
      expectSpecMessage(frame);
      expect(frame).toMatchObject({
        sender_id: ana.id,
        sender_username: ana.username,
        message: 'hola bo',
        file_type: 'text',
      });
      expect(Number.isNaN(Date.parse(String(frame.timestamp)))).toBe(false);
    }
  });

  it('chat_message routed by receiver_id alone, without a join_room first', async () => {
    const [anaSocket, boSocket] = [await connect(ana), await connect(bo)];
    anaSocket.send({
      type: 'chat_message',
      message: 'sin unirme',
      sender_id: ana.id,
      receiver_id: bo.id,
    });
    expect(await boSocket.next('chat_message')).toMatchObject({ message: 'sin unirme' });
    expect(await anaSocket.next('chat_message')).toMatchObject({ message: 'sin unirme' });
  });

  it('chat_message with ids as numeric strings, a MIME file_type and no message (file only)', async () => {
    const [anaSocket, boSocket] = [await connect(ana), await connect(bo)];
    // Spec §7 upload-file first: a message may only name a file its sender uploaded here.
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PNG_1PX)], { type: 'image/png' }), 'photo.png');
    form.append('file_type', 'image/png');
    form.append('sender_id', String(ana.id));
    form.append('receiver_id', String(bo.id));
    const uploaded = await ana.http.call('POST', '/chatmessage/upload-file/', form);
    expect(uploaded.status).toBe(201);
    const fileUrl = String(uploaded.body.file_url);
    anaSocket.send({
      type: 'chat_message',
      message: null,
      sender_id: String(ana.id),
      receiver_id: String(bo.id),
      file_url: fileUrl,
      file_type: 'image/png',
      file_name: 'photo.png',
    });
    const frame = await boSocket.next('chat_message');
    expectSpecMessage(frame);
    expect(frame).toMatchObject({
      sender_id: ana.id,
      message: '',
      file_type: 'image',
      file_name: 'photo.png',
    });
    expect(String(frame.file_url).split('?')[0]).toBe(fileUrl.split('?')[0]);
  });

  it('typing {is_typing, sender_id, username, user_objects} reaches the other person as typing_indicator', async () => {
    const [anaSocket, boSocket] = [await connect(ana), await connect(bo)];
    anaSocket.send({ type: 'join_room', room_name: privateRoom(ana, bo) });
    await anaSocket.next('chat_history');
    anaSocket.send({
      type: 'typing',
      is_typing: true,
      sender_id: ana.id,
      username: ana.username,
      user_objects: [{ id: bo.id, username: bo.username }],
    });
    expect(await boSocket.next('typing_indicator')).toMatchObject({
      sender_id: ana.id,
      username: ana.username,
      is_typing: true,
    });
  });

  it('typing without a joined room is routed by the one other person in user_objects', async () => {
    const [anaSocket, boSocket] = [await connect(ana), await connect(bo)];
    anaSocket.send({
      type: 'typing',
      is_typing: false,
      sender_id: ana.id,
      username: ana.username,
      user_objects: [{ id: bo.id, username: bo.username }],
    });
    expect(await boSocket.next('typing_indicator')).toMatchObject({
      sender_id: ana.id,
      is_typing: false,
    });
  });

  it('recording {is_recording, sender_id, username} reaches the other person as recording_indicator', async () => {
    const [anaSocket, boSocket] = [await connect(ana), await connect(bo)];
    anaSocket.send({ type: 'join_room', room_name: privateRoom(ana, bo) });
    await anaSocket.next('chat_history');
    anaSocket.send({
      type: 'recording',
      is_recording: true,
      sender_id: ana.id,
      username: ana.username,
    });
    expect(await boSocket.next('recording_indicator')).toMatchObject({
      sender_id: ana.id,
      username: ana.username,
      is_recording: true,
    });
  });

  it('leave_room: afterwards a message naming no room and no receiver goes nowhere', async () => {
    const [anaSocket, boSocket] = [await connect(ana), await connect(bo)];
    anaSocket.send({ type: 'join_room', room_name: privateRoom(ana, bo) });
    await anaSocket.next('chat_history');
    anaSocket.send({ type: 'leave_room' });
    anaSocket.send({ type: 'chat_message', message: 'adónde', sender_id: ana.id });
    expect(await anaSocket.next('error')).toMatchObject({ type: 'error' });
    expect(await boSocket.unclaimed('chat_message')).toEqual([]);
  });
});

describe('spec §7 chat calls and history', () => {
  it('POST /chatmessage/create/group/ multipart {name, user_ids…}, then GET /chatmessage/user/group/ lists it with the spec group fields', async () => {
    const form = new FormData();
    form.append('name', `Spec Group ${process.pid}`);
    form.append('user_ids', String(bo.id));
    const created = await ana.http.call('POST', '/chatmessage/create/group/', form);
    expect(created.status).toBeLessThan(300);
    const list = await ana.http.call<Record<string, unknown>[]>('GET', '/chatmessage/user/group/');
    expect(list.status).toBe(200);
    const group = list.body.find((g) => g.name === `Spec Group ${process.pid}`);
    expect(group).toMatchObject({ last_message: null, last_message_time: null });
    expect([...((group?.user_ids as number[]) ?? [])].sort()).toEqual([ana.id, bo.id].sort());
    expect(group).toHaveProperty('image');
  });

  it('a group room (its name lowercased, spaces to hyphens) carries chat_message to every member', async () => {
    const name = `Book Club ${process.pid}`;
    const form = new FormData();
    form.append('name', name);
    form.append('user_ids', String(bo.id));
    expect((await ana.http.call('POST', '/chatmessage/create/group/', form)).status).toBe(201);
    const room = name.toLowerCase().replace(/\s+/g, '-');
    const [anaSocket, boSocket] = [await connect(ana), await connect(bo)];
    anaSocket.send({ type: 'join_room', room_name: room });
    await anaSocket.next('chat_history');
    anaSocket.send({
      type: 'chat_message',
      message: 'hola club',
      sender_id: ana.id,
      receiver_id: null,
      user_objects: [{ id: ana.id }, { id: bo.id }],
    });
    expect(await boSocket.next('chat_message')).toMatchObject({ message: 'hola club' });
  });

  it('chat_history on a later join_room holds the conversation, oldest first, with the spec fields', async () => {
    const room = privateRoom(ana, bo);
    const anaSocket = await connect(ana);
    for (const text of ['uno', 'dos']) {
      anaSocket.send({
        type: 'chat_message',
        message: text,
        sender_id: ana.id,
        receiver_id: bo.id,
      });
      await anaSocket.next('chat_message', (frame) => frame.message === text);
    }
    const boSocket = await connect(bo);
    boSocket.send({ type: 'join_room', room_name: room });
    const history = await boSocket.next('chat_history');
    const list = history.message as Record<string, unknown>[];
    for (const item of list) expectSpecMessage(item);
    expect(list.slice(-2).map((item) => item.message)).toEqual(['uno', 'dos']);
  });
});

describe('Parley socket extensions (docs/socket-protocol.md), optional for clients', () => {
  it('authenticate {token} with a fresh token of the same user is answered by authenticated {expires_at}', async () => {
    const socket = await connect(ana);
    socket.send({ type: 'authenticate', token: ana.token });
    const answer = await socket.next('authenticated');
    expect(Object.keys(answer).sort()).toEqual(['expires_at', 'type']);
    expect(Number.isNaN(Date.parse(String(answer.expires_at)))).toBe(false);
  });

  it('POST /accounts/logout/ closes the session’s open socket with 4001 "signed out"', async () => {
    const carla = await registerSpecUser(server.url);
    const socket = await connect(carla);
    const closed = new Promise<[number, string]>((resolve) =>
      socket.ws.once('close', (code, reason) => resolve([code, String(reason)])),
    );
    expect((await carla.http.call('POST', '/accounts/logout/')).status).toBe(204);
    expect(await closed).toEqual([4001, 'signed out']);
  });
});

describe('sockets per person (Parley extension, docs/socket-protocol.md)', () => {
  it('an 11th socket of one person closes the oldest with 4008 and a reason; the rest keep working', async () => {
    const oldest = await connect(ana);
    const closed = new Promise<{ code: number; reason: string }>((resolve) => {
      oldest.ws.once('close', (code, reason) => resolve({ code, reason: String(reason) }));
    });
    const sockets = [oldest];
    for (let i = 0; i < 10; i += 1) sockets.push(await connect(ana));
    expect(await closed).toEqual({ code: 4008, reason: 'too many open sockets for this account' });
    const newest = sockets[10] as SpecSocket;
    newest.send({ type: 'ping' });
    expect(await newest.next('pong')).toEqual({ type: 'pong' });
  });
});
