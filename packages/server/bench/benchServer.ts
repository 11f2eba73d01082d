import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { type AccessTokens, createAccessTokens } from '../src/auth/accessTokens.js';
import { buildServer } from '../src/server.js';

/** The value at percentile `p` (0–100) of ascending `sorted`; NaN when empty. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

export interface BenchUser {
  id: number;
  username: string;
}

export interface BenchServer {
  app: FastifyInstance;
  pglite: PGlite;
  port: number;
  /** Access tokens the server accepts. */
  tokens: AccessTokens;
  /** `count` English-speaking people named `<prefix>1`…, straight into the database. */
  users(prefix: string, count: number): Promise<BenchUser[]>;
  /** Closes the server and removes its data directory. */
  close(): Promise<void>;
}

/** A real server on loopback with an in-memory database and a throwaway data directory. */
export async function startBenchServer(jwtSecret: string): Promise<BenchServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'parley-bench-'));
  const pglite = await PGlite.create();
  const app = await buildServer({ dataDir, jwtSecret, pglite, messageRequests: false });
  const close = async () => {
    try {
      await app.close();
    } finally {
      // Even when closing failed (a backlog past Fastify's timeout), the uploads go.
      await rm(dataDir, { recursive: true, force: true });
    }
  };
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
  } catch (error) {
    await close();
    throw error;
  }
  const address = app.server.address();
  if (!address || typeof address === 'string') {
    await close();
    throw new Error('no port');
  }
  return {
    app,
    pglite,
    port: address.port,
    tokens: createAccessTokens(new TextEncoder().encode(jwtSecret), 3600),
    async users(prefix, count) {
      const { rows } = await pglite.query<BenchUser>(
        `insert into users (username, email, phone, gender, password_hash, language)
         select $1 || n, $1 || n || '@example.com', '1', 'OTHER', 'x', 'English'
         from generate_series(1, $2) as n returning id, username`,
        [prefix, count],
      );
      return rows;
    },
    close,
  };
}
