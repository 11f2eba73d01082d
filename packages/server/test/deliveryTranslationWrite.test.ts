import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatDelivery } from '../src/chat/chatDelivery.js';
import type { ChatEvent, ChatFanout } from '../src/chat/chatFanout.js';
import { CachedBlockLookup, CachedGlossaries } from '../src/chat/personCache.js';
import { type DatabaseHandle, openDatabase } from '../src/db/database.js';
import { createConnectionsRepository } from '../src/plugins/app/connections-repository.js';
import {
  createMessagesRepository,
  type MessagesRepository,
  type StoredTranslation,
  textMessage,
} from '../src/plugins/app/messages-repository.js';
import { createNeverTranslatedRepository } from '../src/plugins/app/never-translated-repository.js';
import { createUsersRepository } from '../src/plugins/app/users-repository.js';
import type { LanguageDetector } from '../src/translation/languageDetector.js';
import type { TranslateOptions, Translator } from '../src/translation/translator.js';
import type { TranslationAllowance } from '../src/usage/index.js';
import { MarkingTranslator } from './support/markingTranslator.js';
import { loadTemplateDatabase } from './support/testServer.js';

const quiet = { warn: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger;
const noDetection: LanguageDetector = {
  engine: 'none',
  languages: () => Promise.resolve([]),
  detect: () => Promise.resolve(null),
};

/** A fan-out that keeps what it was asked to publish. */
class KeptFanout {
  readonly events: ChatEvent[] = [];
  publish(event: ChatEvent) {
    this.events.push(event);
  }
  close() {
    return Promise.resolve();
  }
}

// Issue 24 (fan-out latency): a message's readers get it while its translations are still being
// written; the delivery's `idle` (the server's stop) waits for that write.
describe('delivery does not wait for the translations it stores (real PGlite)', () => {
  let database: DatabaseHandle;
  let ana: { id: number; username: string; profileImage: null; language: string };
  let beto: number;

  beforeAll(async () => {
    database = await openDatabase({ pglite: await loadTemplateDatabase() });
    const result = (await database.db.execute(sql`
      insert into users (username, email, phone, gender, password_hash, language, is_lifetime)
      values ('write_ana', 'write_ana@example.com', '1', 'OTHER', 'x', 'English', true),
             ('write_beto', 'write_beto@example.com', '2', 'OTHER', 'x', 'Spanish', true)
      returning id`)) as unknown as { rows: { id: number }[] };
    const [a, b] = result.rows;
    ana = { id: a?.id ?? 0, username: 'write_ana', profileImage: null, language: 'English' };
    beto = b?.id ?? 0;
  });
  afterAll(async () => {
    await database.close();
  });

  it('publishes the Spanish reader’s frame while the write is held, and idle waits for it', async () => {
    const stored = createMessagesRepository(database.db);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const writes: StoredTranslation[][] = [];
    const messages: MessagesRepository = {
      ...stored,
      async addTranslations(rows) {
        writes.push(rows);
        await held;
        await stored.addTranslations(rows);
      },
    };
    const fanout = new KeptFanout();
    const delivery = new ChatDelivery({
      translation: {
        messages,
        translator: new MarkingTranslator({ 'good morning': { text: 'buenos días' } }),
        detector: noDetection,
        log: quiet,
      },
      users: createUsersRepository(database.db),
      allowance: { take: async () => ({ kind: 'free' }) } as unknown as TranslationAllowance,
      fanout: fanout as unknown as ChatFanout,
    });
    const room = `private-${Math.min(ana.id, beto)}-${Math.max(ana.id, beto)}`;
    const message = await stored.store(ana, textMessage(room, 'held-write', 'good morning'));
    delivery.deliver(message, room, [ana.id, beto], ana.id, {
      members: delivery.readMembers([ana.id, beto]),
    });

    // Both frames go out, the Spanish one translated, while the write has not been let through.
    await expect
      .poll(() => fanout.events.map((event) => event.recipients.join()))
      .toEqual([String(ana.id), String(beto)]);
    const spanish = fanout.events[1]?.frame as { message?: string };
    expect(spanish.message).toBe('buenos días');
    expect(writes).toHaveLength(1);
    expect(await stored.translations([message.message.id], 'es')).toEqual([]);

    let idle = false;
    const stopping = delivery.idle().then(() => {
      idle = true;
    });
    // A short real wait, to show that something does not happen: idle stays pending while held.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(idle).toBe(false);
    release();
    await stopping;
    const [row] = await stored.translations([message.message.id], 'es');
    expect(row).toMatchObject({ text: 'buenos días', failed: false });
  });

  // Issue 24 (fan-out, round seven): a sender's first message since their caches ran out waited
  // for the store, then for their glossary and blockers, one round trip after the other. They are
  // asked for with the members, while the message is stored, and delivery uses what was read.
  it('reads the sender’s glossary and blockers with the members, before the store, and once', async () => {
    const neverTranslated = createNeverTranslatedRepository(database.db);
    const connections = createConnectionsRepository(database.db);
    await neverTranslated.add(ana.id, 'morning', 50);
    await connections.block(beto, ana.id);
    const reads = { words: 0, blockers: 0 };
    const glossaries = new CachedGlossaries({
      ...neverTranslated,
      words: (id) => {
        reads.words += 1;
        return neverTranslated.words(id);
      },
    });
    const blocks = new CachedBlockLookup({
      ...connections,
      blockersOf: (id) => {
        reads.blockers += 1;
        return connections.blockersOf(id);
      },
    });
    const stored = createMessagesRepository(database.db);
    const asked: (TranslateOptions | undefined)[] = [];
    const marking = new MarkingTranslator({ 'good morning': { text: 'buenos días' } });
    const translator: Translator = {
      engine: marking.engine,
      capabilities: () => marking.capabilities(),
      translate: (text, _from, _to, options) => {
        asked.push(options);
        return marking.translate(text);
      },
      close: () => marking.close(),
    };
    const fanout = new KeptFanout();
    const delivery = new ChatDelivery({
      translation: { messages: stored, translator, detector: noDetection, log: quiet, glossaries },
      users: createUsersRepository(database.db),
      allowance: { take: async () => ({ kind: 'free' }) } as unknown as TranslationAllowance,
      fanout: fanout as unknown as ChatFanout,
      blocks,
    });
    const room = `private-${Math.min(ana.id, beto)}-${Math.max(ana.id, beto)}`;

    const members = delivery.readMembers([ana.id, beto], ana.id);
    expect(reads).toEqual({ words: 1, blockers: 1 });
    const message = await stored.store(ana, textMessage(room, 'read-ahead', 'good morning'));
    delivery.deliver(message, room, [ana.id, beto], ana.id, { members });
    await expect.poll(() => fanout.events.length).toBe(2);
    await delivery.idle();

    expect(reads).toEqual({ words: 1, blockers: 1 });
    // What was read applies: Beto blocked Ana (his copy is marked), and her glossary went to the engine.
    const spanish = fanout.events.find((event) => event.recipients.includes(beto))?.frame as {
      from_blocked?: boolean;
    };
    expect(spanish.from_blocked).toBe(true);
    expect(asked.map((options) => options?.protect?.glossary)).toEqual([['morning']]);
  });
});
