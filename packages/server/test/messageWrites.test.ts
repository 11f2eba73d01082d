import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/database.js';
import {
  createMessagesRepository,
  type NewMessage,
  textMessage,
} from '../src/plugins/app/messages-repository.js';
import { databaseBackends } from './support/databaseBackends.js';

// The group commit writes a batch of messages, and delivery a batch of translations, as one array
// parameter per column (unnest). Whatever a person types must come back exactly as written, NULLs
// must stay NULL (and the text 'NULL' text), and JSON columns must keep their structure: on PGlite
// and, when PARLEY_TEST_DATABASE_URL is set, on PostgreSQL (whose driver serializes arrays itself).

const HOSTILE = [
  'plain',
  'NULL',
  'null',
  '',
  'quotes " and \' and `',
  'back\\slash \\" and \\\\',
  '{braces}, commas, {"a":1}',
  'line\nbreak\ttab\r\n',
  'émoji 🚀 and RTL مرحبا',
  'x'.repeat(20_000),
];

const backends = databaseBackends('parley_writes');

describe.each(backends)('message and translation writes on $name', ({ open }) => {
  let database: DatabaseHandle;
  let sender: { id: number; username: string; profileImage: string | null; language: string };

  beforeAll(async () => {
    database = await open();
    const result = (await database.db.execute(sql`
      insert into users (username, email, phone, gender, password_hash, language)
      values ('writer', 'writer@example.com', '1', 'OTHER', 'x', 'English')
      returning id`)) as unknown as { rows: { id: number }[] };
    const id = result.rows[0]?.id ?? 0;
    sender = { id, username: 'writer', profileImage: null, language: 'English' };
  });
  afterAll(async () => {
    await database?.close();
  });

  const message = (clientId: string, text: string, extra: Partial<NewMessage> = {}) =>
    textMessage('private-1-2', clientId, text, extra);

  it('a batch of hostile texts comes back as written, NULLs and JSON columns intact', async () => {
    const repository = createMessagesRepository(database.db);
    // Stored in the same turn: the group commit writes them together.
    const stored = await Promise.all([
      ...HOSTILE.map((text, i) => repository.store(sender as never, message(`h${i}`, text))),
      repository.store(
        sender as never,
        message('media', 'NULL', {
          fileType: 'image',
          fileUrl: '/chat/media/a "b".png',
          fileName: 'NULL',
          transcript: '{"not":"json"}',
          mentions: [{ id: 7, username: 'o"neil' }] as never,
          callEvent: { kind: 'ended', call_type: 'audio', duration_s: 3 } as never,
        }),
      ),
      // A retry of h0 in the same batch gets h0's row, not a second one.
      repository.store(sender as never, message('h0', 'plain')),
    ]);
    expect(stored.filter((s) => s.created)).toHaveLength(HOSTILE.length + 1);
    expect(stored.at(-1)?.created).toBe(false);
    expect(stored.at(-1)?.message.id).toBe(stored[0]?.message.id);

    for (const [i, text] of HOSTILE.entries()) {
      const echo = stored[i]?.message;
      expect(echo?.message).toBe(text);
      expect(echo?.file_url).toBeNull();
      expect(echo?.transcript).toBeNull();
      const reread = await repository.byId(echo?.id ?? 0);
      expect(reread?.message).toBe(text);
      expect(reread?.original_message).toBe(text);
      expect(reread?.client_id).toBe(`h${i}`);
    }
    const media = await repository.byId(stored[HOSTILE.length]?.message.id ?? 0);
    expect(media).toMatchObject({
      message: 'NULL',
      file_type: 'image',
      file_url: '/chat/media/a "b".png',
      file_name: 'NULL',
      transcript: '{"not":"json"}',
      mentions: [{ id: 7, username: 'o"neil' }],
    });
    expect(media?.call_event).toMatchObject({ kind: 'ended', call_type: 'audio' });
    // Stored again later (not in the batch): the earlier copy, not a duplicate.
    const again = await repository.store(sender as never, message('h3', 'other text'));
    expect(again).toMatchObject({
      created: false,
      message: { id: stored[3]?.message.id, message: '' },
    });
  });

  it('a batch of translations keeps texts, unknown words (none, empty, hostile) and failures', async () => {
    const repository = createMessagesRepository(database.db);
    const ids = await Promise.all(
      ['t1', 't2', 't3'].map(
        async (clientId) =>
          (await repository.store(sender as never, message(clientId, 'hi'))).message.id,
      ),
    );
    const [a = 0, b = 0, c = 0] = ids;
    await Promise.all([
      repository.addTranslations([
        { messageId: a, language: 'es', text: 'NULL "x" {y}', engine: null, failed: false },
      ]),
      repository.addTranslations([
        {
          messageId: b,
          language: 'es',
          text: 'hola',
          engine: 'apertium',
          failed: false,
          unknownWords: [],
        },
      ]),
      repository.addTranslations([
        {
          messageId: c,
          language: 'es',
          text: 'hi',
          engine: 'apertium',
          failed: true,
          unknownWords: ['NULL', 'a,b', '{c}', 'd"e', 'f\\g'],
        },
      ]),
      // An existing row is kept.
      repository.addTranslations([
        { messageId: a, language: 'es', text: 'second', engine: null, failed: false },
      ]),
    ]);
    const rows = await repository.translations(ids, 'es');
    const byId = new Map(rows.map((row) => [row.messageId, row]));
    expect(byId.get(a)).toMatchObject({
      text: 'NULL "x" {y}',
      engine: null,
      failed: false,
      unknownWords: null,
    });
    expect(byId.get(b)).toMatchObject({ text: 'hola', engine: 'apertium', unknownWords: [] });
    expect(byId.get(c)).toMatchObject({
      failed: true,
      unknownWords: ['NULL', 'a,b', '{c}', 'd"e', 'f\\g'],
    });
  });
});
