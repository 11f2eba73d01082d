import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.js';
import {
  connectSpecUsers,
  registerSpecUser,
  SPEC_MESSAGE_FIELDS,
  SpecSocket,
  type SpecUser,
} from './support/specClient.js';

// docs/socket-protocol.md "Message actions (reply, edit, delete)": Parley's extensions, sent by
// their documented names over the spec's socket. Every chat_message here still carries each of
// the spec's fields, so a spec-only client keeps reading a reply, an edit or a deletion's row.

let server: TestServer;
let ana: SpecUser;
let bo: SpecUser;
let outsider: SpecUser;
const open: SpecSocket[] = [];

const privateRoom = (a: SpecUser, b: SpecUser) =>
  `private-${Math.min(a.id, b.id)}-${Math.max(a.id, b.id)}`;

async function connect(user: SpecUser): Promise<SpecSocket> {
  const socket = await SpecSocket.open(server.url, user);
  open.push(socket);
  socket.send({ type: 'join_room', room_name: privateRoom(ana, bo) });
  return socket;
}

let counter = 0;
async function say(socket: SpecSocket, from: SpecUser, text: string, extra = {}) {
  counter += 1;
  const clientId = `contract-${counter}`;
  socket.send({
    type: 'chat_message',
    client_id: clientId,
    message: text,
    sender_id: from.id,
    receiver_id: from.id === ana.id ? bo.id : ana.id,
    ...extra,
  });
  return socket.next('chat_message', (f) => f.client_id === clientId);
}

beforeAll(async () => {
  server = await startTestServer();
  ana = await registerSpecUser(server.url, 'English');
  bo = await registerSpecUser(server.url, 'English');
  outsider = await registerSpecUser(server.url, 'English');
  await connectSpecUsers(ana, bo);
});
afterEach(() => {
  for (const socket of open.splice(0)) socket.close();
});
afterAll(() => server.close());

