import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase, openEmbeddedDatabase } from '../src/db/database.js';
import { PGliteOnThread } from '../src/db/pgliteWorker.js';
import { users } from '../src/db/schema.js';
import { userRow } from './support/userRows.js';

// The embedded database on its own thread (src/db/pgliteWorker.ts): drizzle, its migrations and
// transactions, errors with their fields, and the data directory work as on the server's thread.
describe('PGlite on a thread of its own', () => {
  let thread: PGliteOnThread;
  let database: DatabaseHandle;

  beforeAll(async () => {
    thread = await PGliteOnThread.open();
    database = await openDatabase({ pglite: thread.asPGlite() });
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  it('runs drizzle: migrated tables, inserts and selects with their types', async () => {
    const [row] = await database.db.insert(users).values(userRow('threaded')).returning();
    expect(row?.createdAt).toBeInstanceOf(Date);
    const [again] = await database.db
      .select()
      .from(users)
      .where(eq(users.id, row?.id ?? 0));
    expect(again?.username).toBe('threaded');
    expect(again?.createdAt.getTime()).toBe(row?.createdAt.getTime());
  });

  it('refuses a parameter that cannot cross threads, and goes on answering', async () => {
    await expect(thread.query('select $1::text as t', [() => 'no'])).rejects.toThrow();
    expect((await thread.query('select $1::text as t', ['yes'])).rows).toEqual([{ t: 'yes' }]);
  });

  it('keeps a database error’s fields (a unique violation’s code and constraint)', async () => {
    const error = await database.db
      .insert(users)
      .values(userRow('threaded'))
      .then(() => null)
      .catch((caught: unknown) => caught as Error & { cause?: Record<string, unknown> });
    const fields = (error?.cause ?? error) as Record<string, unknown> | null;
    expect(fields?.code).toBe('23505');
    expect(String(fields?.constraint)).toMatch(/username/);
  });

  it('commits a transaction, rolls one back, and holds other statements until it ends', async () => {
    await database.db.transaction(async (tx) => {
      await tx.insert(users).values(userRow('committed'));
    });
    await database.db
      .transaction(async (tx) => {
        await tx.insert(users).values(userRow('rolled_back'));
        throw new Error('changed my mind');
      })
      .catch(() => undefined);
    const names = async () =>
      (await database.db.select({ username: users.username }).from(users)).map((r) => r.username);
    expect(await names()).toContain('committed');
    expect(await names()).not.toContain('rolled_back');

    // A statement sent while a transaction is open waits for it and sees what it committed.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = database.db.transaction(async (tx) => {
      await tx.insert(users).values(userRow('late'));
      await held;
    });
    const outside = database.db.execute(
      sql`select count(*)::int as n from users where username = 'late'`,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await transaction;
    const count = (await outside) as unknown as { rows: { n: number }[] };
    expect(count.rows[0]?.n).toBe(1);
  });

  it('dumps its data directory and refuses statements once closed', async () => {
    const other = await PGliteOnThread.open();
    await other.exec('create table kept (word text); insert into kept values ($$hello$$);');
    const tarball = await other.dumpDataDir('gzip');
    expect(tarball.size).toBeGreaterThan(1000);
    const copy = await PGlite.create({ loadDataDir: tarball });
    expect((await copy.query('select word from kept')).rows).toEqual([{ word: 'hello' }]);
    await copy.close();
    await other.close();
    expect(other.closed).toBe(true);
    await expect(other.query('select 1')).rejects.toThrow(/closed/);
  }, 60_000);
});

describe('the server’s embedded database, on its thread', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'parley-thread-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps what was committed across a restart', async () => {
    const first = await openEmbeddedDatabase(join(dir, 'db'), { thread: true });
    expect(first).toBeInstanceOf(PGliteOnThread);
    await first.exec('create table notes (body text)');
    await first.query('insert into notes values ($1)', ['survives']);
    await first.close();
    const second = await openEmbeddedDatabase(join(dir, 'db'), { thread: true });
    expect((await second.query('select body from notes')).rows).toEqual([{ body: 'survives' }]);
    await second.close();
  }, 120_000);
});
