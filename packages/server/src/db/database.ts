import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { narrowPermissions } from '../dataDir/privateFiles.js';
import { findMigrationsFolder } from './migrationsFolder.js';
import * as schema from './schema.js';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface OpenDatabaseOptions {
  /** Directory of the embedded PGlite database; ignored when `databaseUrl` is set. */
  pgliteDir?: string;
  /** `postgres://…`: use a real PostgreSQL through node-postgres instead of PGlite. */
  databaseUrl?: string;
  /** An already open PGlite (tests clone one migrated template); it is closed with the handle. */
  pglite?: PGlite;
  migrationsFolder?: string;
}

export interface DatabaseHandle {
  db: Database;
  close(): Promise<void>;
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
    const db = drizzle(pool, { schema });
    try {
      await migrate(db, { migrationsFolder });
    } catch (error) {
      await pool.end();
      throw error;
    }
    return { db: db as unknown as Database, close: () => pool.end() };
  }

  let client = options.pglite;
  if (!client) {
    if (!options.pgliteDir) throw new Error('openDatabase needs pgliteDir, databaseUrl or pglite');
    mkdirSync(options.pgliteDir, { recursive: true, mode: 0o700 });
    // Durability: no relaxedDurability, so every commit's log record is written to the file
    // before the query resolves (a killed process loses nothing acknowledged). PGlite does not
    // fsync (see the server README): an OS crash or power cut can lose recent commits.
    client = await PGlite.create(options.pgliteDir, { relaxedDurability: false });
    try {
      // initdb sets its files' modes itself (0666), past the umask: make them the owner's only.
      await narrowPermissions(options.pgliteDir);
    } catch (error) {
      await client.close();
      throw error;
    }
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
