import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
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

/** Migrates one database for the whole run: a fresh initdb costs seconds, loading a dump far less. */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'parley-server-test-'));
  const pglite = await PGlite.create();
  await migrate(drizzle(pglite), { migrationsFolder: findMigrationsFolder() });
  const dump = await pglite.dumpDataDir('none');
  await pglite.close();
  const file = join(dir, 'template.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
