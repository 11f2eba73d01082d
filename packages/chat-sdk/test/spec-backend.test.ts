import { HttpResponse, http, ws } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket as NodeWebSocket } from 'ws';
import {
  createParleyClient,
  type IncomingMessage,
  type ParleyClient,
  PENDING_PLAN_KEY,
  PREVIOUS_CHAT_URL_KEY,
} from '../src/index';
import { until } from './support/socket-server';
import { createInspectableStorage, createSilentLogger } from './support/test-client';

/**
 * The sdk against a backend written from the product spec alone (§3 entities, §7 calls and
 * socket): MSW answers HTTP and the socket with nothing but the spec's fields — no `id`,
 * `client_id`, `room_name`, `has_more` or translation fields, ids sometimes as strings.
 */

const API = 'http://spec.test';
const ROOM = 'private-1-2';
const accessToken = (() => {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256' })}.${encode({ sub: '1', exp: 4_102_444_800 })}.sig`;
})();

/** Spec §3 current user: the fields it lists and nothing more. */
const specUser = {
  id: 1,
  username: 'ana',
  first_name: 'Ana',
  last_name: null,
  profile_image: null,
  language: 'Spanish',
  profile_info: '',
  chat_theme: 'default',
  mute_sounds: false,
  voice_output_enabled: true,
  subscription_active: false,
  is_org_admin: false,
  org_invite_token: null,
  is_lifetime: false,
  org_members: [],
  org_max_users: null,
  followers_count: 0,
};

/** Spec §3 chat message: sender id, sender_username, sender profile image, message, … */
function specMessage(senderId: number | string, message: string, timestamp: string) {
  return {
    sender_id: senderId,
    sender_username: senderId === 1 ? 'ana' : 'bo',
    sender_profile_image: null,
    message,
    file_type: 'text',
    file_url: null,
    audio_url: null,
    file_name: null,
    timestamp,
    transcript: null,
  };
}

const history = [
  specMessage(2, 'hola ana', '2026-11-20T10:00:00.000Z'),
  specMessage('1', 'hola bo', '2026-11-20T10:01:00.000Z'),
];

const chat = ws.link(`${API.replace('http', 'ws')}/ws/chat/*`);
/** Every frame the backend received, parsed. */
const received: Record<string, unknown>[] = [];
/** Sends a frame to every connected client, as the backend would push it. */
let push: (frame: object) => void = () => {};
/** Whether the backend echoes chat messages back to their sender (the spec's broadcast). */
let echo = true;

const server = setupServer(
  http.get(`${API}/accounts/csrf/`, () => HttpResponse.json({ csrfToken: 'c' })),
  http.post(`${API}/accounts/login/`, () => HttpResponse.json({ access_token: accessToken })),
  http.get(`${API}/accounts/me/`, () => HttpResponse.json(specUser)),
  http.post(`${API}/accounts/logout/`, () => new HttpResponse(null, { status: 204 })),
  chat.addEventListener('connection', ({ client }) => {
    push = (frame) => client.send(JSON.stringify(frame));
    client.addEventListener('message', (event) => {
      const frame = JSON.parse(String(event.data)) as Record<string, unknown>;
      received.push(frame);
      if (frame.type === 'ping') client.send(JSON.stringify({ type: 'pong' }));
      if (frame.type === 'join_room') {
        client.send(JSON.stringify({ type: 'chat_history', message: history }));
      }
      if (frame.type === 'chat_message' && echo) {
        client.send(
          JSON.stringify({
            type: 'chat_message',
            ...specMessage(
              Number(frame.sender_id),
              String(frame.message),
              new Date().toISOString(),
            ),
          }),
        );
      }
    });
  }),
);

const globals = globalThis as { WebSocket?: unknown };
const hadWebSocket = 'WebSocket' in globals;
const clients: ParleyClient[] = [];

