import {
  CHAT_PATHS,
  MESSAGE_SEARCH_LIMITS,
  type MessageSearchPage,
  privateRoomName,
} from '@parley/chat-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_CONFIGS, searchConfigFor } from '../src/chat/search/searchConfigs.js';
import { type ChatUser, createChatUser } from './support/chatClients.js';
import { connectUsers } from './support/connections.js';
import { storeSearchableMessage } from './support/messageSearchSeed.js';
import { startTestServer, type TestServer } from './support/testServer.js';

// GET /chatmessage/search/ on the embedded database (PGlite), with rows stored as the chat flow
// stores them: originals with their language, send-time translations per reader language.
describe('message search across languages', () => {
  let server: TestServer;
  let ana: ChatUser; // English
  let eva: ChatUser; // Spanish
  let zed: ChatUser; // Spanish, shares no room with eva
  let anaEva: string;
  let anaZed: string;
  let dogId: number;

  const store = (message: Parameters<typeof storeSearchableMessage>[1]) =>
    storeSearchableMessage((text, params) => server.pglite.query(text, params), message);

  async function search(user: ChatUser, params: Record<string, string>) {
    const query = new URLSearchParams(params);
    return server.client().get<MessageSearchPage>(`${CHAT_PATHS.search}?${query}`, {
      token: user.token,
    });
  }

  beforeAll(async () => {
    server = await startTestServer();
    ana = await createChatUser(server, { language: 'English' });
    eva = await createChatUser(server, { language: 'Spanish' });
    zed = await createChatUser(server, { language: 'Spanish' });
    anaEva = privateRoomName(ana.id, eva.id);
    anaZed = privateRoomName(ana.id, zed.id);
    dogId = await store({
      room: anaEva,
      senderId: ana.id,
      text: 'I have a dog',
      language: 'en',
      translations: { es: 'Tengo un perro' },
    });
    await store({ room: anaEva, senderId: eva.id, text: 'Me gustan los gatos', language: 'es' });
    await store({
      room: anaZed,
      senderId: ana.id,
      text: 'My dog is secret',
      language: 'en',
      translations: { es: 'Mi perro es secreto' },
    });
  });
  afterAll(() => server?.close());

  it('finds an English message by a Spanish word of its stored translation, marked there', async () => {
    const answer = await search(eva, { q: 'perro' });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.results.map((r) => r.message.id)).toEqual([dogId]);
    const [hit] = answer.body.results;
    expect(hit?.message).toMatchObject({
      message: 'Tengo un perro',
      original_message: 'I have a dog',
      translated: true,
      room_name: anaEva,
    });
    expect(hit?.room).toEqual({
      room_name: anaEva,
      kind: 'private',
      name: ana.username,
      image: null,
    });
    expect(hit?.match).toEqual({
      text: 'Tengo un perro',
      ranges: [{ start: 9, end: 14 }],
      in_original: false,
    });
    expect(answer.body.next_cursor).toBeNull();
  });

  it('stems in the reader’s language and matches the last word as a prefix', async () => {
    for (const q of ['perros', 'tengo per', 'PERRO']) {
      const answer = await search(eva, { q });
      expect(
        answer.body.results.map((r) => r.message.id),
        q,
      ).toEqual([dogId]);
    }
  });

  it('finds a message by a word of its original, marked in the original', async () => {
    const answer = await search(eva, { q: 'dog' });
    expect(answer.body.results.map((r) => r.message.id)).toEqual([dogId]);
    expect(answer.body.results[0]?.match).toEqual({
      text: 'I have a dog',
      ranges: [{ start: 9, end: 12 }],
      in_original: true,
    });
    // The sender finds their own message in the original (they are never shown a translation).
    const own = await search(ana, { q: 'dogs' });
    expect(own.body.results.map((r) => r.message.message)).toEqual([
      'My dog is secret',
      'I have a dog',
    ]);
    expect(own.body.results[1]?.match.in_original).toBe(false);
  });

  it('never returns messages of rooms the reader is not in', async () => {
    const evaSees = await search(eva, { q: 'secreto' });
    expect(evaSees.body.results).toEqual([]);
    const zedSees = await search(zed, { q: 'perro' });
    expect(zedSees.body.results.map((r) => r.message.message)).toEqual(['Mi perro es secreto']);
  });

  it('narrows to one room, and refuses a room the reader is not a member of', async () => {
    const inRoom = await search(ana, { q: 'dog', room_name: anaZed });
    expect(inRoom.body.results.map((r) => r.message.room_name)).toEqual([anaZed]);
    const outsider = await search(eva, { q: 'dog', room_name: anaZed });
    expect(outsider.status).toBe(403);
    expect(outsider.body).toEqual({ detail: 'You are not a member of this room.' });
  });

  it('finds group messages only for the group’s members', async () => {
    await connectUsers(server, ana, eva);
    const form = new FormData();
    form.append('name', `Search ${process.pid}`);
    form.append('user_ids', String(eva.id));
    const created = await server
      .client()
      .post<{ room_name: string }>(CHAT_PATHS.createGroup, form, { token: ana.token });
    expect(created.status, created.text).toBe(201);
    const group = created.body.room_name;
    const id = await store({
      room: group,
      senderId: ana.id,
      text: 'The cat sleeps',
      language: 'en',
      translations: { es: 'El gato duerme' },
    });
    const member = await search(eva, { q: 'duerme' });
    expect(member.body.results.map((r) => [r.message.id, r.room.kind, r.room.name])).toEqual([
      [id, 'group', `Search ${process.pid}`],
    ]);
    expect((await search(zed, { q: 'duerme' })).body.results).toEqual([]);
  });

  it('pages newest first with an opaque cursor', async () => {
    const ids: number[] = [];
    for (let i = 0; i < MESSAGE_SEARCH_LIMITS.pageSize + 5; i += 1) {
      ids.push(
        await store({ room: anaEva, senderId: eva.id, text: `Pagina numero ${i}`, language: 'es' }),
      );
    }
    const first = await search(ana, { q: 'pagina' });
    expect(first.body.results.map((r) => r.message.id)).toEqual(
      ids.slice(-MESSAGE_SEARCH_LIMITS.pageSize).reverse(),
    );
    const cursor = first.body.next_cursor;
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    const second = await search(ana, { q: 'pagina', cursor: cursor as string });
    expect(second.body.results.map((r) => r.message.id)).toEqual(ids.slice(0, 5).reverse());
    expect(second.body.next_cursor).toBeNull();
  });

  it('answers malformed input with field errors, and nobody without a token', async () => {
    const cases: [Record<string, string>, Record<string, string[]>][] = [
      [{}, { q: ['This field is required.'] }],
      [{ q: '   ' }, { q: ['This field is required.'] }],
      [{ q: 'a'.repeat(201) }, { q: ['Ensure this field has no more than 200 characters.'] }],
      [{ q: '!!! ???' }, { q: ['Enter at least one letter or number.'] }],
      [{ q: 'dog', cursor: 'not a cursor' }, { cursor: ['Invalid cursor.'] }],
      [
        { q: 'dog', cursor: Buffer.from('m0').toString('base64url') },
        { cursor: ['Invalid cursor.'] },
      ],
    ];
    for (const [params, errors] of cases) {
      const answer = await search(eva, params);
      expect(answer.status, JSON.stringify(params)).toBe(400);
      expect(answer.body).toEqual(errors);
    }
    // The server refuses control characters in any URL before the route (NUL included).
    const nul = await search(eva, { q: 'dog\u0000' });
    expect(nul.status).toBe(400);
    expect(nul.body).toEqual({ detail: 'Control characters are not allowed in the URL.' });
    // tsquery syntax typed by a person is only words.
    const hostile = await search(eva, { q: "perro' | !:* & (" });
    expect(hostile.body.results.map((r) => r.message.id)).toEqual([dogId]);
    const anonymous = await server.client().get(`${CHAT_PATHS.search}?q=perro`);
    expect(anonymous.status).toBe(401);
  });

  it('keeps the search configurations equal to the database’s', async () => {
    const codes = [...Object.keys(SEARCH_CONFIGS), 'ja', 'zh', 'xx'];
    const result = await server.pglite.query<{ code: string; config: string }>(
      'select code, message_search_config(code)::text as config from unnest($1::text[]) as code',
      [codes],
    );
    expect(Object.fromEntries(result.rows.map((row) => [row.code, row.config]))).toEqual(
      Object.fromEntries(codes.map((code) => [code, searchConfigFor(code)])),
    );
  });
});

describe('message search budget', () => {
  let server: TestServer;
  afterAll(() => server?.close());

  it('refuses a person over their searches per minute with 429 and Retry-After', async () => {
    server = await startTestServer({
      limits: { signUpsPerAddressPerHour: 10_000, messageSearchesPerMinute: 2 },
    });
    const eva = await createChatUser(server, { language: 'Spanish' });
    const get = () => server.client().get(`${CHAT_PATHS.search}?q=hola`, { token: eva.token });
    expect((await get()).status).toBe(200);
    expect((await get()).status).toBe(200);
    const refused = await get();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(refused.body).toEqual({ detail: expect.stringMatching(/searching too often/) });
  });
});
