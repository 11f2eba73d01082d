import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { testDatabaseUrl } from './support/engines.js';

// A PostgreSQL restart, failover or an administrator's pg_terminate_backend breaks the pool's idle
// connections. node-postgres throws such an error when nobody listens, which would end the
// instance; the pool must drop the broken connection, say so, and answer the next query.
const adminUrl = testDatabaseUrl();
const database = `parley_connloss_${process.pid}_${Date.now()}`;

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl ?? undefined });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

describe.skipIf(!adminUrl)('a pooled PostgreSQL connection that breaks while idle', () => {
  afterAll(() => admin(`drop database if exists ${database} with (force)`));

  it('is reported, not thrown, and the next query opens another', async () => {
    await admin(`create database ${database}`);
    const url = new URL(adminUrl ?? '');
    url.pathname = `/${database}`;
    const lost: Error[] = [];
    const handle = await openDatabase({
      databaseUrl: url.toString(),
      onConnectionError: (error) => lost.push(error),
    });
    try {
      const before = await handle.db.execute<{ pid: number }>('select pg_backend_pid() as pid');
      const pid = Number(before.rows[0]?.pid);
      await admin(`select pg_terminate_backend(${pid})`);
      await expect.poll(() => lost.length, { timeout: 10_000 }).toBeGreaterThan(0);
      expect((lost[0] as Error & { code?: string }).code).toBe('57P01');
      const after = await handle.db.execute<{ pid: number }>('select pg_backend_pid() as pid');
      expect(Number(after.rows[0]?.pid)).not.toBe(pid);
    } finally {
      await handle.close();
    }
  });
});
