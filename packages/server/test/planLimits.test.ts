import { type ChatMessage, privateRoomName } from '@parley/chat-sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FREE_DAILY_TRANSLATED_MESSAGES, userDay } from '../src/usage/index.js';
import { ChatClient, type ChatUser, createChatUser, socketUrl } from './support/chatClients.js';
import { APERTIUM_START_MS, apertiumAvailable } from './support/engines.js';
import { SwitchableTranslator } from './support/switchableTranslator.js';
import { startTestServer, type TestServer } from './support/testServer.js';

const apertiumInstalled = apertiumAvailable();

describe('the user’s day', () => {
  it('is the calendar day in their IANA zone, UTC without one', () => {
    const at = new Date('2026-03-10T10:30:00Z');
    expect(userDay(at, null)).toBe('2026-03-10');
    expect(userDay(at, 'Pacific/Kiritimati')).toBe('2026-03-11');
    expect(userDay(at, 'Pacific/Pago_Pago')).toBe('2026-03-09');
    expect(userDay(at, 'Not/AZone')).toBe('2026-03-10');
  });
});

// The free plan (spec §9) over the real Apertium, with the server's clock in the test's hands.
describe.skipIf(!apertiumInstalled)('free plan translation limit (real Apertium)', () => {
  let server: TestServer;
  let translator: SwitchableTranslator;
  let now = new Date('2026-03-10T10:30:00Z');
  const open: ChatClient[] = [];
  let sent = 0;

  beforeAll(async () => {
    translator = await SwitchableTranslator.apertium();
    await translator.inner.translate('Hello.', 'en', 'es');
    server = await startTestServer({ translator, clock: () => now });
  }, APERTIUM_START_MS);
  afterEach(() => {
    for (const client of open.splice(0)) client.close();
  });
  afterAll(() => server?.close());

  async function user(language: string, plan: 'free' | 'subscriber' | 'lifetime' = 'free') {
    const created = await createChatUser(server, { language });
    if (plan !== 'free') {
      await server.pglite.query(
        `update users set ${plan === 'lifetime' ? 'is_lifetime' : 'subscription_active'} = true where id = $1`,
        [created.id],
      );
    }
    return created;
  }

  async function connect(who: ChatUser, room: string, query = ''): Promise<ChatClient> {
    const client = await ChatClient.connect(`${socketUrl(server, who.id, who.token)}${query}`);
    open.push(client);
    await client.join(room);
    return client;
  }

  function send(client: ChatClient, from: ChatUser, text: string): string {
    sent += 1;
    const clientId = `p-${sent}`;
    client.send({ type: 'chat_message', client_id: clientId, message: text, sender_id: from.id });
    return clientId;
  }

  async function received(client: ChatClient, clientId: string): Promise<ChatMessage> {
    const frame = await client.next('chat_message', (f) => f.client_id === clientId, 8_000);
    return frame;
  }

  async function counters(userId: number) {
    const result = await server.pglite.query<{ day: string; count: number }>(
      `select to_char(day, 'YYYY-MM-DD') as day, count from usage_counters
       where user_id = $1 and kind = 'translated_message' order by day`,
      [userId],
    );
    return result.rows;
  }

  /** A pair in a private room, both joined. */
  async function pair(sender: ChatUser, reader: ChatUser) {
    const room = privateRoomName(sender.id, reader.id);
    const [from, to] = await Promise.all([connect(sender, room), connect(reader, room)]);
    return { from, to, room };
  }

  const SENTENCES = [
    'The dog eats bread.',
    'The cat sleeps in the house.',
    'Hello, how are you?',
    'I have a big house.',
    'The water is cold.',
    'The book is on the table.',
    'My friend lives in the city.',
  ];

  it(`translates ${FREE_DAILY_TRANSLATED_MESSAGES} cross-language messages a day, then delivers untranslated with tier_limit_warning`, async () => {
    const fay = await user('English');
    const rui = await user('Spanish');
    const { from, to, room } = await pair(fay, rui);

    for (const text of SENTENCES.slice(0, 5)) {
      const message = await received(to, send(from, fay, text));
      expect(message.translated, text).toBe(true);
      expect(message.message).not.toBe(text);
    }
    expect(await counters(fay.id)).toEqual([{ day: '2026-03-10', count: 5 }]);

    for (const text of SENTENCES.slice(5, 7)) {
      const id = send(from, fay, text);
      const atRui = await received(to, id);
      expect(atRui).toMatchObject({ message: text, original_message: text, translated: false });
      expect(atRui.translation_failed).toBeUndefined();
      expect((await received(from, id)).message).toBe(text);
      const warning = await from.next('tier_limit_warning');
      expect(warning).toEqual({
        type: 'tier_limit_warning',
        title: 'Daily translation limit reached',
        message: expect.stringContaining('5 messages a day'),
        actions: [
          { label: expect.stringMatching(/^Personal/), url: '/subscribe/personal' },
          { label: expect.stringMatching(/^Organization/), url: '/subscribe/organization' },
          { label: expect.stringMatching(/^Lifetime Founder/), url: '/subscribe/lifetime' },
        ],
      });
    }
    expect(await counters(fay.id)).toEqual([{ day: '2026-03-10', count: 5 }]);
    expect(await to.unclaimed('tier_limit_warning', 50)).toEqual([]);

    // History does not translate what the limit left untranslated.
    const history = await to.join(room);
    expect(history.message.map((m) => m.translated)).toEqual([
      true,
      true,
      true,
      true,
      true,
      false,
      false,
    ]);

    // Same-language chat stays free and uncounted, over the limit too.
    const ned = await user('English');
    const same = await pair(fay, ned);
    for (const text of SENTENCES.slice(0, 3)) {
      const message = await received(same.to, send(same.from, fay, text));
      expect(message).toMatchObject({ message: text, translated: false });
    }
    expect(await same.from.unclaimed('tier_limit_warning', 100)).toEqual([]);
    expect(await counters(fay.id)).toEqual([{ day: '2026-03-10', count: 5 }]);

    // The next day the allowance is back.
    now = new Date('2026-03-11T10:30:00Z');
    const tomorrow = await received(to, send(from, fay, 'The dog eats bread.'));
    expect(tomorrow.translated).toBe(true);
    expect(await counters(fay.id)).toEqual([
      { day: '2026-03-10', count: 5 },
      { day: '2026-03-11', count: 1 },
    ]);
  });

  it('never goes past the limit when messages are sent at once', async () => {
    const pam = await user('English');
    const eli = await user('Spanish');
    const { from, to } = await pair(pam, eli);
    const texts = [...SENTENCES, 'The sun is hot.'];
    const ids = texts.map((text) => send(from, pam, text));
    const messages = await Promise.all(ids.map((id) => received(to, id)));
    expect(messages.filter((m) => m.translated)).toHaveLength(FREE_DAILY_TRANSLATED_MESSAGES);
    // In order, so the first five are the translated ones.
    expect(messages.map((m) => m.translated)).toEqual([
      ...Array(5).fill(true),
      ...Array(3).fill(false),
    ]);
    const warnings = await Promise.all([1, 2, 3].map(() => from.next('tier_limit_warning')));
    expect(warnings).toHaveLength(3);
    expect((await counters(pam.id))[0]?.count).toBe(FREE_DAILY_TRANSLATED_MESSAGES);
  });

  it('leaves subscribers and lifetime founders unlimited and uncounted', async () => {
    for (const plan of ['subscriber', 'lifetime'] as const) {
      const sub = await user('English', plan);
      const reader = await user('Spanish');
      const { from, to } = await pair(sub, reader);
      for (const text of SENTENCES) {
        expect((await received(to, send(from, sub, text))).translated, text).toBe(true);
      }
      expect(await from.unclaimed('tier_limit_warning', 50)).toEqual([]);
      expect(await counters(sub.id)).toEqual([]);
    }
  });

  it('does not use up the allowance when the engine translated nothing', async () => {
    const dan = await user('English');
    const ida = await user('Spanish');
    const { from, to } = await pair(dan, ida);
    translator.fail = true;
    try {
      const message = await received(to, send(from, dan, 'The dog eats bread.'));
      expect(message).toMatchObject({ translated: false, translation_failed: true });
    } finally {
      translator.fail = false;
    }
    expect(await counters(dan.id)).toEqual([{ day: '2026-03-11', count: 0 }]);

    // A language the engine has no route to is never counted either.
    const jun = await user('Japanese');
    const other = await pair(dan, jun);
    const message = await received(other.to, send(other.from, dan, 'The dog eats bread.'));
    expect(message).toMatchObject({ translated: false, translation_failed: true });
    expect(await counters(dan.id)).toEqual([{ day: '2026-03-11', count: 0 }]);
  });

  it('counts in the user’s own day: timezone from the socket URL or PATCH /accounts/update-timezone/', async () => {
    now = new Date('2026-03-10T10:30:00Z');
    const kim = await user('English');
    const lia = await user('Spanish');
    const room = privateRoomName(kim.id, lia.id);
    const from = await connect(kim, room, '&timezone=Pacific%2FKiritimati');
    const to = await connect(lia, room);
    expect((await received(to, send(from, kim, 'The dog eats bread.'))).translated).toBe(true);
    // 10:30 UTC is already the 11th on Kiritimati (UTC+14).
    expect(await counters(kim.id)).toEqual([{ day: '2026-03-11', count: 1 }]);

    const http = server.client();
    const bad = await http.patch(
      '/accounts/update-timezone/',
      { timezone: 'Mars/Olympus' },
      { token: kim.token },
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ timezone: [expect.stringContaining('IANA')] });
    const good = await http.patch(
      '/accounts/update-timezone/',
      { timezone: 'Pacific/Pago_Pago' },
      { token: kim.token },
    );
    expect(good.status, good.text).toBe(200);
    expect((await received(to, send(from, kim, 'The cat sleeps.'))).translated).toBe(true);
    expect(await counters(kim.id)).toEqual([
      { day: '2026-03-09', count: 1 },
      { day: '2026-03-11', count: 1 },
    ]);
  });
});
