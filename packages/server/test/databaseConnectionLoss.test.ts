import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { testDatabaseUrl } from './support/engines.js';
import { adminStatement, scratchDatabase } from './support/scratchDatabase.js';

// A PostgreSQL restart, failover or an administrator's pg_terminate_backend breaks the pool's idle
// connections. node-postgres throws such an error when nobody listens, which would end the
// instance; the pool must drop the broken connection, say so, and answer the next query.
const adminUrl = testDatabaseUrl();

describe.skipIf(!adminUrl)('a pooled PostgreSQL connection that breaks while idle', () => {
  const database = scratchDatabase(adminUrl ?? '', 'parley_connloss');
  afterAll(() => database.drop());

  it('is reported, not thrown, and the next query opens another', async () => {
    const lost: Error[] = [];
    const handle = await openDatabase({
      databaseUrl: await database.create(),
      onConnectionError: (error) => lost.push(error),
    });
    // Which server process answers: one pooled connection, idle between the two queries.
    const backend = async () => {
      const result = (await handle.db.execute('select pg_backend_pid() as pid')) as unknown as {
        rows: { pid: number }[];
      };
      return Number(result.rows[0]?.pid);
    };
    try {
      const pid = await backend();
      await adminStatement(adminUrl ?? '', `select pg_terminate_backend(${pid})`);
      await expect.poll(() => lost.length, { timeout: 10_000 }).toBeGreaterThan(0);
      expect((lost[0] as Error & { code?: string }).code).toBe('57P01');
      expect(await backend()).not.toBe(pid);
    } finally {
      await handle.close();
    }
  });
});
