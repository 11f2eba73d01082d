import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHAT_PATHS, type MessageSearchPage, privateRoomName } from '@parley/chat-sdk';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../src/server.js';
import { issueToken } from './support/chatClients.js';
import { testDatabaseUrl } from './support/engines.js';
import { storeSearchableMessage } from './support/messageSearchSeed.js';
import { checkSearchPolish } from './support/searchPolishScenario.js';
import { TEST_JWT_SECRET } from './support/testServer.js';

// The same search on a real PostgreSQL (PARLEY_TEST_DATABASE_URL, see chatFanoutPostgres.test.ts):
// the migration's functions, generated columns and GIN indexes, and the query's stemming and
// highlights, answer as they do on PGlite (messageSearch.test.ts).
const adminUrl = testDatabaseUrl();

describe.skipIf(!adminUrl)('message search on PostgreSQL', () => {
  const database = `parley_search_${process.pid}_${Date.now()}`;
  let dataDir: string;
  let app: FastifyInstance;
  let baseUrl: string;
  let db: pg.Client;

  async function admin(query: string): Promise<void> {
    const client = new pg.Client({ connectionString: adminUrl ?? undefined });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    await admin(`create database ${database}`);
    const url = new URL(adminUrl ?? '');
    url.pathname = `/${database}`;
    dataDir = await mkdtemp(join(tmpdir(), 'parley-search-'));
    app = await buildServer({ dataDir, databaseUrl: url.toString(), jwtSecret: TEST_JWT_SECRET });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    baseUrl = `http://127.0.0.1:${address.port}`;
    db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
  });

  afterAll(async () => {
    await db?.end();
    await app?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    await admin(`drop database if exists ${database} with (force)`);
  });

  it('finds an English message by a Spanish word, stemmed, and marks it; never another room’s', async () => {
    const ids: number[] = [];
    for (const [name, language] of [
      ['se_ana', 'English'],
      ['se_eva', 'Spanish'],
      ['se_zed', 'Spanish'],
    ] as const) {
      const result = await db.query<{ id: number }>(
        `insert into users (username, email, phone, gender, password_hash, language)
         values ($1, $1 || '@example.com', '1', 'OTHER', 'x', $2) returning id`,
        [name, language],
      );
      ids.push(result.rows[0]?.id ?? 0);
    }
    const [ana, eva, zed] = ids as [number, number, number];
    const query = (text: string, params: unknown[]) => db.query(text, params);
    const dogId = await storeSearchableMessage(query, {
      room: privateRoomName(ana, eva),
      senderId: ana,
      text: 'I have a dog',
      language: 'en',
      translations: { es: 'Tengo un perro' },
    });
    await storeSearchableMessage(query, {
      room: privateRoomName(ana, zed),
      senderId: ana,
      text: 'Secret dog',
      language: 'en',
      translations: { es: 'Perro secreto' },
    });
    const token = await issueToken(eva, 'se_eva');
    const answer = await fetch(`${baseUrl}${CHAT_PATHS.search}?q=perros`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.status).toBe(200);
    const page = (await answer.json()) as MessageSearchPage;
    expect(page.results.map((r) => [r.message.id, r.message.message, r.match])).toEqual([
      [
        dogId,
        'Tengo un perro',
        { text: 'Tengo un perro', ranges: [{ start: 9, end: 14 }], in_original: false },
      ],
    ]);
  });

  it('folds accents, finds voice notes by transcript and files by name (search polish)', async () => {
    const users: { id: number; token: string }[] = [];
    for (const [name, language] of [
      ['sp_ana', 'English'],
      ['sp_eva', 'Spanish'],
    ] as const) {
      const result = await db.query<{ id: number }>(
        `insert into users (username, email, phone, gender, password_hash, language)
         values ($1, $1 || '@example.com', '1', 'OTHER', 'x', $2) returning id`,
        [name, language],
      );
      const id = result.rows[0]?.id ?? 0;
      users.push({ id, token: await issueToken(id, name) });
    }
    const [ana, eva] = users as [{ id: number; token: string }, { id: number; token: string }];
    await checkSearchPolish({
      query: (text, params) => db.query(text, params),
      ana,
      eva,
      async search(token, q) {
        const answer = await fetch(`${baseUrl}${CHAT_PATHS.search}?${new URLSearchParams({ q })}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(answer.status).toBe(200);
        return (await answer.json()) as MessageSearchPage;
      },
    });
  });
});
