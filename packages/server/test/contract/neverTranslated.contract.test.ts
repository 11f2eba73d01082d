import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.js';
import {
  connectSpecUsers,
  registerSpecUser,
  SpecSocket,
  type SpecUser,
} from './support/specClient.js';

// Parley's "Never translated" extension (docs/protocol.md): the sender's glossary under
// /accounts/never-translated/, and protected tokens in what a spec client receives. A spec client
// sends and reads messages as before; the glossary paths are new and optional.

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

describe('Never translated (ext)', () => {
  it('GET → {words}; POST {word} → 201 {words}, again → 200; POST remove/ {word} → {words}', async () => {
    expect((await ana.http.call('GET', '/accounts/never-translated/')).body).toEqual({ words: [] });
    const added = await ana.http.call('POST', '/accounts/never-translated/', { word: 'tapas' });
    expect(added).toMatchObject({ status: 201, body: { words: ['tapas'] } });
    const again = await ana.http.call('POST', '/accounts/never-translated/', { word: 'TAPAS' });
    expect(again).toMatchObject({ status: 200, body: { words: ['tapas'] } });
    const bad = await ana.http.call('POST', '/accounts/never-translated/', { word: '' });
    expect(bad.status).toBe(400);
    expect(bad.body).toHaveProperty('word');
    const removed = await ana.http.call('POST', '/accounts/never-translated/remove/', {
      word: 'tapas',
    });
    expect(removed).toMatchObject({ status: 200, body: { words: [] } });
  });

  it('a spec client’s message keeps its spec fields, and its protected tokens as sent', async () => {
    const room = `private-${Math.min(ana.id, bo.id)}-${Math.max(ana.id, bo.id)}`;
    const socket = await SpecSocket.open(server.url, ana);
    open.push(socket);
    socket.send({ type: 'join_room', room_name: room });
    await socket.next('chat_history');
    const text = 'See you at 10:00 https://example.com 👍';
    socket.send({ type: 'chat_message', message: text, sender_id: ana.id });
    const echo = await socket.next('chat_message');
    expect(echo).toMatchObject({ message: text, sender_id: ana.id });
  });
});
