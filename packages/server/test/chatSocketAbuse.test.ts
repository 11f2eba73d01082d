import { MEDIA_PATHS, privateRoomName, SOCKET_LIMITS } from '@parley/chat-sdk';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ChatClient, type ChatUser, createChatUser, socketUrl } from './support/chatClients.js';
import { upload } from './support/media.js';
import { startTestServer, type TestServer } from './support/testServer.js';

let server: TestServer;
let ana: ChatUser;
let ben: ChatUser;
let room: string;
let PNG_BYTES: Buffer;
const open: ChatClient[] = [];

beforeAll(async () => {
  server = await startTestServer({ chatSocket: { floodCloseAfterMs: 1000, heartbeatMs: 200 } });
  ana = await createChatUser(server);
  ben = await createChatUser(server);
  room = privateRoomName(ana.id, ben.id);
  PNG_BYTES = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
    .png()
    .toBuffer();
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

async function storedCount(): Promise<number> {
  const result = await server.pglite.query<{ n: number }>(
    'select count(*)::int as n from messages',
  );
  return result.rows[0]?.n ?? 0;
}

describe('bad frames are answered with an error and the socket stays open', () => {
  it.each([
    ['invalid JSON', '{"type": "ping"', 'invalid_json'],
    ['a JSON array', '[1, 2]', 'invalid_frame'],
    ['a JSON string', '"ping"', 'invalid_frame'],
    ['no type', '{"room_name": "x"}', 'invalid_frame'],
    ['an unknown type', '{"type": "launch_missiles"}', 'unknown_type'],
    ['chunk_init without mime_type', '{"type": "chunk_init", "from": 1}', 'invalid_frame'],
    [
      'call_signal without a signal',
      '{"type": "call_signal", "from": 1, "to": 2}',
      'invalid_frame',
    ],
    ['join_room without room_name', '{"type": "join_room"}', 'invalid_frame'],
    ['join_room with a number', '{"type": "join_room", "room_name": 5}', 'invalid_frame'],
    [
      'typing without is_typing',
      '{"type": "typing", "sender_id": 1, "username": "a"}',
      'invalid_frame',
    ],
  ])('%s → %s', async (_label, text, code) => {
    const client = await connect(ana);
    client.send(text);
    expect(await client.next('error')).toMatchObject({
      type: 'error',
      code,
      detail: expect.any(String),
    });
    await client.ping();
  });

  it('chat_message with missing or ill-typed fields names its client_id and stores nothing', async () => {
    const client = await connect(ana);
    await client.join(room);
    const base = { type: 'chat_message', client_id: 'bad-1', message: 'hi', sender_id: ana.id };
    const cases: Record<string, unknown>[] = [
      { ...base, message: undefined },
      { ...base, message: '   ' },
      { ...base, message: 'x'.repeat(SOCKET_LIMITS.maxMessageChars + 1) },
      { ...base, sender_id: 'me' },
      { ...base, file_type: 'exe' },
      { ...base, file_url: 'javascript:alert(1)' },
      { ...base, room_name: '' },
    ];
    for (const frame of cases) {
      client.send(frame);
      expect(await client.next('error')).toMatchObject({
        code: 'invalid_frame',
        client_id: 'bad-1',
      });
    }
    client.send({ ...base, client_id: 'x'.repeat(65) });
    const error = await client.next('error');
    expect(error.code).toBe('invalid_frame');
    expect(error.client_id).toBeUndefined();
    expect(await storedCount()).toBe(0);

    // A file-only message is fine (with a file the sender uploaded to this room).
    const uploaded = await upload(
      server,
      MEDIA_PATHS.uploadFile,
      ana.token,
      { sender_id: String(ana.id), receiver_id: String(ben.id) },
      { field: 'file', bytes: PNG_BYTES, name: 'a.png', type: 'image/png' },
    );
    expect(uploaded.status, uploaded.text).toBe(201);
    client.send({
      ...base,
      client_id: 'file-1',
      message: '',
      file_url: uploaded.body.file_url,
      file_type: 'image',
      file_name: 'a.png',
    });
    expect(await client.next('chat_message')).toMatchObject({
      file_type: 'image',
      file_name: 'a.png',
    });
  });

  it('binary frames without a chunk_init get no_voice_stream', async () => {
    const client = await connect(ana);
    client.ws.send(Buffer.from([1, 2, 3]));
    expect(await client.next('error')).toMatchObject({ code: 'no_voice_stream' });
    await client.ping();
  });
});

describe('limits', () => {
  it('a frame over 64 KiB closes the socket with 1009', async () => {
    const client = await connect(ana);
    client.send({ type: 'join_room', room_name: 'x'.repeat(SOCKET_LIMITS.maxFrameBytes) });
    expect((await client.closed).code).toBe(1009);
    // A frame of exactly the limit is fine.
    const other = await connect(ana);
    const padding = SOCKET_LIMITS.maxFrameBytes - JSON.stringify({ type: 'ping', pad: '' }).length;
    other.send({ type: 'ping', pad: 'x'.repeat(padding) });
    await other.next('pong');
  });

  it('a burst over 40 frames gets rate_limited errors; pings are still answered', async () => {
    const client = await connect(ana);
    for (let i = 0; i < 60; i += 1) client.send({ type: 'leave_room' });
    client.send({ type: 'ping' });
    await client.next('pong');
    const errors = await client.unclaimed('error', 100);
    expect(errors.length).toBeGreaterThanOrEqual(15);
    expect(errors.every((e) => e.type === 'error' && e.code === 'rate_limited')).toBe(true);
  });

  it('a socket that keeps flooding is closed with 1008', async () => {
    const client = await connect(ana);
    const timer = setInterval(() => {
      for (let i = 0; i < 20; i += 1) {
        if (client.ws.readyState === client.ws.OPEN) client.send({ type: 'leave_room' });
      }
    }, 20);
    const closed = await client.closed;
    clearInterval(timer);
    expect(closed).toEqual({ code: 1008, reason: 'too many frames' });
  });

  it('a socket that stops answering the server’s pings is dropped', async () => {
    const client = await ChatClient.connect(socketUrl(server, ana.id, ana.token), {
      autoPong: false,
    });
    open.push(client);
    const closed = await client.closed;
    expect(closed.code).toBe(1006);
  });

  it('a client answering pings stays connected through several heartbeats', async () => {
    const client = await connect(ben);
    let heartbeats = 0;
    client.ws.on('ping', () => {
      heartbeats += 1;
    });
    await vi.waitFor(
      () => {
        if (heartbeats < 3) throw new Error(`${heartbeats} heartbeats so far`);
      },
      { timeout: 5_000, interval: 50 },
    );
    await client.ping();
  });
});

it('the server survives all of the above: a final healthy ping and message', async () => {
  const anaTab = await connect(ana);
  const benTab = await connect(ben);
  // The frame budget is per person now: ana's flood above may still be spending hers for a
  // moment, so a refused join is sent again.
  await vi.waitFor(
    async () => {
      anaTab.send({ type: 'join_room', room_name: room });
      await anaTab.next('chat_history', (f) => f.room_name === room, 500);
    },
    { timeout: 10_000, interval: 100 },
  );
  anaTab.send({
    type: 'chat_message',
    client_id: 'final',
    message: 'still here',
    sender_id: ana.id,
  });
  expect((await benTab.next('chat_message')).message).toBe('still here');
  await benTab.ping();
  expect((await server.client().get('/healthz')).status).toBe(200);
});
