import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { privateRoomName } from '@parley/chat-sdk';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../src/server.js';
import { ApertiumTranslator } from '../src/translation/apertiumTranslator.js';
import { ChatClient, type ChatUser, issueToken } from './support/chatClients.js';
import { APERTIUM_START_MS, apertiumAvailable, testDatabaseUrl } from './support/engines.js';
import { TEST_JWT_SECRET } from './support/testServer.js';

// Two instances on one PostgreSQL (PARLEY_TEST_DATABASE_URL, see chatFanoutPostgres.test.ts): a
// translated message too long for NOTIFY is read back on the other instance in the reader's
// language, not as the original. Both guards fail this file in CI when their engine is missing.
const adminUrl = testDatabaseUrl();
const apertiumInstalled = apertiumAvailable();

describe.skipIf(!adminUrl || !apertiumInstalled)('translation across instances', () => {
  const database = `parley_translation_${process.pid}_${Date.now()}`;
  let dataDir: string;
  const servers: { app: FastifyInstance; url: string }[] = [];
  const clients: ChatClient[] = [];
  let ana: ChatUser;
  let eva: ChatUser;

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
    const databaseUrl = url.toString();
    dataDir = await mkdtemp(join(tmpdir(), 'parley-translation-'));
    for (let i = 0; i < 2; i += 1) {
      // The CLI alone: no second apertium-apy for a test about fan-out.
      const app = await buildServer({
        messageRequests: false,
        dataDir,
        databaseUrl,
        jwtSecret: TEST_JWT_SECRET,
        translator: new ApertiumTranslator({ apy: false }),
        translationTimeoutMs: 20_000,
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      if (!address || typeof address === 'string') throw new Error('no port');
      servers.push({ app, url: `ws://127.0.0.1:${address.port}` });
    }
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const users: ChatUser[] = [];
    for (const [name, language] of [
      ['tr_ana', 'English'],
      ['tr_eva', 'Spanish'],
    ] as const) {
      const result = await db.query<{ id: number }>(
        `insert into users (username, email, phone, gender, password_hash, language, subscription_active)
         values ($1, $1 || '@example.com', '1', 'OTHER', 'x', $2, true) returning id`,
        [name, language],
      );
      const id = result.rows[0]?.id ?? 0;
      users.push({ id, username: name, token: await issueToken(id, name) });
    }
    await db.end();
    [ana, eva] = users as [ChatUser, ChatUser];
  }, APERTIUM_START_MS);

  afterAll(async () => {
    for (const client of clients) client.close();
    for (const server of servers) await server.app.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    await admin(`drop database if exists ${database} with (force)`);
  });

  it('reads a long translated message back in the reader’s language', async () => {
    const connect = async (server: number, user: ChatUser) => {
      const client = await ChatClient.connect(
        `${servers[server]?.url}/ws/chat/user_${user.id}/?token=${user.token}`,
      );
      clients.push(client);
      await client.join(privateRoomName(ana.id, eva.id));
      return client;
    };
    const anaOnA = await connect(0, ana);
    const evaOnB = await connect(1, eva);
    const long = 'The dog eats bread in the house. '.repeat(280).trim();
    expect(Buffer.byteLength(long)).toBeGreaterThan(8000);
    anaOnA.send({ type: 'chat_message', client_id: 'long', message: long, sender_id: ana.id });
    const message = await evaOnB.next('chat_message', () => true, 20_000);
    expect(message).toMatchObject({ original_message: long, translated: true });
    expect(message.message).toMatch(/^El perro come pan en la casa\./);
    expect((await anaOnA.next('chat_message')).message).toBe(long);
  }, 30_000);
});
