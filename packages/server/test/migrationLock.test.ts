import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { testDatabaseUrl } from './support/engines.js';
import { scratchDatabase } from './support/scratchDatabase.js';

// Issue 28: instances that start together on a database the new version has not migrated (systemd
// starting every unit at boot) apply each migration once, one instance after the other.
const adminUrl = testDatabaseUrl();

describe.skipIf(!adminUrl)('migrations with several instances starting at once', () => {
  const database = scratchDatabase(adminUrl ?? '', 'parley_migrate');
  afterAll(() => database.drop());

  it('are applied once, and every instance opens the migrated database', async () => {
    const url = await database.create();
    const handles = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: url })));
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const applied = await client.query<{ hash: string; count: string }>(
        'select hash, count(*) from drizzle.__drizzle_migrations group by hash',
      );
      expect(applied.rows.length).toBeGreaterThan(20);
      expect(applied.rows.every((row) => Number(row.count) === 1)).toBe(true);
    } finally {
      await client.end();
      for (const handle of handles) await handle.close();
    }
  });
});
