import { ACCOUNT_PATHS, CHAT_PATHS, privateRoomName } from '@parley/chat-sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ChatClient, type ChatUser, createChatUser } from './support/chatClients.js';
import { startTestServer, type TestServer } from './support/testServer.js';

let server: TestServer;
let ana: ChatUser;
let ben: ChatUser;
let room: string;
const open: ChatClient[] = [];

beforeAll(async () => {
  server = await startTestServer();
  ana = await createChatUser(server);
  ben = await createChatUser(server);
  room = privateRoomName(ana.id, ben.id);
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

function get(path: string, token = ana.token) {
  return fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
}

describe('NUL and control characters on the socket are invalid_frame', () => {
  it.each([
    ['join_room room_name', () => ({ type: 'join_room', room_name: 'a\u0000' })],
    ['join_room room_name with a newline', () => ({ type: 'join_room', room_name: 'a\nb' })],
    [
      'message',
      () => ({ type: 'chat_message', message: 'hi\u0000', sender_id: ana.id, room_name: room }),
    ],
    [
      'message with a bell',
      () => ({ type: 'chat_message', message: 'hi\u0007', sender_id: ana.id, room_name: room }),
    ],
    [
      'client_id',
      () => ({
        type: 'chat_message',
        client_id: 'c\u0000',
        message: 'hi',
        sender_id: ana.id,
        room_name: room,
      }),
    ],
    [
      'file_name',
      () => ({
        type: 'chat_message',
        message: 'hi',
        file_name: 'a\u0000.png',
        sender_id: ana.id,
        room_name: room,
      }),
    ],
  ])('%s', async (_label, frame) => {
    const client = await connect(ana);
    client.send(frame());
    expect(await client.next('error')).toMatchObject({ code: 'invalid_frame' });
    await client.ping();
  });

  it('a message may keep newlines and tabs', async () => {
    const client = await connect(ana);
    await client.join(room);
    client.send({
      type: 'chat_message',
      message: 'line 1\n\tline 2',
      sender_id: ana.id,
      room_name: room,
    });
    expect(await client.next('chat_message')).toMatchObject({ message: 'line 1\n\tline 2' });
  });
});

describe('NUL and control characters in query strings, path parameters and bodies are 400 {detail}', () => {
  it.each([
    `${CHAT_PATHS.history}?room_name=a%00b`,
    '/accounts/profile/a%00b/',
    '/accounts/blocked/?after_name=a%00&after_id=1',
    '/accounts/profile/a%07b/',
  ])('GET %s', async (path) => {
    const response = await get(path);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ detail: expect.any(String) });
  });

  it('a JSON body field with NUL is a field error; with a newline in free text it is fine', async () => {
    const response = await fetch(`${server.url}${ACCOUNT_PATHS.updateProfileInfo}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${ana.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ profile_info: 'a\u0001b' }),
    });
    expect(response.status).toBe(400);
  });
});
