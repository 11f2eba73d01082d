import { afterAll } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/database.js';
import { testDatabaseUrl } from './engines.js';
import { scratchDatabase } from './scratchDatabase.js';
import { loadTemplateDatabase } from './testServer.js';

/**
 * The databases a repository test runs on, for `describe.each`: PGlite always and, when
 * PARLEY_TEST_DATABASE_URL is set, a scratch PostgreSQL database (prefixed `prefix`), dropped after
 * the file. Call it at the top of a test file.
 */
export function databaseBackends(
  prefix: string,
): { name: string; open: () => Promise<DatabaseHandle> }[] {
  const adminUrl = testDatabaseUrl();
  const dropped: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const drop of dropped) await drop();
  });
  return [
    { name: 'PGlite', open: async () => openDatabase({ pglite: await loadTemplateDatabase() }) },
    ...(adminUrl
      ? [
          {
            name: 'PostgreSQL',
            open: async () => {
              const scratch = scratchDatabase(adminUrl, prefix);
              dropped.push(scratch.drop);
              return openDatabase({ databaseUrl: await scratch.create() });
            },
          },
        ]
      : []),
  ];
}
