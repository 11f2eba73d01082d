import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  type ChatMessage,
  type ChatMessageFrame,
  MEDIA_PATHS,
  privateRoomName,
} from '@parley/chat-sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Translator } from '../src/translation/index.js';
import { ChatClient, type ChatUser, createChatUser } from './support/chatClients.js';
import { connectUsers } from './support/connections.js';
import { upload } from './support/media.js';
import { startTestServer, type TestServer } from './support/testServer.js';

// Reply, edit and delete (issue 25, docs/socket-protocol.md "Message actions") over real
// sockets on a real server. The engine marks its output so a reader's language is visible.
const markingTranslator: Translator = {
  engine: 'marking',
  capabilities: async () => ({
    pairs: [
      { from: 'en', to: 'es' },
      { from: 'es', to: 'en' },
    ],
  }),
  async translate(text, from, to) {
    return { text: `[${from}>${to}] ${text}`, engine: 'marking' };
  },
  close: async () => undefined,
};

let server: TestServer;
let ana: ChatUser; // English
let eva: ChatUser; // Spanish
let ben: ChatUser; // English, in no room with ana and eva
let room: string;
let otherRoom: string;
const open: ChatClient[] = [];
let sent = 0;

beforeAll(async () => {
  server = await startTestServer({ translator: markingTranslator });
  ana = await createChatUser(server, { language: 'English' });
  eva = await createChatUser(server, { language: 'Spanish' });
  ben = await createChatUser(server, { language: 'English' });
  await server.pglite.query('update users set subscription_active = true where id = any($1)', [
    [ana.id, eva.id, ben.id],
  ]);
  await connectUsers(server, ana, eva);
  await connectUsers(server, ana, ben);
  room = privateRoomName(ana.id, eva.id);
  otherRoom = privateRoomName(ana.id, ben.id);
});
afterEach(() => {
  for (const client of open.splice(0)) client.close();
});
afterAll(async () => {
  server?.app.server.closeIdleConnections();
  await server?.close();
});

async function connect(user: ChatUser, name = room): Promise<ChatClient> {
  const client = await ChatClient.open(server, user);
  open.push(client);
  await client.join(name);
  return client;
}

/** Sends a text and waits for its echo: the stored message. */
async function say(
  client: ChatClient,
  from: ChatUser,
  text: string,
  extra: Record<string, unknown> = {},
  name = room,
): Promise<ChatMessageFrame> {
  sent += 1;
  const clientId = `actions-${sent}`;
  client.send({
    type: 'chat_message',
    client_id: clientId,
    message: text,
    sender_id: from.id,
    room_name: name,
    ...extra,
  });
  return client.next('chat_message', (f) => f.client_id === clientId);
}

async function historyOf(user: ChatUser, name = room): Promise<ChatMessage[]> {
  const response = await fetch(
    `${server.url}/chatmessage/history/?room_name=${encodeURIComponent(name)}`,
    { headers: { Authorization: `Bearer ${user.token}` } },
  );
  expect(response.status).toBe(200);
  return ((await response.json()) as { results: ChatMessage[] }).results;
}

describe('reply', () => {
  it('carries the quote in each reader’s language, live and in history', async () => {
    const [anaSocket, evaSocket] = [await connect(ana), await connect(eva)];
    const original = await say(anaSocket, ana, 'Where is the station?');
    const reply = await say(evaSocket, eva, 'Está cerca.', { reply_to: original.id });
    expect(reply.reply_to).toEqual({
      id: original.id,
      sender_id: ana.id,
      sender_username: ana.username,
      message: '[en>es] Where is the station?',
      file_type: 'text',
    });
    const atAna = await anaSocket.next('chat_message', (f) => f.id === reply.id);
    expect(atAna.reply_to?.message).toBe('Where is the station?');
    expect(atAna.message).toBe('[es>en] Está cerca.');

    const anaHistory = await historyOf(ana);
    expect(anaHistory.find((m) => m.id === reply.id)?.reply_to?.message).toBe(
      'Where is the station?',
    );
    const evaJoin = await (await connect(eva)).join(room);
    expect(evaJoin.message.find((m) => m.id === reply.id)?.reply_to?.message).toBe(
      '[en>es] Where is the station?',
    );
  });

  it('refuses a reply_to of another room or an unknown id, and keeps the socket', async () => {
    const anaSocket = await connect(ana);
    const elsewhere = await say(anaSocket, ana, 'Hi Ben', {}, otherRoom);
    for (const replyTo of [elsewhere.id, 999_999]) {
      sent += 1;
      anaSocket.send({
        type: 'chat_message',
        client_id: `refused-${sent}`,
        message: 'Quoting',
        sender_id: ana.id,
        room_name: room,
        reply_to: replyTo,
      });
      const error = await anaSocket.next('error', (f) => f.client_id === `refused-${sent}`);
      expect(error.code).toBe('invalid_frame');
    }
    anaSocket.send({ type: 'chat_message', message: 'x', sender_id: ana.id, reply_to: 'abc' });
    expect((await anaSocket.next('error')).code).toBe('invalid_frame');
    await anaSocket.ping();
  });
});

