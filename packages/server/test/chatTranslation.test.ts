import { type ChatListUser, type ChatMessage, privateRoomName } from '@parley/chat-sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ApertiumTranslator } from '../src/translation/apertiumTranslator.js';
import { ChatClient, type ChatUser, createChatUser } from './support/chatClients.js';
import { connectUsers } from './support/connections.js';
import { APERTIUM_START_MS, apertiumAvailable } from './support/engines.js';
import { SwitchableTranslator } from './support/switchableTranslator.js';
import { startTestServer, type TestServer } from './support/testServer.js';

const apertiumInstalled = apertiumAvailable();

// Real Apertium (apertium-apy) behind a switch that can break it; every sender here subscribes,
// so the free plan's limit (planLimits.test.ts) stays out of the way.
describe.skipIf(!apertiumInstalled)('translation in the chat flow (real Apertium)', () => {
  let server: TestServer;
  let translator: SwitchableTranslator;
  let ana: ChatUser; // English, sends
  let ben: ChatUser; // English, reads: same language as ana
  let eva: ChatUser; // Spanish, later Portuguese
  let cai: ChatUser; // Catalan
  let group: string;
  const open: ChatClient[] = [];
  let sent = 0;

  beforeAll(async () => {
    translator = await SwitchableTranslator.apertium();
    // Cold Apertium pipelines take a while on a busy machine: warm the pairs used below.
    await Promise.all(
      [
        ['en', 'es'],
        ['en', 'ca'],
        ['en', 'pt'],
        ['es', 'en'],
        ['es', 'ca'],
      ].map(([from, to]) => translator.inner.translate('Hello.', from as string, to as string)),
    );
    server = await startTestServer({ translator, translationTimeoutMs: 3_000 });
    ana = await createChatUser(server, { language: 'English' });
    ben = await createChatUser(server, { language: 'English' });
    eva = await createChatUser(server, { language: 'Spanish' });
    cai = await createChatUser(server, { language: 'Catalan' });
    await server.pglite.query('update users set subscription_active = true where id = any($1)', [
      [ana.id, ben.id, eva.id, cai.id],
    ]);
    for (const user of [ben, eva, cai]) await connectUsers(server, ana, user);
    const form = new FormData();
    form.append('name', `Babel ${process.pid}`);
    for (const user of [ben, eva, cai]) form.append('user_ids', String(user.id));
    const created = await server
      .client()
      .post<{ room_name: string }>('/chatmessage/create/group/', form, { token: ana.token });
    expect(created.status, created.text).toBe(201);
    group = created.body.room_name;
  }, APERTIUM_START_MS);
  afterEach(() => {
    for (const client of open.splice(0)) client.close();
  });
  afterAll(() => server?.close());

  async function connect(user: ChatUser, room = group): Promise<ChatClient> {
    const client = await ChatClient.open(server, user);
    open.push(client);
    await client.join(room);
    return client;
  }

  function send(client: ChatClient, from: ChatUser, text: string, room = group): string {
    sent += 1;
    const clientId = `t-${sent}`;
    client.send({
      type: 'chat_message',
      client_id: clientId,
      message: text,
      sender_id: from.id,
      room_name: room,
    });
    return clientId;
  }

  async function received(client: ChatClient, clientId: string, timeoutMs = 8_000) {
    const frame = await client.next('chat_message', (f) => f.client_id === clientId, timeoutMs);
    return frame;
  }

  async function storedTranslations(messageId: number) {
    const result = await server.pglite.query<{
      language: string;
      text: string;
      engine: string | null;
      failed: boolean;
    }>(
      'select language, text, engine, failed from message_translations where message_id = $1 order by language',
      [messageId],
    );
    return result.rows;
  }

  function untouched(message: ChatMessage, text: string, language: string) {
    expect(message).toMatchObject({
      message: text,
      original_message: text,
      original_language: language,
      translated: false,
    });
    expect(message.translation_failed).toBeUndefined();
  }

  it('gives each reader the message in their language with the original; same language untouched', async () => {
    const [anaTab, benTab, evaTab, caiTab] = await Promise.all([
      connect(ana),
      connect(ben),
      connect(eva),
      connect(cai),
    ]);
    const text = 'Hello, how are you?';
    const id = send(anaTab, ana, text);
    const [echo, atBen, atEva, atCai] = await Promise.all(
      [anaTab, benTab, evaTab, caiTab].map((client) => received(client, id)),
    );
    untouched(echo as ChatMessage, text, 'en');
    untouched(atBen as ChatMessage, text, 'en');
    expect(atEva).toMatchObject({
      original_message: text,
      original_language: 'en',
      translated: true,
    });
    expect(atEva?.message).toMatch(/^Hola, cómo/);
    expect(atCai).toMatchObject({
      original_message: text,
      original_language: 'en',
      translated: true,
    });
    expect(atCai?.message).toMatch(/^Hola, com/);
    expect(new Set([echo, atBen, atEva, atCai].map((m) => m?.id)).size).toBe(1);

    // Translated once per language at send time, and stored.
    const rows = await storedTranslations(echo?.id as number);
    expect(rows.map((r) => [r.language, r.text, r.failed])).toEqual([
      ['ca', atCai?.message, false],
      ['es', atEva?.message, false],
    ]);
    expect(rows[0]?.engine).toBe('apertium-apy');

    // The other way: Spanish to English and Catalan.
    const reply = send(evaTab, eva, 'El perro come pan en la casa.');
    const [toAna, toCai, ownEcho] = await Promise.all(
      [anaTab, caiTab, evaTab].map((client) => received(client, reply)),
    );
    expect(toAna?.message).toMatch(/dog eats bread/);
    expect(toCai?.message).toMatch(/gos menja pa/);
    expect(toAna).toMatchObject({ original_language: 'es', translated: true });
    untouched(ownEcho as ChatMessage, 'El perro come pan en la casa.', 'es');
  });

  it('returns history in each reader’s language, on the socket and over REST', async () => {
    const [evaTab, benTab] = await Promise.all([
      ChatClient.open(server, eva),
      ChatClient.open(server, ben),
    ]);
    open.push(evaTab, benTab);
    const [atEva, atBen] = await Promise.all([evaTab.join(group), benTab.join(group)]);
    const hello = (messages: ChatMessage[] | undefined) =>
      messages?.find((m) => m.original_message === 'Hello, how are you?');
    expect(hello(atEva?.message)).toMatchObject({ translated: true, original_language: 'en' });
    expect(hello(atEva?.message)?.message).toMatch(/^Hola/);
    untouched(hello(atBen?.message) as ChatMessage, 'Hello, how are you?', 'en');
    // Eva's own message stays as she wrote it.
    const own = atEva?.message.find((m) => m.sender_id === eva.id);
    untouched(own as ChatMessage, 'El perro come pan en la casa.', 'es');

    const rest = await server
      .client()
      .get<{ results: ChatMessage[] }>(
        `/chatmessage/history/?room_name=${encodeURIComponent(group)}`,
        { token: cai.token },
      );
    expect(rest.status).toBe(200);
    expect(hello(rest.body.results)?.message).toMatch(/^Hola, com/);
    expect(rest.body.results.find((m) => m.sender_id === eva.id)?.message).toMatch(/gos/);
  });

  it('previews the last private message in the reader’s language in the chat list', async () => {
    const room = privateRoomName(ana.id, eva.id);
    const [anaTab, evaTab] = await Promise.all([connect(ana, room), connect(eva, room)]);
    const clientId = send(anaTab, ana, 'I have a dog.', room);
    expect((await received(evaTab, clientId)).message).toMatch(/perro/);

    const atEva = await server
      .client()
      .get<ChatListUser[]>('/chatmessage/chats/', { token: eva.token });
    expect(atEva.body.find((row) => row.id === ana.id)?.last_message).toMatch(/perro/);
    // The writer's own list shows what she wrote.
    const atAna = await server
      .client()
      .get<ChatListUser[]>('/chatmessage/chats/', { token: ana.token });
    expect(atAna.body.find((row) => row.id === eva.id)?.last_message).toBe('I have a dog.');
  });

  it('takes the source language from the text when it is clearly not the profile’s', async () => {
    const [evaTab, benTab, caiTab] = await Promise.all([connect(eva), connect(ben), connect(cai)]);
    const text = 'The weather is lovely today and we are all going to the beach together.';
    const id = send(evaTab, eva, text);
    const [echo, atBen, atCai] = await Promise.all(
      [evaTab, benTab, caiTab].map((client) => received(client, id)),
    );
    // Written in English by a Spanish profile: English readers get it untouched.
    untouched(atBen as ChatMessage, text, 'en');
    untouched(echo as ChatMessage, text, 'en');
    expect(atCai).toMatchObject({ original_language: 'en', translated: true });
    const stored = await server.pglite.query<{ original_language: string }>(
      'select original_language from messages where id = $1',
      [echo?.id],
    );
    expect(stored.rows[0]?.original_language).toBe('en');
  });

  it('a reader who changes language gets new messages and history in the new one', async () => {
    const changed = await server
      .client()
      .patch('/accounts/update-language/', { language: 'Portuguese' }, { token: eva.token });
    expect(changed.status, changed.text).toBe(200);
    const [anaTab, evaTab] = await Promise.all([connect(ana), connect(eva)]);
    const id = send(anaTab, ana, 'The dog eats bread in the house.');
    const atEva = await received(evaTab, id);
    expect(atEva).toMatchObject({ translated: true, original_language: 'en' });
    expect(atEva.message).toMatch(/cão come/);

    const history = await evaTab.join(group);
    const hello = history.message.find((m) => m.original_message === 'Hello, how are you?');
    expect(hello).toMatchObject({ translated: true });
    expect(hello?.message).toMatch(/^Olá/);
    // Translated on demand and stored for next time, next to the Spanish of send time.
    const rows = await storedTranslations(hello?.id as number);
    expect(rows.map((r) => r.language)).toEqual(['ca', 'es', 'pt']);
  });

  it('keeps a room’s order while one message waits on the engine, and other rooms flow', async () => {
    translator.hangOn = 'SLOWPOKE';
    try {
      const [anaTab, evaTab] = await Promise.all([connect(ana), connect(eva)]);
      const side = privateRoomName(ben.id, cai.id);
      const [benTab, caiTab] = await Promise.all([connect(ben, side), connect(cai, side)]);

      const started = Date.now();
      const slow = send(anaTab, ana, 'SLOWPOKE: this one waits for the engine.');
      const fast = send(anaTab, ana, 'The cat sleeps.');
      // Another room is not held up by the stuck translation.
      const other = send(benTab, ben, 'Good morning, my friend.', side);
      const atCai = await received(caiTab, other, 2_500);
      expect(atCai.translated).toBe(true);
      expect(Date.now() - started).toBeLessThan(2_500);

      // In the room, the faster second message does not overtake the first.
      const second = await received(evaTab, fast);
      expect(second.translated).toBe(true);
      const first = evaTab.frames.find((f) => f.type === 'chat_message' && f.client_id === slow);
      expect(first, 'the first message arrived before the second').toBeDefined();
      if (first?.type !== 'chat_message') throw new Error('unreachable');
      // The engine timed out on it: delivered as written, marked.
      expect(first).toMatchObject({
        message: 'SLOWPOKE: this one waits for the engine.',
        translated: false,
        translation_failed: true,
      });
      expect(first.id).toBeLessThan(second.id);
    } finally {
      translator.hangOn = null;
    }
  });

  it('delivers the original marked translation_failed when the engine fails, and retries in history', async () => {
    const [anaTab, benTab, evaTab, caiTab] = await Promise.all([
      connect(ana),
      connect(ben),
      connect(eva),
      connect(cai),
    ]);
    translator.fail = true;
    const text = 'Where is the library?';
    let id: string;
    try {
      id = send(anaTab, ana, text);
      const [echo, atBen, atEva, atCai] = await Promise.all(
        [anaTab, benTab, evaTab, caiTab].map((client) => received(client, id)),
      );
      untouched(echo as ChatMessage, text, 'en');
      untouched(atBen as ChatMessage, text, 'en');
      for (const message of [atEva, atCai]) {
        expect(message).toMatchObject({
          message: text,
          original_message: text,
          translated: false,
          translation_failed: true,
        });
      }
      expect((await storedTranslations(echo?.id as number)).every((r) => r.failed)).toBe(true);
    } finally {
      translator.fail = false;
    }
    // The engine is back: history translates what failed and keeps it.
    const history = await evaTab.join(group);
    const again = history.message.find((m) => m.client_id === id);
    expect(again).toMatchObject({ translated: true });
    expect(again?.translation_failed).toBeUndefined();
    expect(again?.message).not.toBe(text);
  });

  it('loses nothing when the apertium-apy child is killed mid-conversation', async () => {
    const [anaTab, evaTab] = await Promise.all([connect(ana), connect(eva)]);
    const pid = (translator.inner as ApertiumTranslator).apyPid;
    expect(pid).toBeDefined();
    process.kill(pid as number, 'SIGKILL');
    const texts = ['The first message.', 'The second message.', 'The third message.'];
    const ids = texts.map((text) => send(anaTab, ana, text));
    for (const [index, id] of ids.entries()) {
      // Through the CLI while APY restarts, or untranslated with the marker: never lost.
      const message = await received(evaTab, id, 10_000);
      expect(message.original_message).toBe(texts[index]);
      expect(message.translated || message.translation_failed).toBe(true);
    }
    await anaTab.ping();
  }, 30_000);
});
