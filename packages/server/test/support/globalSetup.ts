import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
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

/** Newest modification time of any file under `dir`. */
async function newestMtime(dir: string): Promise<number> {
  let newest = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    newest = Math.max(newest, (await stat(join(entry.parentPath, entry.name))).mtimeMs);
  }
  return newest;
}

/**
 * Tests that run the server as a process use `dist/main.js`: build it when the sources (the
 * server's or the sdk's it bundles) are newer, so that they never test a stale build.
 */
async function buildServerWhenStale(packageRoot: string): Promise<void> {
  const main = join(packageRoot, 'dist', 'main.js');
  const built = existsSync(main) ? statSync(main).mtimeMs : 0;
  const sources = Math.max(
    await newestMtime(join(packageRoot, 'src')),
    await newestMtime(join(packageRoot, '..', 'chat-sdk', 'src')),
    await newestMtime(join(packageRoot, 'drizzle')),
  );
  if (sources <= built) return;
  execFileSync(join(packageRoot, 'node_modules', '.bin', 'tsup'), [], {
    cwd: packageRoot,
    stdio: 'inherit',
  });
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
  await buildServerWhenStale(join(migrationsFolder, '..'));
}