describe('message actions (Parley extension)', () => {
  it('chat_message {reply_to} is delivered with reply_to {id, sender_id, sender_username, message, file_type} and the spec fields', async () => {
    const [anaSocket, boSocket] = [await connect(ana), await connect(bo)];
    await Promise.all([anaSocket.next('chat_history'), boSocket.next('chat_history')]);
    const original = await say(anaSocket, ana, 'first');
    const reply = await say(boSocket, bo, 'second', { reply_to: original.id });
    for (const field of SPEC_MESSAGE_FIELDS) expect(reply).toHaveProperty(field);
    expect(reply.reply_to).toEqual({
      id: original.id,
      sender_id: ana.id,
      sender_username: ana.username,
      message: 'first',
      file_type: 'text',
    });
  });

  it('chat_message {reply_to} naming no message of the room is refused with invalid_frame', async () => {
    const socket = await connect(ana);
    await socket.next('chat_history');
    socket.send({
      type: 'chat_message',
      client_id: 'contract-bad-reply',
      message: 'x',
      sender_id: ana.id,
      receiver_id: bo.id,
      reply_to: 2_000_000_000,
    });
    expect(await socket.next('error')).toMatchObject({
      code: 'invalid_frame',
      client_id: 'contract-bad-reply',
    });
  });

  it('edit_message {message_id, message} → message_edited {message_id, message, original_message, edited_at} to every member', async () => {
    const [anaSocket, boSocket] = [await connect(ana), await connect(bo)];
    await Promise.all([anaSocket.next('chat_history'), boSocket.next('chat_history')]);
    const sent = await say(anaSocket, ana, 'befor');
    anaSocket.send({ type: 'edit_message', message_id: sent.id, message: 'before' });
    for (const socket of [anaSocket, boSocket]) {
      const frame = await socket.next('message_edited');
      expect(frame).toMatchObject({
        type: 'message_edited',
        message_id: sent.id,
        message: 'before',
        original_message: 'before',
      });
      expect(Number.isNaN(Date.parse(String(frame.edited_at)))).toBe(false);
    }
  });

  it('edit_message by anyone but its sender, or malformed, is refused with invalid_frame', async () => {
    const [anaSocket, boSocket] = [await connect(ana), await connect(bo)];
    await Promise.all([anaSocket.next('chat_history'), boSocket.next('chat_history')]);
    const sent = await say(anaSocket, ana, 'mine');
    boSocket.send({ type: 'edit_message', message_id: sent.id, message: 'yours' });
    expect((await boSocket.next('error')).code).toBe('invalid_frame');
    for (const frame of [
      { type: 'edit_message', message_id: sent.id, message: '' },
      { type: 'edit_message', message_id: 'x', message: 'y' },
      { type: 'edit_message', message_id: sent.id, message: 'y'.repeat(10_001) },
      { type: 'delete_message', message_id: sent.id, for: 'them' },
      { type: 'delete_message' },
    ]) {
      anaSocket.send(frame);
      expect((await anaSocket.next('error')).code).toBe('invalid_frame');
    }
  });

  it('delete_message {message_id} → message_deleted {message_id} to every member; history keeps the row, deleted', async () => {
    const [anaSocket, boSocket] = [await connect(ana), await connect(bo)];
    await Promise.all([anaSocket.next('chat_history'), boSocket.next('chat_history')]);
    const sent = await say(anaSocket, ana, 'oops');
    anaSocket.send({ type: 'delete_message', message_id: sent.id });
    for (const socket of [anaSocket, boSocket]) {
      expect(await socket.next('message_deleted')).toMatchObject({
        type: 'message_deleted',
        message_id: sent.id,
      });
    }
    const rejoin = await connect(bo);
    const history = await rejoin.next('chat_history');
    const row = (history.message as Record<string, unknown>[]).find((m) => m.id === sent.id);
    for (const field of SPEC_MESSAGE_FIELDS) expect(row).toHaveProperty(field);
    expect(row).toMatchObject({ deleted: true, message: '' });
  });

  it('delete_message {message_id, for: "me"} → message_deleted {for: "me"} to that person only', async () => {
    const [anaSocket, boSocket] = [await connect(ana), await connect(bo)];
    await Promise.all([anaSocket.next('chat_history'), boSocket.next('chat_history')]);
    const sent = await say(anaSocket, ana, 'keep it');
    boSocket.send({ type: 'delete_message', message_id: sent.id, for: 'me' });
    expect(await boSocket.next('message_deleted')).toMatchObject({
      message_id: sent.id,
      for: 'me',
    });
    expect(await anaSocket.unclaimed('message_deleted')).toEqual([]);
  });

  it('edit_message and delete_message from a non-member are refused with not_a_member', async () => {
    const anaSocket = await connect(ana);
    await anaSocket.next('chat_history');
    const sent = await say(anaSocket, ana, 'private');
    const socket = await SpecSocket.open(server.url, outsider);
    open.push(socket);
    socket.send({ type: 'edit_message', message_id: sent.id, message: 'x' });
    expect((await socket.next('error')).code).toBe('not_a_member');
    socket.send({ type: 'delete_message', message_id: sent.id, for: 'me' });
    expect((await socket.next('error')).code).toBe('not_a_member');
  });

  it('an unknown message id is refused not_a_member, as react refuses it', async () => {
    const anaSocket = await connect(ana);
    await anaSocket.next('chat_history');
    const unknown = 2_000_000_000;
    for (const frame of [
      { type: 'edit_message', message_id: unknown, message: 'x' },
      { type: 'delete_message', message_id: unknown },
      { type: 'delete_message', message_id: unknown, for: 'me' },
      { type: 'react', message_id: unknown, emoji: '👍' },
    ]) {
      anaSocket.send(frame);
      const error = await anaSocket.next('error');
      expect(error.code).toBe('not_a_member');
      expect(error.detail).toBe('message_id must name a message of a room you are a member of.');
    }
  });
});
