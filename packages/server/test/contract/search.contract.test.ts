// Contract rows for Parley's message search extension (issue 25; the spec has no search): the
// path and bodies of chat-sdk's CHAT_PATHS.search and MessageSearchPage, and the history
// extension `around=<id>` a client uses to open a conversation at a hit.
import { CHAT_PATHS, type MessageSearchPage, privateRoomName } from '@parley/chat-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeSearchableMessage } from '../support/messageSearchSeed.js';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { registerSpecUser, SPEC_MESSAGE_FIELDS, type SpecUser } from './support/specClient.js';

let server: TestServer;
let ana: SpecUser; // English
let eva: SpecUser; // Spanish
let outsider: SpecUser;
let room: string;
let hitId: number;

beforeAll(async () => {
  server = await startTestServer();
  ana = await registerSpecUser(server.url, 'English');
  eva = await registerSpecUser(server.url, 'Spanish');
  outsider = await registerSpecUser(server.url, 'Spanish');
  room = privateRoomName(ana.id, eva.id);
  const query = (text: string, params: unknown[]) => server.pglite.query(text, params);
  hitId = await storeSearchableMessage(query, {
    room,
    senderId: ana.id,
    text: 'I have a dog',
    language: 'en',
    translations: { es: 'Tengo un perro' },
  });
  // Enough newer messages that the hit is not on the newest history page.
  for (let i = 0; i < 60; i += 1) {
    await storeSearchableMessage(query, {
      room,
      senderId: eva.id,
      text: `hola ${i}`,
      language: 'es',
    });
  }
});
afterAll(() => server?.close());

describe(`contract: GET ${CHAT_PATHS.search}?q=&room_name=&cursor= → MessageSearchPage`, () => {
  it('answers results (message, room, match) and next_cursor', async () => {
    const answer = await eva.http.call<MessageSearchPage>('GET', `${CHAT_PATHS.search}?q=perro`);
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body).sort()).toEqual(['next_cursor', 'results']);
    const [hit] = answer.body.results;
    expect(Object.keys(hit ?? {}).sort()).toEqual(['match', 'message', 'room']);
    for (const field of SPEC_MESSAGE_FIELDS) expect(hit?.message).toHaveProperty(field);
    expect(hit?.message).toMatchObject({ id: hitId, message: 'Tengo un perro' });
    expect(Object.keys(hit?.room ?? {}).sort()).toEqual(['image', 'kind', 'name', 'room_name']);
    expect(hit?.match).toEqual({
      text: 'Tengo un perro',
      ranges: [{ start: 9, end: 14 }],
      in_original: false,
    });
    expect(answer.body.next_cursor).toBeNull();
  });

  it('answers field errors for a bad q or cursor, {detail} 403 for a room not theirs, 401 anonymously', async () => {
    const missing = await eva.http.call('GET', CHAT_PATHS.search);
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ q: ['This field is required.'] });
    const cursor = await eva.http.call('GET', `${CHAT_PATHS.search}?q=perro&cursor=%3F%3F`);
    expect(cursor.status).toBe(400);
    expect(cursor.body).toEqual({ cursor: ['Invalid cursor.'] });
    const notMine = await outsider.http.call(
      'GET',
      `${CHAT_PATHS.search}?q=perro&room_name=${room}`,
    );
    expect(notMine.status).toBe(403);
    expect(Object.keys(notMine.body)).toEqual(['detail']);
    expect((await fetch(`${server.url}${CHAT_PATHS.search}?q=perro`)).status).toBe(401);
  });

  it('never answers another room’s messages', async () => {
    const answer = await outsider.http.call<MessageSearchPage>(
      'GET',
      `${CHAT_PATHS.search}?q=perro`,
    );
    expect(answer.body).toEqual({ results: [], next_cursor: null });
  });
});

describe(`contract: GET ${CHAT_PATHS.history}?room_name=&around=<id> → ChatHistoryPage`, () => {
  it('reaches back to the message in one unbroken page from the newest, oldest first', async () => {
    const plain = await eva.http.call<{ results: { id: number }[] }>(
      'GET',
      `${CHAT_PATHS.history}?room_name=${room}`,
    );
    expect(plain.body.results.map((m) => m.id)).not.toContain(hitId);
    const answer = await eva.http.call<{ results: { id: number }[]; has_more: boolean }>(
      'GET',
      `${CHAT_PATHS.history}?room_name=${room}&around=${hitId}`,
    );
    expect(answer.status).toBe(200);
    // The spec's fields, and `receipts` (the read-ticks extension, docs/socket-protocol.md).
    expect(Object.keys(answer.body).sort()).toEqual(['has_more', 'receipts', 'results']);
    const ids = answer.body.results.map((m) => m.id);
    expect(ids[0]).toBe(hitId);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(ids.at(-1)).toBe(plain.body.results.at(-1)?.id);
    expect(answer.body.has_more).toBe(false);
  });

  it('answers a field error for an around that is not an id', async () => {
    const answer = await eva.http.call('GET', `${CHAT_PATHS.history}?room_name=${room}&around=x`);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ around: ['A valid integer is required.'] });
  });
});
