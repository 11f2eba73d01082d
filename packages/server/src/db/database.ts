import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { narrowPermissions } from '../dataDir/privateFiles.js';
import { initdbInChildProcess, needsInitdb } from './initdbProcess.js';
import { findMigrationsFolder } from './migrationsFolder.js';
import { PGliteOnThread } from './pgliteWorker.js';
import * as schema from './schema.js';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** One round trip to the database (the health check); rejects when it cannot answer. */
export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}

/**
 * PostgreSQL's shared buffers for the embedded database. PGlite keeps the default 128 MB, and
 * Postgres writes every page of it at start, so it was 130 MB of the idle server's resident
 * memory. The database files sit in the OS page cache anyway (PGlite reads through Node's file
 * system), so a smaller pool costs a copy on a miss, not a disk read: 32 MB holds the hot pages
 * of a 100,000-message database (docs/performance.md, "Memory and startup").
 */
export const EMBEDDED_SHARED_BUFFERS = '32MB';

export interface OpenDatabaseOptions {
  /** Directory of the embedded PGlite database; ignored when `databaseUrl` is set. */
  pgliteDir?: string;
  /** `postgres://…`: use a real PostgreSQL through node-postgres instead of PGlite. */
  databaseUrl?: string;
  /** An already open PGlite (tests clone one migrated template); it is closed with the handle. */
  pglite?: PGlite;
  migrationsFolder?: string;
  /**
   * An idle pooled PostgreSQL connection broke (the server restarted or failed over, an admin
   * terminated it): the pool drops it and opens another on the next query. Told here so it is
   * logged; without a listener node-postgres would throw it and end the process.
   */
  onConnectionError?: (error: Error) => void;
}

export interface DatabaseHandle {
  db: Database;
  close(): Promise<void>;
}

/**
 * Opens (or creates) the embedded database in `dir`, private to the server's user.
 *
 * Durability: no relaxedDurability, so every commit's log record has been written to its file
 * before the query resolves and a killed process loses nothing acknowledged. PGlite does not
 * fsync (it starts Postgres with -F, and its Node file system has no fsync), so an OS crash or a
 * power cut can lose recent commits: see "Durability" in the server README.
 */
export async function openEmbeddedDatabase(
  dir: string,
  options: { loadDataDir?: Blob; thread?: boolean } = {},
): Promise<PGlite> {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  // `-c` sets it for this run only: nothing is written into the database's postgresql.conf.
  const settings = ['-c', `shared_buffers=${EMBEDDED_SHARED_BUFFERS}`];
  if (!options.loadDataDir && needsInitdb(dir)) await initdbInChildProcess(dir, settings);
  // The server's database runs on a thread of its own (pgliteWorker.ts); a restore's check, which
  // loads a tarball, opens it here.
  const client =
    options.thread && !options.loadDataDir
      ? (
          await PGliteOnThread.open({
            dataDir: dir,
            relaxedDurability: false,
            extraStartParams: settings,
          })
        ).asPGlite()
      : await PGlite.create(dir, {
          relaxedDurability: false,
          loadDataDir: options.loadDataDir,
          startParams: [...PGlite.defaultStartParams, ...settings],
        });
  try {
    // initdb and tarball loading set file modes themselves (0666), past the umask.
    await narrowPermissions(dir);
  } catch (error) {
    await client.close();
    throw error;
  }
  return client;
}

/**
 * PostgreSQL advisory lock key held while migrating: instances started together (systemd at boot,
 * docs/deploying.md) migrate one after the other, and the later ones find nothing left to apply.
 */
const MIGRATION_LOCK_KEY = 7_021_028_028;

async function migrateOnce(
  pool: { connect(): Promise<{ query(text: string): Promise<unknown>; release(): void }> },
  run: () => Promise<void>,
): Promise<void> {
  const lock = await pool.connect();
  try {
    await lock.query(`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`);
    await run();
  } finally {
    await lock.query(`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`).catch(() => undefined);
    lock.release();
  }
}

/** Opens the database and applies the committed migrations before anything else touches it. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const migrationsFolder = options.migrationsFolder ?? findMigrationsFolder();

  if (options.databaseUrl && !options.pglite) {
    // node-postgres is loaded only when asked for, so the default start stays lean.
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.Pool({ connectionString: options.databaseUrl });
    pool.on('error', (error) => {
      if (options.onConnectionError) options.onConnectionError(error);
      else console.warn('[parley] database connection lost; the next query opens another', error);
    });
    const db = drizzle(pool, { schema });
    try {
      await migrateOnce(pool, () => migrate(db, { migrationsFolder }));
    } catch (error) {
      await pool.end();
      throw error;
    }
    return { db: db as unknown as Database, close: () => pool.end() };
  }

  let client = options.pglite;
  if (!client) {
    if (!options.pgliteDir) throw new Error('openDatabase needs pgliteDir, databaseUrl or pglite');
    client = await openEmbeddedDatabase(options.pgliteDir);
  }
  const db = drizzlePglite(client, { schema });
  const pglite = client;
  try {
    await migratePglite(db, { migrationsFolder });
  } catch (error) {
    await pglite.close();
    throw error;
  }
  return {
    db: db as unknown as Database,
    close: async () => {
      if (!pglite.closed) await pglite.close();
    },
  };
}
