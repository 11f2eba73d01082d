// Contract rows for Parley's message requests (issue 25; not in spec §7): the paths of chat-sdk's
// MESSAGE_REQUEST_PATHS, the chat list's optional `request` / `request_remaining` fields and the
// `request_pending` error frame, as a spec client meets them. A spec client sends the spec's
// chat_message only; it ignores the list's extra fields.
import { MESSAGE_REQUEST_PATHS, privateRoomName } from '@parley/chat-sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { registerSpecUser, SpecSocket, type SpecUser } from './support/specClient.js';

let server: TestServer;
const open: SpecSocket[] = [];

beforeAll(async () => {
  server = await startTestServer({ messageRequests: true });
});
afterEach(() => {
  for (const socket of open.splice(0)) socket.close();
});
afterAll(() => server?.close());

async function strangers() {
  const ana = await registerSpecUser(server.url);
  const bo = await registerSpecUser(server.url);
  return { ana, bo, room: privateRoomName(ana.id, bo.id) };
}

/** A spec client's socket that sent `count` messages to `to` by receiver_id (no join). */
async function wrote(from: SpecUser, to: SpecUser, count: number): Promise<SpecSocket> {
  const socket = await SpecSocket.open(server.url, from);
  open.push(socket);
  for (let i = 1; i <= count; i += 1) {
    socket.send({
      type: 'chat_message',
      message: `hello ${i}`,
      sender_id: from.id,
      receiver_id: to.id,
      client_id: `contract-${from.id}-${i}`,
    });
    await socket.next('chat_message', (f) => f.client_id === `contract-${from.id}-${i}`);
  }
  return socket;
}

describe('contract: GET /chatmessage/chats/ rows with request', () => {
  it('marks the receiver’s row incoming and the sender’s outgoing with request_remaining', async () => {
    const { ana, bo } = await strangers();
    await wrote(ana, bo, 1);
    const theirs = await bo.http.call<Record<string, unknown>[]>('GET', '/chatmessage/chats/');
    expect(theirs.body.find((row) => row.id === ana.id)).toMatchObject({ request: 'incoming' });
    const mine = await ana.http.call<Record<string, unknown>[]>('GET', '/chatmessage/chats/');
    expect(mine.body.find((row) => row.id === bo.id)).toMatchObject({
      request: 'outgoing',
      request_remaining: 2,
    });
  });
});

describe('contract: chat_message over the allowance → error {code: request_pending}', () => {
  it('answers the fourth message with an error frame naming its client_id', async () => {
    const { ana, bo } = await strangers();
    const socket = await wrote(ana, bo, 3);
    socket.send({
      type: 'chat_message',
      message: 'hello 4',
      sender_id: ana.id,
      receiver_id: bo.id,
      client_id: 'contract-fourth',
    });
    const error = await socket.next('error');
    expect(error).toEqual({
      type: 'error',
      code: 'request_pending',
      detail: expect.any(String),
      client_id: 'contract-fourth',
    });
  });
});

for (const [name, path, state] of [
  ['accept', MESSAGE_REQUEST_PATHS.accept, 'accepted'],
  ['delete', MESSAGE_REQUEST_PATHS.delete, 'deleted'],
] as const) {
  describe(`contract: POST ${path} {room_name} → {room_name, state}`, () => {
    it(`${name}: answers {room_name, state: '${state}'}; 401, 400 fields, 403 for the sender`, async () => {
      const { ana, bo, room } = await strangers();
      await wrote(ana, bo, 1);
      const bySender = await ana.http.call('POST', path, { room_name: room });
      expect(bySender.status).toBe(403);
      expect(Object.keys(bySender.body)).toEqual(['detail']);
      const invalid = await bo.http.call('POST', path, { room_name: 7 });
      expect(invalid.status).toBe(400);
      expect(invalid.body).toHaveProperty('room_name');
      const anonymous = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ room_name: room }),
      });
      expect(anonymous.status).toBe(401);
      // The spec's room name with underscores names the same room.
      const answer = await bo.http.call('POST', path, {
        room_name: room.replace(/-/g, '_'),
      });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ room_name: room, state });
    });
  });
}