describe('edit', () => {
  it('only its sender edits; every reader gets the new text in their language; history keeps it', async () => {
    const [anaSocket, evaSocket] = [await connect(ana), await connect(eva)];
    const message = await say(anaSocket, ana, 'See you at five');
    await evaSocket.next('chat_message', (f) => f.id === message.id);

    evaSocket.send({ type: 'edit_message', message_id: message.id, message: 'Hackeado' });
    expect((await evaSocket.next('error')).code).toBe('invalid_frame');

    anaSocket.send({ type: 'edit_message', message_id: message.id, message: 'See you at six' });
    const atAna = await anaSocket.next('message_edited');
    const atEva = await evaSocket.next('message_edited');
    expect(atAna).toMatchObject({
      message_id: message.id,
      message: 'See you at six',
      original_message: 'See you at six',
    });
    expect(atEva).toMatchObject({
      message_id: message.id,
      message: '[en>es] See you at six',
      original_message: 'See you at six',
      room_name: room,
    });
    expect(Date.parse(atEva.edited_at)).not.toBeNaN();

    const evaHistory = await historyOf(eva);
    const edited = evaHistory.find((m) => m.id === message.id);
    expect(edited?.message).toBe('[en>es] See you at six');
    expect(edited?.edited_at).toBe(atEva.edited_at);
  });

  it('is refused 15 minutes after sending', async () => {
    const anaSocket = await connect(ana);
    const message = await say(anaSocket, ana, 'Old news');
    await server.pglite.query(
      `update messages set created_at = now() - interval '16 minutes' where id = $1`,
      [message.id],
    );
    anaSocket.send({ type: 'edit_message', message_id: message.id, message: 'New news' });
    const error = await anaSocket.next('error');
    expect(error).toMatchObject({ code: 'invalid_frame' });
    expect(error.detail).toMatch(/15 minutes/);
  });
});

describe('delete', () => {
  it('for everyone by its sender: the row stays emptied, its file is gone from disk and the URL answers 404', async () => {
    const [anaSocket, evaSocket] = [await connect(ana), await connect(eva)];
    const uploaded = await upload(
      server,
      MEDIA_PATHS.uploadFile,
      ana.token,
      { file_type: 'application', sender_id: String(ana.id), receiver_id: String(eva.id) },
      { field: 'file', bytes: Buffer.from('secret plans'), name: 'plans.txt' },
    );
    expect(uploaded.status, uploaded.text).toBe(201);
    const url = String(uploaded.body.file_url);
    const stored = url.split('?')[0]?.slice(MEDIA_PATHS.filesPrefix.length) as string;
    const onDisk = join(server.dataDir, 'media', 'chat', stored);
    expect(existsSync(onDisk)).toBe(true);
    const message = await say(anaSocket, ana, '', {
      file_url: url,
      file_type: 'application',
      file_name: 'plans.txt',
    });

    evaSocket.send({ type: 'delete_message', message_id: message.id });
    expect((await evaSocket.next('error')).code).toBe('invalid_frame');

    anaSocket.send({ type: 'delete_message', message_id: message.id });
    for (const socket of [anaSocket, evaSocket]) {
      expect(await socket.next('message_deleted', (f) => f.message_id === message.id)).toEqual({
        type: 'message_deleted',
        message_id: message.id,
        room_name: room,
      });
    }
    expect(existsSync(onDisk)).toBe(false);
    const served = await fetch(`${server.url}${url}`);
    await served.arrayBuffer();
    expect(served.status).toBe(404);
    const row = (await historyOf(eva)).find((m) => m.id === message.id);
    expect(row).toMatchObject({ deleted: true, message: '', file_url: null });
  });

  it('for me hides it from that person only, and their other sockets hear of it', async () => {
    const [anaSocket, evaSocket, evaPhone] = [
      await connect(ana),
      await connect(eva),
      await connect(eva),
    ];
    const message = await say(anaSocket, ana, 'Only for the record');
    await evaSocket.next('chat_message', (f) => f.id === message.id);
    evaSocket.send({ type: 'delete_message', message_id: message.id, for: 'me' });
    expect(await evaPhone.next('message_deleted')).toEqual({
      type: 'message_deleted',
      message_id: message.id,
      room_name: room,
      for: 'me',
    });
    expect(await evaSocket.next('message_deleted')).toMatchObject({ for: 'me' });
    expect((await historyOf(eva)).some((m) => m.id === message.id)).toBe(false);
    expect((await historyOf(ana)).find((m) => m.id === message.id)?.message).toBe(
      'Only for the record',
    );
    expect(await anaSocket.unclaimed('message_deleted')).toEqual([]);
  });

  it('a non-member can neither edit, delete nor hide a message of the room', async () => {
    const anaSocket = await connect(ana);
    const message = await say(anaSocket, ana, 'Members only');
    const benSocket = await connect(ben, otherRoom);
    for (const frame of [
      { type: 'edit_message', message_id: message.id, message: 'mine now' },
      { type: 'delete_message', message_id: message.id },
      { type: 'delete_message', message_id: message.id, for: 'me' },
    ]) {
      benSocket.send(frame);
      expect((await benSocket.next('error')).code).toBe('not_a_member');
    }
    expect((await historyOf(ana)).find((m) => m.id === message.id)?.message).toBe('Members only');
  });
});
