import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anyOf } from '../src/db/anyOf.js';
import type { DatabaseHandle } from '../src/db/database.js';
import { users } from '../src/db/schema.js';
import { databaseBackends } from './support/databaseBackends.js';
import { userRow } from './support/userRows.js';

// `anyOf` (src/db/anyOf.ts): a list of ids or names as one array parameter, in place of
// drizzle's parameter per value. It must match exactly what `inArray` matched, on PGlite and, when
// PARLEY_TEST_DATABASE_URL is set, on PostgreSQL (whose driver serializes arrays itself).

const backends = databaseBackends('parley_any_of');

const NAMES = [
  'any_plain',
  'any_quote"d',
  "any_apos'",
  'any_{brace},comma',
  'any_NULL',
  'any_ñandú',
];

describe.each(backends)('anyOf on $name', ({ open }) => {
  let database: DatabaseHandle;
  let ids: number[];

  beforeAll(async () => {
    database = await open();
    const rows = await database.db
      .insert(users)
      .values(
        NAMES.map((username, index) => userRow(username, { email: `any${index}@example.com` })),
      )
      .returning({ id: users.id });
    ids = rows.map((row) => row.id);
  });
  afterAll(() => database?.close());

  const idsWhere = async (list: number[]) =>
    (await database.db.select({ id: users.id }).from(users).where(anyOf(users.id, list)))
      .map((row) => row.id)
      .sort((a, b) => a - b);

  it('matches the listed ids, each once however often it is listed', async () => {
    const [first, second, third] = ids;
    if (first === undefined || second === undefined || third === undefined) throw new Error('ids');
    expect(await idsWhere([third, first, first])).toEqual([first, third].sort((a, b) => a - b));
    expect(await idsWhere([second, 2_000_000_000])).toEqual([second]);
  });

  it('an empty list matches nothing', async () => {
    expect(await idsWhere([])).toEqual([]);
    const none = await database.db
      .select({ id: users.id })
      .from(users)
      .where(anyOf(users.username, []));
    expect(none).toEqual([]);
  });

  it('takes thousands of ids in one statement (more than a statement’s 65,535 parameters)', async () => {
    const many = Array.from({ length: 70_000 }, (_, index) => index + 1_000_000);
    expect(await idsWhere([...many, ...ids])).toEqual([...ids].sort((a, b) => a - b));
  });

  it('matches text exactly as written: quotes, braces, commas, the word NULL, accents', async () => {
    const found = await database.db
      .select({ username: users.username })
      .from(users)
      .where(anyOf(users.username, [...NAMES, 'any_null', 'ANY_PLAIN']));
    expect(found.map((row) => row.username).sort()).toEqual([...NAMES].sort());
    const one = await database.db
      .select({ id: users.id })
      .from(users)
      .where(sql`${anyOf(users.username, ['any_NULL'])} and ${eq(users.id, ids[4] ?? 0)}`);
    expect(one).toHaveLength(1);
  });
});
