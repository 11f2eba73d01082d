import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.js';
import {
  connectSpecUsers,
  registerSpecUser,
  SPEC_MESSAGE_FIELDS,
  SpecSocket,
  type SpecUser,
} from './support/specClient.js';

// Parley's "system rows" extensions (docs/socket-protocol.md, Surface): a group's record of its
// own events on chat messages (`group_event`), and `last_message_info` on chat-list rows. A spec
// client sees an ordinary message with the spec's fields and the spec's chat-list fields.

let server: TestServer;
let ana: SpecUser;
let bo: SpecUser;
const open: SpecSocket[] = [];

beforeAll(async () => {
  server = await startTestServer();
  ana = await registerSpecUser(server.url);
  bo = await registerSpecUser(server.url);
  await connectSpecUsers(ana, bo);
});
afterEach(() => {
  for (const socket of open.splice(0)) socket.close();
});
afterAll(() => server.close());

describe('Surface: system rows (ext)', () => {
  it('a new group\'s history starts with its record: a spec message plus group_event {event: "created", actor_id, actor_username, members, group_name}', async () => {
    const name = `Rows ${process.pid}`;
    const form = new FormData();
    form.append('name', name);
    form.append('user_ids', String(bo.id));
    const created = await ana.http.call<{ room_name: string }>(
      'POST',
      '/chatmessage/create/group/',
      form,
    );
    expect(created.status).toBe(201);

    const socket = await SpecSocket.open(server.url, bo);
    open.push(socket);
    socket.send({ type: 'join_room', room_name: created.body.room_name });
    const history = await socket.next('chat_history');
    const [record] = history.message as Record<string, unknown>[];
    for (const field of SPEC_MESSAGE_FIELDS) expect(record).toHaveProperty(field);
    expect(record).toMatchObject({
      sender_id: ana.id,
      file_type: 'text',
      group_event: {
        event: 'created',
        actor_id: ana.id,
        actor_username: ana.username,
        members: [],
        group_name: name,
      },
    });
    // Never translated: the words are the client's, the text is language-neutral.
    expect(record?.message).toBe(`👥 ${name}`);

    // The list keeps the spec's "no messages yet" and says what the newest row is.
    const groups = await bo.http.call<Record<string, unknown>[]>('GET', '/chatmessage/user/group/');
    const group = groups.body.find((g) => g.name === name);
    expect(group).toMatchObject({
      last_message: null,
      last_message_time: null,
      last_message_info: { sender_id: ana.id, group_event: { event: 'created' } },
    });
  });

  it('GET /chatmessage/chats/ rows carry last_message_info {sender_id, file_type} beside the spec text', async () => {
    const socket = await SpecSocket.open(server.url, ana);
    open.push(socket);
    socket.send({ type: 'chat_message', message: 'hola', sender_id: ana.id, receiver_id: bo.id });
    await socket.next('chat_message');
    const chats = await bo.http.call<Record<string, unknown>[]>('GET', '/chatmessage/chats/');
    const row = chats.body.find((c) => c.id === ana.id);
    expect(row).toMatchObject({
      last_message: 'hola',
      last_message_info: { sender_id: ana.id, file_type: 'text' },
    });
  });
});
