import { type ChatListUser, type ChatMessageFrame, privateRoomName } from '@parley/chat-sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ChatClient, type ChatUser, createChatUser } from './support/chatClients.js';
import { connectUsers } from './support/connections.js';
import { startTestServer, type TestServer } from './support/testServer.js';

// The chat list's preview after 'Delete for me' and 'Delete for everyone' (issue 25), as WhatsApp
// shows it: a message one hid is never one's preview (the newest visible one is), and a message
// deleted for everyone reads 'This message was deleted.' for all. Real sockets, real PGlite.
let server: TestServer;
let ana: ChatUser;
let bo: ChatUser;
let room: string;
const open: ChatClient[] = [];
let sent = 0;

beforeAll(async () => {
  server = await startTestServer();
  ana = await createChatUser(server, { language: 'English' });
  bo = await createChatUser(server, { language: 'English' });
  await connectUsers(server, ana, bo);
  room = privateRoomName(ana.id, bo.id);
});
afterEach(() => {
  for (const client of open.splice(0)) client.close();
});
afterAll(async () => {
  server?.app.server.closeIdleConnections();
  await server?.close();
});

async function connect(user: ChatUser): Promise<ChatClient> {
  const client = await ChatClient.open(server, user);
  open.push(client);
  await client.join(room);
  return client;
}

async function say(client: ChatClient, from: ChatUser, text: string): Promise<ChatMessageFrame> {
  sent += 1;
  const clientId = `preview-${sent}`;
  client.send({
    type: 'chat_message',
    client_id: clientId,
    message: text,
    sender_id: from.id,
    room_name: room,
  });
  return client.next('chat_message', (f) => f.client_id === clientId);
}

async function rowOf(reader: ChatUser, other: ChatUser): Promise<ChatListUser | undefined> {
  const response = await fetch(`${server.url}/chatmessage/chats/`, {
    headers: { Authorization: `Bearer ${reader.token}` },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as ChatListUser[]).find((row) => row.id === other.id);
}

describe('chat list preview after deletions', () => {
  it('leaves out a message hidden for me, and says a deleted one was deleted', async () => {
    const anaSocket = await connect(ana);
    const boSocket = await connect(bo);
    await say(anaSocket, ana, 'See you at five.');
    const second = await say(anaSocket, ana, 'Bring the tickets.');
    expect((await rowOf(bo, ana))?.last_message).toBe('Bring the tickets.');

    // Bo deletes it for himself: his preview is the message before; Ana's is unchanged.
    boSocket.send({ type: 'delete_message', message_id: second.id, for: 'me' });
    await boSocket.next('message_deleted');
    const boRow = await rowOf(bo, ana);
    expect(boRow?.last_message).toBe('See you at five.');
    expect(boRow?.last_message_info?.deleted).toBeUndefined();
    expect((await rowOf(ana, bo))?.last_message).toBe('Bring the tickets.');

    // Ana deletes it for everyone: her preview says so (Bo had hidden it, so his stays).
    anaSocket.send({ type: 'delete_message', message_id: second.id });
    await anaSocket.next('message_deleted');
    const anaRow = await rowOf(ana, bo);
    expect(anaRow?.last_message).toBe('This message was deleted.');
    expect(anaRow?.last_message_info).toMatchObject({ sender_id: ana.id, deleted: true });
    expect((await rowOf(bo, ana))?.last_message).toBe('See you at five.');
  });
});
