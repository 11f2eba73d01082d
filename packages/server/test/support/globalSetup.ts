import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { TestProject } from 'vitest/node';
import { findMigrationsFolder } from '../../src/db/migrationsFolder.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tarball of a migrated, empty PGlite data directory; each test file loads its own copy. */
    pgliteTemplate: string;
  }
}

/** Changes whenever a migration or the PGlite version does, so a stale template is never used. */
async function templateKey(migrationsFolder: string): Promise<string> {
  const hash = createHash('sha256');
  // Its package.json is not exported, so read it from the package's own node_modules.
  const pglitePackage = join(
    migrationsFolder,
    '..',
    'node_modules',
    '@electric-sql',
    'pglite',
    'package.json',
  );
  hash.update(await readFile(pglitePackage));
  for (const name of (await readdir(migrationsFolder)).filter((n) => n.endsWith('.sql')).sort()) {
    hash.update(name).update(await readFile(join(migrationsFolder, name)));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * Migrates one database for the whole run (a fresh initdb costs seconds, loading a dump far
 * less) and keeps it in node_modules/.cache until the migrations change.
 */
export default async function setup(project: TestProject) {
  const migrationsFolder = findMigrationsFolder();
  const cacheDir = join(migrationsFolder, '..', 'node_modules', '.cache', 'pglite-template');
  const file = join(cacheDir, `template-${await templateKey(migrationsFolder)}.tar`);
  if (!existsSync(file)) {
    const pglite = await PGlite.create();
    await migrate(drizzle(pglite), { migrationsFolder });
    const dump = await pglite.dumpDataDir('none');
    await pglite.close();
    await mkdir(cacheDir, { recursive: true });
    // Write then rename, so a concurrent run never reads half a file.
    const partial = `${file}.${process.pid}.tmp`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
  }
  project.provide('pgliteTemplate', file);
}
