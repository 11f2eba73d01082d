import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_CONFIGS } from '../src/chat/search/searchConfigs.js';
import type { DatabaseHandle } from '../src/db/database.js';
import { findMigrationsFolder } from '../src/db/migrationsFolder.js';
import { databaseBackends } from './support/databaseBackends.js';

// Migration 0030 gives `message_search_vector` a body that folds each text once. Stored documents
// were not recomputed, so for every text it must return exactly the document 0021's definition
// returned: the same lexemes at the same positions. 0021's definition is read from its migration
// and created beside the current one under another name, on PGlite and (when
// PARLEY_TEST_DATABASE_URL is set) PostgreSQL.

const backends = databaseBackends('parley_search_vector');

/** 0021's `message_search_vector`, renamed `message_search_vector_0021`. */
function definitionOf0021(): string {
  const file = join(findMigrationsFolder(), '0021_search_folding_and_preview_images_issue25.sql');
  const statement = readFileSync(file, 'utf8')
    .split('--> statement-breakpoint')
    .find((part) => part.includes('CREATE OR REPLACE FUNCTION message_search_vector('));
  if (!statement) throw new Error('0021 no longer defines message_search_vector');
  return statement.replace(
    'FUNCTION message_search_vector(',
    'FUNCTION message_search_vector_0021(',
  );
}

const TEXTS: (string | null)[] = [
  null,
  '',
  '   ',
  'Hello, are you coming to the meeting tomorrow? I have 12 questions.',
  'Hola, ¿vienes a la reunión de mañana? Tengo 12 preguntas.',
  'Ça va très bien, naïve façade — déjà vu',
  'Øl på Łódź café ħ đ ŧ ı',
  'Straße Ärger Übermaß ǅ ﬁ',
  'Ελλάδα καλημέρα',
  'Привет, как дела? Ёлка',
  'مرحبا كيف حالك',
  'שלום עולם',
  '안녕하세요 한국어',
  'こんにちは世界、カフェ',
  '你好，世界',
  'नमस्ते दुनिया',
  'e\u0301 combining, already decomposed',
  'café café CAFÉ Café',
  'Quarterly report 2026 pdf',
  'emoji 👋🏽 and a URL https://example.com/ä?q=é',
  'ünïcödé '.repeat(300),
  'don’t “quote” me — O’Brien',
];

describe.each(backends)('the search document made once, on $name', ({ open }) => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await open();
    await database.db.execute(sql.raw(definitionOf0021()));
  });
  afterAll(() => database?.close());

  it('is the document 0021 made, for every text and language', async () => {
    const languages = [null, 'xx', ...Object.keys(SEARCH_CONFIGS)];
    const cases = languages.flatMap((language) => TEXTS.map((text) => ({ language, text })));
    const result = await database.db.execute(sql`
      select c.language, c.body,
        message_search_vector(c.language, c.body)::text as now,
        message_search_vector_0021(c.language, c.body)::text as before
      from unnest(${sql.param(cases.map((c) => c.language))}::text[],
        ${sql.param(cases.map((c) => c.text))}::text[])
        as c(language, body)`);
    const rows = (
      result as unknown as {
        rows: { language: string | null; body: string | null; now: string; before: string }[];
      }
    ).rows;
    expect(rows).toHaveLength(cases.length);
    const differing = rows.filter((row) => row.now !== row.before);
    expect(differing).toEqual([]);
    // Not vacuous: folded texts gained their folded lexemes, and a null text has no document.
    const spanish = rows.find((row) => row.language === 'es' && row.body?.startsWith('Hola'));
    expect(spanish?.now).toContain("'manana'");
    expect(spanish?.now).toContain("'mañana'");
    expect(rows.find((row) => row.body === null)?.now).toBeNull();
  });
});
