/**
 * Message search benchmark (issue 25): GET /chatmessage/search/ over 100,000 messages, each with
 * its stored translation (so 200,000 searchable texts), on the embedded database (PGlite, on
 * disk as the server runs it) and, when BENCH_DATABASE_URL names a PostgreSQL server where
 * databases may be created, on PostgreSQL. Prints p50/p95 per query kind and overall, through
 * the real route on loopback (auth, validation, the query, highlights, the reader's texts).
 * Informational only: no thresholds.
 *
 * BENCH_SEARCH_MESSAGES=100000 BENCH_SEARCH_ROUNDS=25 BENCH_DATABASE_URL=postgres://…/postgres
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { CHAT_PATHS, type MessageSearchPage } from '@parley/chat-sdk';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { createAccessTokens } from '../src/auth/accessTokens.js';
import { openDatabase, openEmbeddedDatabase } from '../src/db/database.js';
import { buildServer } from '../src/server.js';
import { percentile } from './benchServer.js';
import { type RunQuery, seedSearchMessages } from './searchSeed.js';

function count(text: string | undefined, fallback: number): number {
  const n = Number(text);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

const MESSAGES = count(process.env.BENCH_SEARCH_MESSAGES, 100_000);
const ROUNDS = count(process.env.BENCH_SEARCH_ROUNDS, 25);
const POSTGRES_URL = process.env.BENCH_DATABASE_URL || null;
const JWT_SECRET = 'search-bench-secret-0123456789-0123456789-0123456789';

/** What a Spanish reader types: common and rare words, as typed (prefixes), two words, a room. */
const QUERIES: { kind: string; q: string; room?: boolean }[] = [
  { kind: 'common word (translation)', q: 'perro' },
  { kind: 'common word (original)', q: 'dog' },
  { kind: 'typing a prefix', q: 'bibl' },
  { kind: 'two words', q: 'gato duerme' },
  { kind: 'rare word', q: 'elefante' },
  { kind: 'no hit', q: 'zanahoria' },
  { kind: 'one room', q: 'perro', room: true },
  { kind: 'next page (cursor)', q: 'tren' },
  // Typed without its accent: found through the folded documents (migration 0021).
  { kind: 'accent folded', q: 'estacion' },
];

interface Target {
  name: string;
  app: FastifyInstance;
  url: string;
  seedSeconds: number;
  readerId: number;
  room: string;
  close(): Promise<void>;
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

// The bench's own searches are many a second: the per-person budget is raised, not removed.
const limits = { messageSearchesPerMinute: 1_000_000 };

async function embedded(): Promise<Target> {
  const dataDir = await mkdtemp(join(tmpdir(), 'parley-search-bench-'));
  const started = performance.now();
  const pglite = await openEmbeddedDatabase(join(dataDir, 'db'));
  const handle = await openDatabase({ pglite });
  const run: RunQuery = (text, params) => pglite.query(text, params);
  const seed = await seedSearchMessages(run, MESSAGES);
  await handle.close();
  const seedSeconds = (performance.now() - started) / 1000;
  const app = await buildServer({ dataDir, jwtSecret: JWT_SECRET, limits, messageRequests: false });
  return {
    name: 'PGlite (embedded)',
    app,
    url: await listen(app),
    seedSeconds,
    readerId: seed.readerId,
    room: seed.readerRooms[0] as string,
    async close() {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function postgres(adminUrl: string): Promise<Target> {
  const database = `parley_search_bench_${process.pid}`;
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${database}`);
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const databaseUrl = url.toString();
  const dataDir = await mkdtemp(join(tmpdir(), 'parley-search-bench-'));
  const started = performance.now();
  const handle = await openDatabase({ databaseUrl });
  await handle.close();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const seed = await seedSearchMessages((text, params) => client.query(text, params), MESSAGES);
  await client.end();
  const seedSeconds = (performance.now() - started) / 1000;
  const app = await buildServer({
    dataDir,
    databaseUrl,
    jwtSecret: JWT_SECRET,
    limits,
    messageRequests: false,
  });
  return {
    name: 'PostgreSQL',
    app,
    url: await listen(app),
    seedSeconds,
    readerId: seed.readerId,
    room: seed.readerRooms[0] as string,
    async close() {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
      await admin(`drop database if exists ${database} with (force)`);
    },
  };
}

async function measure(target: Target): Promise<void> {
  const token = await createAccessTokens(new TextEncoder().encode(JWT_SECRET), 3600).issue({
    userId: target.readerId,
    username: 'seeker0',
  });
  const headers = { authorization: `Bearer ${token}` };
  const get = async (params: URLSearchParams) => {
    const answer = await fetch(`${target.url}${CHAT_PATHS.search}?${params}`, { headers });
    if (answer.status !== 200) throw new Error(`search answered ${answer.status}`);
    return (await answer.json()) as MessageSearchPage;
  };
  const paramsOf = (query: (typeof QUERIES)[number], cursor?: string | null) => {
    const params = new URLSearchParams({ q: query.q });
    if (query.room) params.set('room_name', target.room);
    if (cursor) params.set('cursor', cursor);
    return params;
  };
  // The cursor of each query's first page, for the next-page case; warms the caches too.
  const cursors = new Map<string, string | null>();
  const hits = new Map<string, number>();
  for (const query of QUERIES) {
    const page = await get(paramsOf(query));
    cursors.set(query.kind, page.next_cursor);
    hits.set(query.kind, page.results.length);
  }
  const samples = new Map<string, number[]>(QUERIES.map((query) => [query.kind, []]));
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const query of QUERIES) {
      const cursor = query.kind.startsWith('next page') ? cursors.get(query.kind) : null;
      const started = performance.now();
      await get(paramsOf(query, cursor));
      samples.get(query.kind)?.push(performance.now() - started);
    }
  }
  const all: number[] = [];
  const rows = QUERIES.map((query) => {
    const sorted = [...(samples.get(query.kind) ?? [])].sort((a, b) => a - b);
    all.push(...sorted);
    return {
      query: `${query.kind}: '${query.q}'`,
      'hits on page': hits.get(query.kind),
      'p50 ms': Number(percentile(sorted, 50).toFixed(1)),
      'p95 ms': Number(percentile(sorted, 95).toFixed(1)),
    };
  });
  all.sort((a, b) => a - b);
  rows.push({
    query: 'all queries',
    'hits on page': undefined,
    'p50 ms': Number(percentile(all, 50).toFixed(1)),
    'p95 ms': Number(percentile(all, 95).toFixed(1)),
  });
  console.log(
    `\n${target.name}: ${MESSAGES} messages + ${MESSAGES} stored translations, seeded in ${target.seedSeconds.toFixed(1)} s; ${ROUNDS} rounds`,
  );
  console.table(rows);
}

async function main() {
  console.log(
    `Message search bench — load average ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  const targets: (() => Promise<Target>)[] = [embedded];
  if (POSTGRES_URL) targets.push(() => postgres(POSTGRES_URL));
  else console.log('PostgreSQL case skipped: set BENCH_DATABASE_URL=postgres://…/postgres');
  for (const open of targets) {
    const target = await open();
    try {
      await measure(target);
    } finally {
      await target.close();
    }
  }
  console.log(
    `load average after ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
}

await main();
