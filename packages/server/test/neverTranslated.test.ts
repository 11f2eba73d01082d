import {
  type GroupSummary,
  NEVER_TRANSLATED_LIMITS,
  NEVER_TRANSLATED_PATHS,
  type NeverTranslatedResponse,
} from '@parley/chat-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LanguageDetector, Translator } from '../src/translation/index.js';
import { ChatClient, type ChatUser, createChatUser } from './support/chatClients.js';
import { connectUsers } from './support/connections.js';
import type { HttpClient } from './support/httpClient.js';
import { startTestServer, type TestServer } from './support/testServer.js';

// What must never be translated (issue 26) over real sockets: an engine that translates every
// word it knows, and mangles what it should not ('tapas' → 'pegaste', digits → words, links).
const WORDS: Record<string, string> = {
  let: 'vamos',
  s: 'a',
  get: 'por',
  tapas: 'pegaste',
  at: 'a las',
  with: 'con',
  see: 'mira',
  bo: 'bo-traducido',
  example: 'ejemplo',
  com: 'comercio',
  '10': 'diez',
  '00': 'cero',
};
const asked: string[] = [];
const wordTranslator: Translator = {
  engine: 'words',
  capabilities: async () => ({ pairs: [{ from: 'en', to: 'es' }] }),
  close: async () => undefined,
  translate: async (text) => {
    asked.push(text);
    return {
      engine: 'words',
      text: text.replace(/[\p{L}\p{N}]+/gu, (word) => WORDS[word.toLowerCase()] ?? word),
    };
  },
};
const noDetector: LanguageDetector = {
  engine: 'none',
  languages: async () => [],
  detect: async () => null,
};

const SENTENCE = "Let's get tapas at 10:00 with @bo, see https://example.com";

let server: TestServer;
let http: HttpClient;
let ana: ChatUser;
let cy: ChatUser;
let room: string;
const sockets: ChatClient[] = [];

beforeAll(async () => {
  server = await startTestServer({ translator: wordTranslator, languageDetector: noDetector });
  http = server.client();
  ana = await createChatUser(server, { language: 'English', username: 'glossary_ana' });
  cy = await createChatUser(server, { language: 'Spanish', username: 'glossary_cy' });
  await connectUsers(server, ana, cy);
  const form = new FormData();
  form.append('name', 'Tapas club');
  form.append('user_ids', String(cy.id));
  const created = await http.post<GroupSummary>('/chatmessage/create/group/', form, {
    token: ana.token,
  });
  expect(created.status).toBe(201);
  room = created.body.room_name;
});
afterAll(async () => {
  for (const socket of sockets) socket.ws.close();
  await server?.close();
});

async function open(user: ChatUser): Promise<ChatClient> {
  const socket = await ChatClient.open(server, user);
  sockets.push(socket);
  await socket.join(room);
  return socket;
}

function glossary(user: ChatUser) {
  return http.get<NeverTranslatedResponse>(NEVER_TRANSLATED_PATHS.words, { token: user.token });
}
function add(user: ChatUser, word: unknown) {
  return http.post<NeverTranslatedResponse>(
    NEVER_TRANSLATED_PATHS.words,
    { word },
    { token: user.token },
  );
}
function remove(user: ChatUser, word: unknown) {
  return http.post<NeverTranslatedResponse>(
    NEVER_TRANSLATED_PATHS.remove,
    { word },
    { token: user.token },
  );
}

describe('the sender’s glossary (REST)', () => {
  it('adds, lists and removes one person’s words, without regard to case', async () => {
    expect((await glossary(ana)).body).toEqual({ words: [] });
    const added = await add(ana, '  Parley   Pro ');
    expect(added.status).toBe(201);
    expect(added.body).toEqual({ words: ['Parley Pro'] });
    const again = await add(ana, 'parley pro');
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ words: ['Parley Pro'] });
    expect((await glossary(cy)).body).toEqual({ words: [] });
    expect((await remove(ana, 'PARLEY PRO')).body).toEqual({ words: [] });
    expect((await remove(ana, 'never there')).body).toEqual({ words: [] });
  });

  it('refuses what cannot be a word, and answers 401 without a session', async () => {
    for (const word of [
      '',
      '   ',
      'x'.repeat(NEVER_TRANSLATED_LIMITS.wordMaxLength + 1),
      'two\nlines',
      'stand ⟦0⟧ in',
      42,
      null,
      ['tapas'],
    ]) {
      const answer = await add(cy, word);
      expect(answer.status, JSON.stringify(word)).toBe(400);
    }
    const notObject = await http.post(NEVER_TRANSLATED_PATHS.words, '"tapas"', {
      token: cy.token,
      headers: { 'content-type': 'application/json' },
    });
    expect(notObject.status).toBe(400);
    expect((await http.get(NEVER_TRANSLATED_PATHS.words)).status).toBe(401);
    expect((await http.post(NEVER_TRANSLATED_PATHS.words, { word: 'x' })).status).toBe(401);
  });
});

