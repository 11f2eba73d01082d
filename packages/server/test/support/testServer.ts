import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildServer, type ServerOptions } from '../../src/server.js';
import { NoneTranslator } from '../../src/translation/noneTranslator.js';
import { HttpClient } from './httpClient.js';

export const TEST_JWT_SECRET = 'test-secret-for-parley-server-tests-0123456789';

/**
 * Every test signs up from 127.0.0.1, many accounts a file: the sign-up limit per address is
 * raised (not removed). A test of the production limits passes `limits: {}` (or its own).
 */
export const TEST_LIMITS = { signUpsPerAddressPerHour: 10_000 } as const;

export interface TestServer {
  url: string;
  app: FastifyInstance;
  pglite: PGlite;
  dataDir: string;
  /** A new client with its own cookie jar. */
  client(): HttpClient;
  close(): Promise<void>;
}

/** A copy of the migrated template database, fresh for each caller. */
export async function loadTemplateDatabase(): Promise<PGlite> {
  const tarball = await readFile(inject('pgliteTemplate'));
  return PGlite.create({ loadDataDir: new Blob([tarball]) });
}

/** Starts the real server on 127.0.0.1 with a random port over a copy of the template database. */
export async function startTestServer(
  options: Partial<Omit<ServerOptions, 'pglite'>> = {},
): Promise<TestServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'parley-server-data-'));
  const pglite = await loadTemplateDatabase();
  // No engine unless a test asks for one: most files need no translation and no apertium-apy.
  const app = await buildServer({
    dataDir,
    jwtSecret: TEST_JWT_SECRET,
    ...options,
    limits: options.limits ?? TEST_LIMITS,
    // Strangers chat freely in tests of other features; messageRequests.test.ts turns them on.
    messageRequests: options.messageRequests ?? false,
    translator: options.translator ?? new NoneTranslator(),
    pglite,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const url = `http://127.0.0.1:${address.port}`;
  return {
    url,
    app,
    pglite,
    dataDir,
    client: () => new HttpClient(url),
    async close() {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
