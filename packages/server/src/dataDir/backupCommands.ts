import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { openEmbeddedDatabase } from '../db/database.js';
import { objectStoreFromEnv } from '../media/store/objectStoreFromEnv.js';
import { dataDirFromEnv } from '../serverEnv.js';
import {
  BackupError,
  type BackupResult,
  describeBackup,
  finishBackup,
  restoreBackup,
  writeBackupFiles,
} from './backup.js';
import { requestBackup } from './controlSocket.js';
import { DataDirLockedError, lockDataDir } from './dataDirLock.js';
import { preparePrivateDir, usePrivateUmask } from './privateFiles.js';

function fail(command: string, line: string): never {
  console.error(`Parley ${command} failed: ${line}`);
  process.exit(1);
}

function explain(command: string, error: unknown): never {
  if (error instanceof BackupError || error instanceof DataDirLockedError) {
    fail(command, error.message);
  }
  throw error;
}

/**
 * `backup <folder>`: writes `parley-backup-<time>/` (database tarball, uploads, JWT secret) into
 * the folder. With the server stopped it opens the database itself; while a server runs on
 * DATA_DIR it asks that server, which dumps its open database between two queries.
 */
export async function backupCommand(args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  usePrivateUmask();
  const [target] = args;
  if (!target) fail('backup', 'name the folder to write the backup into: backup <folder>');
  if (env.DATABASE_URL) {
    fail(
      'backup',
      'DATABASE_URL is set, so the data is in PostgreSQL: back it up with pg_dump and copy ' +
        'DATA_DIR/media (see "Backups" in the README).',
    );
  }
  const dataDir = dataDirFromEnv(env);
  const targetDir = resolve(target);
  if (!existsSync(join(dataDir, 'db', 'PG_VERSION'))) {
    fail('backup', `${dataDir} holds no embedded database to back up.`);
  }

  let result: BackupResult;
  let lock: Awaited<ReturnType<typeof lockDataDir>> | null = null;
  try {
    lock = await lockDataDir(dataDir, { purpose: 'backup' });
  } catch (error) {
    if (!(error instanceof DataDirLockedError) || error.owner?.purpose !== 'server') {
      explain('backup', error);
    }
    try {
      result = await finishBackup(await requestBackup(dataDir, targetDir));
    } catch (requestError) {
      explain('backup', requestError);
    }
    console.log(`Backup written by the running server (process ${error.owner.pid}):`);
    console.log(`  ${result.path}`);
    console.log(`  ${describeBackup(result)}`);
    return;
  }

  try {
    const pglite = await openEmbeddedDatabase(join(dataDir, 'db'));
    try {
      const files = await writeBackupFiles(
        pglite,
        dataDir,
        targetDir,
        objectStoreFromEnv(env, dataDir),
      );
      await pglite.close();
      result = await finishBackup(files);
    } finally {
      if (!pglite.closed) await pglite.close();
    }
  } catch (error) {
    await lock.release();
    explain('backup', error);
  }
  await lock.release();
  console.log('Backup written:');
  console.log(`  ${result.path}`);
  console.log(`  ${describeBackup(result)}`);
}

/** `restore <backup folder> [--force]`: loads a backup into DATA_DIR; the server must be stopped. */
export async function restoreCommand(args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  usePrivateUmask();
  const replace = args.includes('--force');
  const [source] = args.filter((arg) => arg !== '--force');
  if (!source)
    fail('restore', 'name the backup folder to restore: restore <backup folder> [--force]');
  if (env.DATABASE_URL) {
    fail(
      'restore',
      'DATABASE_URL is set, so the data is in PostgreSQL: restore it with pg_restore or psql ' +
        '(see "Backups" in the README).',
    );
  }
  const dataDir = dataDirFromEnv(env);
  const backupDir = resolve(source);

  await preparePrivateDir(dataDir);
  let lock: Awaited<ReturnType<typeof lockDataDir>>;
  try {
    lock = await lockDataDir(dataDir, { purpose: 'restore' });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      fail('restore', `${error.message} A restore needs the server stopped.`);
    }
    throw error;
  }
  try {
    const result = await restoreBackup(backupDir, dataDir, {
      replace,
      objects: objectStoreFromEnv(env, dataDir),
    });
    console.log(`Restored ${backupDir} into ${dataDir}:`);
    console.log(
      `  ${result.users} users, ${result.messages} messages, ${result.mediaFiles} uploaded files`,
    );
    if (result.movedAside) console.log(`  what was there before is in ${result.movedAside}`);
  } catch (error) {
    await lock.release();
    explain('restore', error);
  }
  await lock.release();
}
