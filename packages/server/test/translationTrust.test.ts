import {
  type ChatMessage,
  PUSH_PATHS,
  privateRoomName,
  TRANSLATION_TRUST_PATHS,
} from '@parley/chat-sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EgressGuard, testOnlyLoopbackAllowance } from '../src/http/egressGuard.js';
import { unknownWords } from '../src/translation/apertiumOutput.js';
import { ChatClient, type ChatUser, createChatUser } from './support/chatClients.js';
import { connectUsers } from './support/connections.js';
import { MarkingTranslator } from './support/markingTranslator.js';
import { BrowserSubscription, PushServiceStandIn } from './support/pushStandIn.js';
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

describe('people who fix it: suggested translations (issue 26)', () => {
  let server: TestServer;
  let ana: ChatUser; // English, writes
  let eva: ChatUser; // Spanish, reads
  let bia: ChatUser; // Spanish, reads English too: suggests
  let ben: ChatUser; // English, reads the original
  let group: string;
  let pushService: PushServiceStandIn;
  const open: ChatClient[] = [];

  beforeAll(async () => {
    pushService = await PushServiceStandIn.start();
    server = await startTestServer({
      // The stand-in push service listens on loopback: only the test-only allowance reaches it.
      egress: new EgressGuard({ allowance: testOnlyLoopbackAllowance() }),
      translator: new MarkingTranslator({
        'Shall we meet at the train station tomorrow': {
          text: 'Cumplimos en la canal de tren mañana',
        },
      }),
    });
    ana = await createChatUser(server, { language: 'English' });
    eva = await createChatUser(server, { language: 'Spanish' });
    bia = await createChatUser(server, { language: 'Spanish' });
    ben = await createChatUser(server, { language: 'English' });
    await server.pglite.query('update users set subscription_active = true where id = any($1)', [
      [ana.id, eva.id, bia.id, ben.id],
    ]);
    for (const user of [eva, bia, ben]) await connectUsers(server, ana, user);
    const form = new FormData();
    form.append('name', `Trust ${process.pid}`);
    for (const user of [eva, bia, ben]) form.append('user_ids', String(user.id));
    const created = await server
      .client()
      .post<{ room_name: string }>('/chatmessage/create/group/', form, { token: ana.token });
    expect(created.status, created.text).toBe(201);
    group = created.body.room_name;
  });
  afterEach(() => {
    for (const client of open.splice(0)) client.close();
  });
  afterAll(async () => {
    await server?.close();
    await pushService?.close();
  });

  async function connect(user: ChatUser): Promise<ChatClient> {
    const client = await ChatClient.open(server, user);
    open.push(client);
    await client.join(group);
    return client;
  }

  it('a bilingual member corrects the Spanish; Spanish readers and the sender hear it; history carries it', async () => {
    const [anaTab, evaTab, biaTab, benTab] = await Promise.all([
      connect(ana),
      connect(eva),
      connect(bia),
      connect(ben),
    ]);
    anaTab.send({
      type: 'chat_message',
      client_id: 'suggest-1',
      message: 'Shall we meet at the train station tomorrow',
      sender_id: ana.id,
      room_name: group,
    });
    const atEva = (await evaTab.next(
      'chat_message',
      (f) => f.client_id === 'suggest-1',
    )) as ChatMessage;
    expect(atEva.message).toBe('Cumplimos en la canal de tren mañana');
    const path = TRANSLATION_TRUST_PATHS.suggestion(atEva.id);
    const better = '¿Quedamos mañana en la estación de tren?';

    const written = await server
      .client()
      .post(path, { text: `  ${better} ` }, { token: bia.token });
    expect(written.status, written.text).toBe(200);
    expect(written.body).toMatchObject({
      message_id: atEva.id,
      language: 'es',
      suggestion: {
        language: 'es',
        text: better,
        author_id: bia.id,
        author_username: bia.username,
      },
    });
    for (const tab of [evaTab, biaTab, anaTab]) {
      const frame = await tab.next('translation_suggestion', (f) => f.message_id === atEva.id);
      expect(frame).toMatchObject({
        language: 'es',
        room_name: group,
        suggestion: { text: better },
      });
    }
    // An English reader reads the original: nothing to hear.
    expect(benTab.frames.some((f) => f.type === 'translation_suggestion')).toBe(false);

    // History: the Spanish reader gets it with the machine's text still in `message`.
    const again = await ChatClient.open(server, eva);
    open.push(again);
    const history = await again.join(group);
    expect(history.message.find((m) => m.id === atEva.id)).toMatchObject({
      message: 'Cumplimos en la canal de tren mañana',
      translation_suggestion: { text: better, author_username: bia.username },
    });

    // Only its author edits it; the English sender reads the original; outsiders see nothing.
    const other = await server.client().post(path, { text: 'Otra' }, { token: eva.token });
    expect(other.status).toBe(403);
    const edited = await server.client().post(
      path,
      { text: 'Nos vemos mañana en la estación' },
      {
        token: bia.token,
      },
    );
    expect(edited.status).toBe(200);
    expect((await server.client().post(path, { text: 'x' }, { token: ana.token })).status).toBe(
      409,
    );
    const outsider = await createChatUser(server, { language: 'Spanish' });
    expect(
      (await server.client().post(path, { text: 'x' }, { token: outsider.token })).status,
    ).toBe(404);
    for (const body of [{}, { text: '' }, { text: 42 }, { text: 'x'.repeat(5_000) }]) {
      expect((await server.client().post(path, body, { token: bia.token })).status).toBe(400);
    }

    // Deleted for everyone: the suggestion goes with it.
    anaTab.send({ type: 'delete_message', message_id: atEva.id });
    await anaTab.next('message_deleted', (f) => f.message_id === atEva.id);
    const rows = await server.pglite.query(
      'select 1 from translation_suggestions where message_id = $1',
      [atEva.id],
    );
    expect(rows.rows).toEqual([]);
  });

  it('its author takes it back: readers hear `suggestion: null`', async () => {
    const [anaTab, evaTab] = await Promise.all([connect(ana), connect(eva)]);
    anaTab.send({
      type: 'chat_message',
      client_id: 'suggest-2',
      message: 'Shall we meet at the train station tomorrow',
      sender_id: ana.id,
      room_name: group,
    });
    const atEva = (await evaTab.next(
      'chat_message',
      (f) => f.client_id === 'suggest-2',
    )) as ChatMessage;
    const path = TRANSLATION_TRUST_PATHS.suggestion(atEva.id);
    expect((await server.client().post(path, { text: 'Mejor' }, { token: bia.token })).status).toBe(
      200,
    );
    await evaTab.next('translation_suggestion', (f) => f.message_id === atEva.id);
    expect(
      (await server.client().request('DELETE', path, undefined, { token: eva.token })).status,
    ).toBe(404);
    const withdrawn = await server
      .client()
      .request('DELETE', path, undefined, { token: bia.token });
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body).toEqual({ message_id: atEva.id, language: 'es', suggestion: null });
    const frame = await evaTab.next(
      'translation_suggestion',
      (f) => f.message_id === atEva.id && f.suggestion === null,
    );
    expect(frame).toMatchObject({ suggestion: null });
  });

  it('the sender, with no socket open, is pushed that someone improved their words; nobody else is', async () => {
    async function device(user: ChatUser, path: string): Promise<BrowserSubscription> {
      const subscription = new BrowserSubscription(`${pushService.url}${path}`);
      const answer = await server
        .client()
        .post(PUSH_PATHS.subscribe, subscription.toJSON(), { token: user.token });
      expect(answer.status).toBe(204);
      return subscription;
    }
    const pushesTo = (path: string) => pushService.received.filter((r) => r.path === path);
    const [evaTab, benTab] = await Promise.all([connect(eva), connect(ben)]);
    const anaTab = await connect(ana);
    anaTab.send({
      type: 'chat_message',
      client_id: 'suggest-3',
      message: 'Shall we meet at the train station tomorrow',
      sender_id: ana.id,
      room_name: group,
    });
    const atEva = (await evaTab.next(
      'chat_message',
      (f) => f.client_id === 'suggest-3',
    )) as ChatMessage;
    await benTab.next('chat_message', (f) => f.client_id === 'suggest-3');
    for (const tab of [anaTab, evaTab, benTab]) tab.close();
    const anaPhone = await device(ana, '/ok/trust-ana');
    await device(eva, '/ok/trust-eva');
    await device(ben, '/ok/trust-ben');
    // Once the server has seen every socket go, they are told by push rather than in the app.
    await expect
      .poll(() => [ana, eva, ben].some((user) => server.app.pushFanout.online(user.id)))
      .toBe(false);

    const path = TRANSLATION_TRUST_PATHS.suggestion(atEva.id);
    const better = 'Nos vemos mañana en la estación de tren';
    expect((await server.client().post(path, { text: better }, { token: bia.token })).status).toBe(
      200,
    );
    await server.app.pushFanout.settled();
    expect(pushesTo('/ok/trust-ana')).toHaveLength(1);
    expect(
      JSON.parse(anaPhone.decrypt(pushesTo('/ok/trust-ana')[0]?.body ?? Buffer.alloc(0))),
    ).toMatchObject({
      kind: 'translation_suggestion',
      title: bia.username,
      body: 'Suggested a better translation of your message.',
      tag: `suggestion-${atEva.id}`,
      url: `/?room=${encodeURIComponent(group)}`,
    });
    // Readers of the language see it in the chat; readers of the original have nothing to see.
    expect(pushesTo('/ok/trust-eva')).toEqual([]);
    expect(pushesTo('/ok/trust-ben')).toEqual([]);

    // Taking it back tells nobody's phone.
    expect(
      (await server.client().request('DELETE', path, undefined, { token: bia.token })).status,
    ).toBe(200);
    await server.app.pushFanout.settled();
    expect(pushesTo('/ok/trust-ana')).toHaveLength(1);
  });
});
