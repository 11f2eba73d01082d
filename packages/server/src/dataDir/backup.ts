import { existsSync } from 'node:fs';
import { copyFile, cp, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openEmbeddedDatabase } from '../db/database.js';
import type { ObjectStore } from '../media/store/objectStore.js';
import { copyFolderToObjects, copyObjectsToFolder } from '../media/store/storedObjectCopies.js';

export const BACKUP_FORMAT = 'parley-backup';
export const BACKUP_VERSION = 1;
const DATABASE_FILE = 'database.tar.gz';
const MANIFEST_FILE = 'backup.json';
const SECRET_FILE = 'jwt-secret';
const MEDIA_DIR = 'media';

export interface BackupCounts {
  users: number;
  messages: number;
  mediaFiles: number;
}

export interface BackupManifest extends BackupCounts {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  databaseBytes: number;
  hasJwtSecret: boolean;
}

export interface BackupResult extends BackupManifest {
  path: string;
}

export class BackupError extends Error {
  override name = 'BackupError';
}

async function countRows(pglite: PGlite): Promise<Pick<BackupCounts, 'users' | 'messages'>> {
  const result = await pglite.query<{ users: number; messages: number }>(
    'select (select count(*) from users)::int as users, (select count(*) from messages)::int as messages',
  );
  const row = result.rows[0];
  if (!row) throw new BackupError('could not count the rows of the database');
  return row;
}

async function countFiles(dir: string): Promise<number> {
  if (!existsSync(dir)) return 0;
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).length;
}

function timestamp(date: Date): string {
  return date.toISOString().replace(/[:.]/g, '-');
}

/** A backup's files written but not yet verified: still under its `.partial` name. */
export interface BackupFiles {
  partial: string;
  path: string;
  createdAt: string;
  databaseBytes: number;
  hasJwtSecret: boolean;
}

/**
 * Writes the files of `parley-backup-<time>/` into `targetDir`, under a `.partial` name: the
 * embedded database as PGlite's data-dir tarball (PGlite takes it under its query lock, so it is
 * consistent even while the server serves), then the uploads (from disk, or from the bucket when
 * `objects` is an S3 store) and the JWT secret.
 * `finishBackup` verifies and names it; the running server leaves that to the backup command, so
 * that loading the copy never stalls it.
 */
export async function writeBackupFiles(
  pglite: PGlite,
  dataDir: string,
  targetDir: string,
  objects?: ObjectStore,
): Promise<BackupFiles> {
  const createdAt = new Date();
  const name = `parley-backup-${timestamp(createdAt)}`;
  const path = join(targetDir, name);
  const partial = join(targetDir, `.${name}.partial`);
  await mkdir(targetDir, { recursive: true, mode: 0o700 });
  if (existsSync(path)) throw new BackupError(`${path} already exists`);
  await mkdir(partial, { mode: 0o700 });
  try {
    // A checkpoint first keeps the log in the tarball short, so that loading it is quick.
    await pglite.exec('CHECKPOINT');
    const tarball = Buffer.from(await (await pglite.dumpDataDir('gzip')).arrayBuffer());
    await writeFile(join(partial, DATABASE_FILE), tarball, { mode: 0o600 });

    const media = join(dataDir, MEDIA_DIR);
    if (objects && objects.kind !== 'local') {
      // MEDIA_STORE=s3: the bucket's files land in the backup as a local media/ folder would.
      await copyObjectsToFolder(objects, join(partial, MEDIA_DIR));
    } else if (existsSync(media)) {
      await cp(media, join(partial, MEDIA_DIR), { recursive: true, preserveTimestamps: true });
    }
    const secret = join(dataDir, SECRET_FILE);
    const hasJwtSecret = existsSync(secret);
    if (hasJwtSecret) await copyFile(secret, join(partial, SECRET_FILE));
    return {
      partial,
      path,
      createdAt: createdAt.toISOString(),
      databaseBytes: tarball.byteLength,
      hasJwtSecret,
    };
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Loads the copied database into a throwaway in-memory PGlite (a backup that cannot be loaded is
 * no backup), counts what it holds into `backup.json`, and gives the folder its final name.
 */
export async function finishBackup(files: BackupFiles): Promise<BackupResult> {
  try {
    const tarball = await readFile(join(files.partial, DATABASE_FILE));
    let copy: PGlite;
    try {
      copy = await PGlite.create({ loadDataDir: new Blob([new Uint8Array(tarball)]) });
    } catch (error) {
      throw new BackupError(`the copied database does not load (${(error as Error).message})`);
    }
    let counts: Pick<BackupCounts, 'users' | 'messages'>;
    try {
      counts = await countRows(copy);
    } finally {
      await copy.close();
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: files.createdAt,
      ...counts,
      mediaFiles: await countFiles(join(files.partial, MEDIA_DIR)),
      databaseBytes: files.databaseBytes,
      hasJwtSecret: files.hasJwtSecret,
    };
    await writeFile(join(files.partial, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, {
      mode: 0o600,
    });
    await rename(files.partial, files.path);
    return { ...manifest, path: files.path };
  } catch (error) {
    await rm(files.partial, { recursive: true, force: true });
    throw error;
  }
}

export async function readManifest(backupDir: string): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(join(backupDir, MANIFEST_FILE), 'utf8')) as BackupManifest;
  } catch {
    throw new BackupError(`${backupDir} is not a Parley backup (no readable ${MANIFEST_FILE})`);
  }
  if (manifest.format !== BACKUP_FORMAT || manifest.version !== BACKUP_VERSION) {
    throw new BackupError(`${backupDir} is not a Parley backup of a version this server reads`);
  }
  if (!existsSync(join(backupDir, DATABASE_FILE))) {
    throw new BackupError(`${backupDir} has no ${DATABASE_FILE}`);
  }
  return manifest;
}

