import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.js';
import {
  connectSpecUsers,
  registerSpecUser,
  SpecSocket,
  type SpecUser,
} from './support/specClient.js';

// Parley's "Unread counts and muted chats" extensions (docs/protocol.md): `unread_count` and
// `muted_until` on chat-list rows, and POST /chatmessage/mute/. A spec client sees the spec's
// fields unchanged and may ignore both.

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

const SPEC_CHAT_LIST_FIELDS = ['id', 'username', 'last_message', 'last_message_time', 'language'];

describe('Unread counts and muted chats (ext)', () => {
  it('chat-list rows carry unread_count (others’ messages after my read mark) and muted_until', async () => {
    const room = `private-${Math.min(ana.id, bo.id)}-${Math.max(ana.id, bo.id)}`;
    const socket = await SpecSocket.open(server.url, ana);
    open.push(socket);
    socket.send({ type: 'join_room', room_name: room });
    await socket.next('chat_history');
    for (const text of ['Hola', '¿Qué tal?']) {
      socket.send({ type: 'chat_message', message: text, sender_id: ana.id });
      await socket.next('chat_message');
    }
    const chats = await bo.http.call<Record<string, unknown>[]>('GET', '/chatmessage/chats/');
    expect(chats.status).toBe(200);
    const row = chats.body.find((user) => user.id === ana.id);
    for (const field of SPEC_CHAT_LIST_FIELDS) expect(row).toHaveProperty(field);
    expect(row).toMatchObject({ unread_count: 2, muted_until: null });
    const mine = (
      await ana.http.call<Record<string, unknown>[]>('GET', '/chatmessage/chats/')
    ).body.find((user) => user.id === bo.id);
    expect(mine).toMatchObject({ unread_count: 0, muted_until: null });
  });

  it('POST /chatmessage/mute/ {room_name, duration} → {room_name, muted_until}; `off` → null', async () => {
    const room = `private-${Math.max(ana.id, bo.id)}-${Math.min(ana.id, bo.id)}`;
    const canonical = `private-${Math.min(ana.id, bo.id)}-${Math.max(ana.id, bo.id)}`;
    const muted = await bo.http.call('POST', '/chatmessage/mute/', {
      room_name: room,
      duration: 'always',
    });
    expect(muted.status).toBe(200);
    expect(muted.body).toEqual({ room_name: canonical, muted_until: '9999-12-31T23:59:59.000Z' });
    const row = (
      await bo.http.call<Record<string, unknown>[]>('GET', '/chatmessage/chats/')
    ).body.find((user) => user.id === ana.id);
    expect(row?.muted_until).toBe('9999-12-31T23:59:59.000Z');
    const week = await bo.http.call<{ muted_until: string }>('POST', '/chatmessage/mute/', {
      room_name: canonical,
      duration: '1w',
    });
    expect(Date.parse(week.body.muted_until)).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    const off = await bo.http.call('POST', '/chatmessage/mute/', {
      room_name: canonical,
      duration: 'off',
    });
    expect(off.body).toEqual({ room_name: canonical, muted_until: null });
    const bad = await bo.http.call('POST', '/chatmessage/mute/', {
      room_name: canonical,
      duration: 'soon',
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ duration: ['"soon" is not a valid choice.'] });
  });
});