describe('what must never be translated, over real sockets', () => {
  it('a Spanish reader gets tapas, 10:00, @bo and the link intact; a glossary change and an edit translate again', async () => {
    expect((await add(ana, 'tapas')).status).toBe(201);
    const [anaSocket, cySocket] = [await open(ana), await open(cy)];
    anaSocket.send({
      type: 'chat_message',
      client_id: 'glossary-1',
      message: SENTENCE,
      sender_id: ana.id,
      room_name: room,
    });
    const spanish = await cySocket.next('chat_message', (f) => f.client_id === 'glossary-1');
    expect(spanish.original_message).toBe(SENTENCE);
    expect(spanish.translated).toBe(true);
    expect(spanish.message).toBe("vamos'a por tapas a las 10:00 con @bo, mira https://example.com");
    for (const token of ['tapas', '10:00', '@bo', 'https://example.com']) {
      expect(spanish.message).toContain(token);
    }

    // Without the word in the glossary, the same text is translated afresh, not served from
    // the cache.
    expect((await remove(ana, 'tapas')).status).toBe(200);
    anaSocket.send({
      type: 'chat_message',
      client_id: 'glossary-2',
      message: SENTENCE,
      sender_id: ana.id,
      room_name: room,
    });
    const unguarded = await cySocket.next('chat_message', (f) => f.client_id === 'glossary-2');
    expect(unguarded.message).toContain('pegaste');
    expect(unguarded.message).toContain('10:00');

    // An edit is translated again, the glossary applying to the new text.
    expect((await add(ana, 'tapas')).status).toBe(201);
    anaSocket.send({
      type: 'edit_message',
      message_id: unguarded.id,
      message: 'See tapas at 9:30',
    });
    const edited = await cySocket.next('message_edited', (f) => f.message_id === unguarded.id);
    expect(edited.message).toBe('mira tapas a las 9:30');
  });

  it('history translated afresh keeps the names of the people on the page, not only the sender', async () => {
    const bo = await createChatUser(server, { language: 'English', username: 'bo' });
    await connectUsers(server, ana, bo);
    const form = new FormData();
    form.append('name', 'Names club');
    for (const user of [cy, bo]) form.append('user_ids', String(user.id));
    const created = await http.post<GroupSummary>('/chatmessage/create/group/', form, {
      token: ana.token,
    });
    expect(created.status).toBe(201);
    const names = created.body.room_name;
    const [boSocket, anaSocket] = [
      await ChatClient.open(server, bo),
      await ChatClient.open(server, ana),
    ];
    sockets.push(boSocket, anaSocket);
    await boSocket.join(names);
    await anaSocket.join(names);
    boSocket.send({
      type: 'chat_message',
      client_id: 'names-1',
      message: 'See you',
      sender_id: bo.id,
      room_name: names,
    });
    await boSocket.next('chat_message', (f) => f.client_id === 'names-1');
    anaSocket.send({
      type: 'chat_message',
      client_id: 'names-2',
      message: 'See Bo at 10:00',
      sender_id: ana.id,
      room_name: names,
    });
    const sent = await anaSocket.next('chat_message', (f) => f.client_id === 'names-2');
    // Nobody read the room in Spanish when these were sent, or the stored texts are gone: the
    // Spanish reader's history translates them now.
    await server.pglite.query('delete from message_translations where message_id = $1', [sent.id]);

    const cySocket = await ChatClient.open(server, cy);
    sockets.push(cySocket);
    const history = await cySocket.join(names);
    expect(history.message.find((m) => m.id === sent.id)?.message).toBe('mira Bo a las 10:00');
  });
});