/** True when DATA_DIR already holds data a restore would replace. */
export function hasData(dataDir: string): boolean {
  return [join('db', 'PG_VERSION'), MEDIA_DIR, SECRET_FILE].some((name) =>
    existsSync(join(dataDir, name)),
  );
}

export interface RestoreResult extends BackupCounts {
  /** Where the data that was in DATA_DIR went (with `replace`), else null. */
  movedAside: string | null;
}

/**
 * Loads a backup into `dataDir`, whose lock the caller holds. Existing data is never deleted:
 * with `replace` it is moved into `DATA_DIR/replaced-<time>/`, otherwise the restore refuses.
 * The loaded database is opened and counted before the restore reports success.
 */
export async function restoreBackup(
  backupDir: string,
  dataDir: string,
  { replace = false, objects }: { replace?: boolean; objects?: ObjectStore } = {},
): Promise<RestoreResult> {
  const manifest = await readManifest(backupDir);
  let movedAside: string | null = null;
  if (hasData(dataDir)) {
    if (!replace) {
      throw new BackupError(
        `${dataDir} already holds data. Restore into an empty DATA_DIR, or pass --force to move ` +
          'what is there aside (nothing is deleted).',
      );
    }
    movedAside = join(dataDir, `replaced-${timestamp(new Date())}`);
    await mkdir(movedAside, { mode: 0o700 });
    for (const name of ['db', MEDIA_DIR, SECRET_FILE]) {
      if (existsSync(join(dataDir, name)))
        await rename(join(dataDir, name), join(movedAside, name));
    }
  }

  const tarball = await readFile(join(backupDir, DATABASE_FILE));
  const pglite = await openEmbeddedDatabase(join(dataDir, 'db'), {
    loadDataDir: new Blob([new Uint8Array(tarball)]),
  });
  let counts: Pick<BackupCounts, 'users' | 'messages'>;
  try {
    counts = await countRows(pglite);
  } finally {
    await pglite.close();
  }
  if (counts.users !== manifest.users || counts.messages !== manifest.messages) {
    throw new BackupError(
      `the restored database holds ${counts.users} users and ${counts.messages} messages, the ` +
        `backup says ${manifest.users} and ${manifest.messages}`,
    );
  }

  let uploadedFiles: number | null = null;
  if (objects && objects.kind !== 'local') {
    // MEDIA_STORE=s3: the files go into the bucket, not into DATA_DIR.
    uploadedFiles = await copyFolderToObjects(join(backupDir, MEDIA_DIR), objects);
  } else if (existsSync(join(backupDir, MEDIA_DIR))) {
    await cp(join(backupDir, MEDIA_DIR), join(dataDir, MEDIA_DIR), {
      recursive: true,
      preserveTimestamps: true,
    });
  }
  if (existsSync(join(backupDir, SECRET_FILE))) {
    await copyFile(join(backupDir, SECRET_FILE), join(dataDir, SECRET_FILE));
  }
  const mediaFiles = uploadedFiles ?? (await countFiles(join(dataDir, MEDIA_DIR)));
  return { ...counts, mediaFiles, movedAside };
}

export function describeBackup(result: BackupManifest & { path: string }): string {
  return (
    `${basename(result.path)}: ${result.users} users, ${result.messages} messages, ` +
    `${result.mediaFiles} uploaded files, database ${(result.databaseBytes / 1024 / 1024).toFixed(1)} MiB`
  );
}
