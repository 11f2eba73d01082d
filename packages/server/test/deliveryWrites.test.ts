import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/database.js';
import { createMessagesRepository } from '../src/plugins/app/messages-repository.js';
import { loadTemplateDatabase } from './support/testServer.js';

/** The rows of a statement (PGlite and node-postgres both answer with `rows`). */
async function rows<T>(database: DatabaseHandle, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

// Delivery's writes (translations, corrected languages) asked for in one turn share a statement.
describe('delivery writes batched per turn (real PGlite)', () => {
  let database: DatabaseHandle;
  const ids: number[] = [];

  beforeAll(async () => {
    database = await openDatabase({ pglite: await loadTemplateDatabase() });
    const users = await rows<{ id: number }>(
      database,
      sql`
      insert into users (username, email, phone, gender, password_hash, language)
      values ('batch_writer', 'batch_writer@example.com', '1', 'OTHER', 'x', 'English')
      returning id`,
    );
    const senderId = users[0]?.id;
    for (const clientId of ['a', 'b', 'c']) {
      const stored = await rows<{ id: number }>(
        database,
        sql`
        insert into messages (room, sender_id, message, original_message, original_language,
                              file_type, client_id)
        values ('private-1-2', ${senderId}, 'hello', 'hello', 'en', 'text', ${clientId})
        returning id`,
      );
      ids.push(stored[0]?.id ?? 0);
    }
  });
  afterAll(async () => {
    await database.close();
  });

  it('stores every message’s translations and languages, and fails only the bad row', async () => {
    const repository = createMessagesRepository(database.db);
    const [a = 0, b = 0, c = 0] = ids;
    const row = (messageId: number, text: string) => ({
      messageId,
      language: 'es',
      text,
      engine: 'test',
      failed: false,
    });
    const results = await Promise.allSettled([
      repository.addTranslations([row(a, 'hola a')]),
      repository.addTranslations([row(b, 'hola b')]),
      // No such message: its foreign key fails the batch, which is then written row by row.
      repository.addTranslations([row(999_999, 'nadie')]),
      repository.setOriginalLanguage(b, 'fr'),
      repository.setOriginalLanguage(c, 'de'),
    ]);
    expect(results.map((result) => result.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    const translations = await repository.translations([a, b, c], 'es');
    expect(translations.map((t) => [t.messageId, t.text]).sort()).toEqual([
      [a, 'hola a'],
      [b, 'hola b'],
    ]);
    const languages = await rows<{ original_language: string }>(
      database,
      sql`select original_language from messages where id in (${a}, ${b}, ${c}) order by id`,
    );
    expect(languages.map((r) => r.original_language)).toEqual(['en', 'fr', 'de']);
  });
});
