import { type ChatMessage, privateRoomName, TRANSLATION_TRUST_PATHS } from '@parley/chat-sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { unknownWords } from '../src/translation/apertiumOutput.js';
import { ChatClient, type ChatUser, createChatUser } from './support/chatClients.js';
import { connectUsers } from './support/connections.js';
import { MarkingTranslator } from './support/markingTranslator.js';
import { startTestServer, type TestServer } from './support/testServer.js';

describe("Apertium's unknown-word marks (issue 26)", () => {
  it('lists the words marked `*` once each, without the marks the sender typed', () => {
    expect(unknownWords('Quedamos al *tapas bar, *tapas *tapas', 'Meet at the tapas bar')).toEqual([
      'tapas',
    ]);
    expect(unknownWords('Hola @ana, *wow', 'Hi @ana, wow')).toEqual(['wow']);
    // '*emphasis*' the sender typed is theirs, not the engine's.
    expect(unknownWords('Es *muy* bueno', 'It is *muy* good')).toEqual([]);
    expect(unknownWords('Hola', 'Hello')).toEqual([]);
  });
});

describe('honest on screen: translated_by and untranslated words (issue 26)', () => {
  let server: TestServer;
  let ana: ChatUser; // English, sends
  let eva: ChatUser; // Spanish, reads
  let room: string;
  const open: ChatClient[] = [];

  beforeAll(async () => {
    const translator = new MarkingTranslator({
      'Meet at the tapas bar': { text: 'Quedamos en el bar tapas', unknown: ['tapas'] },
      'Good morning': { text: 'Buenos días' },
    });
    server = await startTestServer({ translator });
    ana = await createChatUser(server, { language: 'English' });
    eva = await createChatUser(server, { language: 'Spanish' });
    await server.pglite.query('update users set subscription_active = true where id = any($1)', [
      [ana.id, eva.id],
    ]);
    await connectUsers(server, ana, eva);
    room = privateRoomName(ana.id, eva.id);
  });
  afterEach(() => {
    for (const client of open.splice(0)) client.close();
  });
  afterAll(() => server?.close());

  async function connect(user: ChatUser): Promise<ChatClient> {
    const client = await ChatClient.open(server, user);
    open.push(client);
    await client.join(room);
    return client;
  }

  it('delivers and keeps the engine and the words it did not know, for the reader only', async () => {
    const [anaTab, evaTab] = await Promise.all([connect(ana), connect(eva)]);
    for (const [clientId, text] of [
      ['trust-1', 'Meet at the tapas bar'],
      ['trust-2', 'Good morning'],
    ]) {
      anaTab.send({
        type: 'chat_message',
        client_id: clientId,
        message: text,
        sender_id: ana.id,
        room_name: room,
      });
    }
    const [echo, atEva, plain] = await Promise.all([
      anaTab.next('chat_message', (f) => f.client_id === 'trust-1'),
      evaTab.next('chat_message', (f) => f.client_id === 'trust-1'),
      evaTab.next('chat_message', (f) => f.client_id === 'trust-2'),
    ]);
    expect(atEva).toMatchObject({
      message: 'Quedamos en el bar tapas',
      translated: true,
      translated_by: 'Apertium',
      untranslated_words: ['tapas'],
    });
    expect(plain).toMatchObject({ message: 'Buenos días', translated_by: 'Apertium' });
    expect((plain as ChatMessage).untranslated_words).toBeUndefined();
    // The sender reads their own text: no engine, nothing marked.
    expect((echo as ChatMessage).translated_by).toBeUndefined();
    expect((echo as ChatMessage).untranslated_words).toBeUndefined();

    // History (a new tab) carries the same from what was stored at send time.
    const again = await ChatClient.open(server, eva);
    open.push(again);
    const history = await again.join(room);
    const stored = history.message.find((m) => m.client_id === 'trust-1');
    expect(stored).toMatchObject({ translated_by: 'Apertium', untranslated_words: ['tapas'] });
  });

  it('a reader reports the translation they got: stored once with the pair, engine and both texts', async () => {
    const [anaTab, evaTab] = await Promise.all([connect(ana), connect(eva)]);
    anaTab.send({
      type: 'chat_message',
      client_id: 'trust-report',
      message: 'Meet at the tapas bar',
      sender_id: ana.id,
      room_name: room,
    });
    const atEva = (await evaTab.next(
      'chat_message',
      (f) => f.client_id === 'trust-report',
    )) as ChatMessage;
    const path = TRANSLATION_TRUST_PATHS.report(atEva.id);
    const first = await server.client().post(path, undefined, { token: eva.token });
    expect(first.status, first.text).toBe(201);
    expect(first.body).toEqual({ message_id: atEva.id, reported: true, already_reported: false });
    const again = await server.client().post(path, undefined, { token: eva.token });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ already_reported: true });
    const rows = await server.pglite.query(
      'select reporter_id, source_language, target_language, engine, original_text, translated_text from translation_reports where message_id = $1',
      [atEva.id],
    );
    expect(rows.rows).toEqual([
      {
        reporter_id: eva.id,
        source_language: 'en',
        target_language: 'es',
        engine: 'apertium-apy',
        original_text: 'Meet at the tapas bar',
        translated_text: 'Quedamos en el bar tapas',
      },
    ]);
    // The sender reads their own words: nothing was translated for them.
    const own = await server.client().post(path, undefined, { token: ana.token });
    expect(own.status).toBe(409);
    // Someone outside the room cannot tell the message exists.
    const outsider = await createChatUser(server, { language: 'Spanish' });
    const refused = await server.client().post(path, undefined, { token: outsider.token });
    expect(refused.status).toBe(404);
    for (const bad of ['0', 'abc', '99999999999', '-1']) {
      const malformed = await server
        .client()
        .post(`/chatmessage/${bad}/translation-report/`, undefined, { token: eva.token });
      expect(malformed.status).toBe(404);
    }
  });
});
