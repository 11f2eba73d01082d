import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/database.js';
import { users } from '../src/db/schema.js';
import { databaseBackends } from './support/databaseBackends.js';
import { userRow } from './support/userRows.js';

// Migration 0031 gives the search indexes PostgreSQL's shortest pending list (64 kB), so the merge
// of new entries into a GIN index happens every few statements instead of holding the embedded
// database for a tenth of a second every ~10,000 messages (docs/performance.md, "Fan-out, round
// nine"). The indexes carry the setting, and a search through them still finds every message
// after many merges, on PGlite and (when PARLEY_TEST_DATABASE_URL is set) PostgreSQL.

const backends = databaseBackends('parley_search_pending');

const SEARCH_INDEXES = [
  'media_uploads_search_vector_idx',
  'message_translations_search_vector_idx',
  'messages_search_vector_idx',
  'voice_renditions_search_vector_idx',
];
const BATCHES = 12;
const PER_BATCH = 150;

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

describe.each(backends)('the search indexes’ pending list, on $name', ({ open }) => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await open();
  });
  afterAll(() => database?.close());

  it('is PostgreSQL’s least on every search index', async () => {
    const rows = rowsOf<{ name: string; options: string[] | string | null }>(
      await database.db.execute(sql`
        select relname as name, reloptions as options from pg_class
        where relname in (${sql.join(
          SEARCH_INDEXES.map((name) => sql`${name}`),
          sql`, `,
        )})
        order by relname`),
    );
    expect(rows.map((row) => row.name)).toEqual(SEARCH_INDEXES);
    for (const row of rows) expect(String(row.options)).toContain('gin_pending_list_limit=64');
  });

  it('finds every message after many merges of the list', async () => {
    const [sender] = await database.db
      .insert(users)
      .values(userRow('pending_list_sender'))
      .returning({ id: users.id });
    if (!sender) throw new Error('no sender');
    // ~1,800 messages of a dozen distinct words each: the list passes 64 kB many times over.
    for (let batch = 0; batch < BATCHES; batch += 1) {
      await database.db.execute(sql`
        insert into messages (room, sender_id, message, original_message, original_language,
          client_id)
        select 'group-pending', ${sender.id}, t.body, t.body, 'en', 'pending-' || g
        from generate_series(${batch * PER_BATCH + 1}::int, ${(batch + 1) * PER_BATCH}::int) g,
          lateral (select 'harbour lantern ' || 'marker' || g || ' ' || 'shared' || (g % 7)
            || ' plus seven more words to fill the document nicely' as body) t`);
    }
    const total = BATCHES * PER_BATCH;
    await database.db.execute(sql`set enable_seqscan = off`);
    try {
      const plan = rowsOf<Record<string, string>>(
        await database.db.execute(sql`
          explain select count(*) from messages
          where search_vector @@ to_tsquery('simple', 'lantern')`),
      )
        .map((row) => Object.values(row).join(' '))
        .join('\n');
      // Not vacuous: the index answers, not a scan of the table.
      expect(plan).toContain('messages_search_vector_idx');
      const count = async (word: string) => {
        const [row] = rowsOf<{ n: number | string }>(
          await database.db.execute(sql`
            select count(*) as n from messages
            where search_vector @@ to_tsquery('simple', ${word})`),
        );
        return Number(row?.n);
      };
      expect(await count('lantern')).toBe(total);
      expect(await count('shared3')).toBe(Math.floor((total - 3) / 7) + 1);
      for (const n of [1, PER_BATCH, Math.floor(total / 2), total]) {
        expect(await count(`marker${n}`)).toBe(1);
      }
      expect(await count(`marker${total + 1}`)).toBe(0);
    } finally {
      await database.db.execute(sql`reset enable_seqscan`);
    }
  });
});