beforeAll(() => {
  // Node 20 has no global WebSocket for MSW to intercept: lend it ws's class while this file runs.
  if (!hadWebSocket) globals.WebSocket = NodeWebSocket;
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => {
  for (const client of clients.splice(0)) client.dispose();
  received.length = 0;
  echo = true;
});
afterAll(() => {
  server.close();
  if (!hadWebSocket) delete globals.WebSocket;
});

async function signedIn() {
  const { storage, items } = createInspectableStorage();
  const client = createParleyClient({ apiUrl: API, storage, logger: createSilentLogger() });
  clients.push(client);
  await client.ready;
  await client.session.signIn('ana', 'secret');
  client.socket.connect();
  await until(() => client.socket.state.status === 'open');
  return { client, items };
}

const messagesOf = (client: ParleyClient, room = ROOM) =>
  client.chat.state.rooms[room]?.messages ?? [];

describe('the sdk against a spec-only backend', () => {
  it('shows the history the join answers, in the open room, without ids', async () => {
    const { client } = await signedIn();
    client.chat.openRoom(ROOM);
    await until(() => messagesOf(client).length === 2);
    expect(messagesOf(client)).toMatchObject([
      { id: null, client_id: null, sender_id: 2, message: 'hola ana', type: 'received' },
      { id: null, client_id: null, sender_id: 1, message: 'hola bo', type: 'sent' },
    ]);
    expect(client.chat.state.rooms[ROOM]?.hasMore).toBe(false);
  });

  it('sends chat_message with the spec fields, and reconciles the echo without client_id', async () => {
    const { client } = await signedIn();
    client.chat.openRoom(ROOM);
    await until(() => messagesOf(client).length === 2);

    client.chat.sendMessage({ roomName: ROOM, text: 'same' });
    client.chat.sendMessage({ roomName: ROOM, text: 'same' });
    await until(() => messagesOf(client).filter((m) => m.status === 'sent').length === 4);
    expect(messagesOf(client)).toHaveLength(4);
    expect(messagesOf(client).slice(2)).toMatchObject([
      { message: 'same', status: 'sent', type: 'sent' },
      { message: 'same', status: 'sent', type: 'sent' },
    ]);
    const sent = received.find((frame) => frame.type === 'chat_message');
    expect(sent).toMatchObject({
      message: 'same',
      sender_id: 1,
      receiver_id: 2,
      user_objects: [{ id: 1, username: 'ana' }, { id: 2 }],
      file_type: 'text',
    });
  });

  it('settles the oldest pending copy first when echoes arrive one by one', async () => {
    const { client } = await signedIn();
    echo = false;
    client.chat.openRoom(ROOM);
    await until(() => messagesOf(client).length === 2);
    client.chat.sendMessage({ roomName: ROOM, text: 'twice' });
    client.chat.sendMessage({ roomName: ROOM, text: 'twice' });
    await until(() => received.filter((f) => f.type === 'chat_message').length === 2);

    push({ type: 'chat_message', ...specMessage(1, 'twice', '2026-11-20T11:00:00.000Z') });
    await until(() => messagesOf(client)[2]?.status === 'sent');
    expect(messagesOf(client).map((m) => m.status)).toEqual(['sent', 'sent', 'sent', 'sending']);
    expect(messagesOf(client)[2]?.timestamp).toBe('2026-11-20T11:00:00.000Z');
  });

  it('puts a message without room_name into the open room and announces it', async () => {
    const { client } = await signedIn();
    const incoming: IncomingMessage[] = [];
    client.chat.on('incoming', (event) => incoming.push(event));
    client.chat.openRoom(ROOM);
    await until(() => messagesOf(client).length === 2);

    push({ type: 'chat_message', ...specMessage('2', '¿qué tal?', '2026-11-20T12:00:00.000Z') });
    await until(() => incoming.length === 1);
    expect(incoming[0]).toMatchObject({ roomName: ROOM, message: { message: '¿qué tal?' } });
    expect(messagesOf(client)).toHaveLength(3);
  });

  it('shows typing and recording of the other person in the open room', async () => {
    const { client } = await signedIn();
    client.chat.openRoom(ROOM);
    push({ type: 'typing_indicator', sender_id: 2, username: 'bo', is_typing: true });
    push({ type: 'recording_indicator', sender_id: '2', username: 'bo', is_recording: true });
    await until(() => client.chat.state.recording[ROOM]?.[2] === true);
    expect(client.chat.state.typing[ROOM]).toEqual({ 2: true });

    client.chat.setTyping(ROOM);
    await until(() => received.some((f) => f.type === 'typing'));
    expect(received.find((f) => f.type === 'typing')).toMatchObject({
      is_typing: true,
      sender_id: 1,
      username: 'ana',
      user_objects: [{ id: 1, username: 'ana' }, { id: 2 }],
    });
  });

  it('never throws on frames that leave optional fields out or hold odd values', async () => {
    const { client } = await signedIn();
    client.chat.openRoom(ROOM);
    await until(() => messagesOf(client).length === 2);
    push({ type: 'chat_message', sender_id: 2, message: 'bare' });
    push({ type: 'chat_message', sender_id: 2, file_url: '/f.png', file_type: 'image/png' });
    push({ type: 'chat_message', message: 'no sender' });
    push({ type: 'chat_history' });
    push({ type: 'typing_indicator' });
    push({ type: 'tier_limit_warning', title: 'Limit' });
    await until(() => messagesOf(client).length === 4);
    expect(messagesOf(client).slice(2)).toMatchObject([
      { message: 'bare', file_type: 'text', type: 'received' },
      { message: '', file_type: 'image', file_url: '/f.png' },
    ]);
  });

  it('logout clears every key Parley stored locally', async () => {
    const { client, items } = await signedIn();
    items.set(PENDING_PLAN_KEY, 'personal');
    items.set(PREVIOUS_CHAT_URL_KEY, '/chat');
    items.set('partner-site-key', 'kept');
    await client.session.signOut();
    expect([...items.keys()]).toEqual(['partner-site-key']);
  });
});
