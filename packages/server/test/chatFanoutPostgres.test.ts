import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { privateRoomName, SOCKET_CLOSE_CODES } from '@parley/chat-sdk';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../src/server.js';
import { NoneTranslator } from '../src/translation/noneTranslator.js';
import { registerUser } from './support/accounts.js';
import { ChatClient, type ChatUser, issueToken } from './support/chatClients.js';
import { testDatabaseUrl } from './support/engines.js';
import { HttpClient } from './support/httpClient.js';
import { TEST_JWT_SECRET } from './support/testServer.js';

// Needs a real PostgreSQL: PARLEY_TEST_DATABASE_URL=postgres://user@host:port/postgres. The test
// creates and drops its own database there. CI (.ci/run) starts one, so there it never skips.
const adminUrl = testDatabaseUrl();

describe.skipIf(!adminUrl)(
  'two server instances sharing PostgreSQL (LISTEN/NOTIFY fan-out)',
  () => {
    const database = `parley_fanout_${process.pid}_${Date.now()}`;
    let databaseUrl: string;
    let dataDir: string;
    const servers: { app: FastifyInstance; url: string }[] = [];
    const clients: ChatClient[] = [];
    let ana: ChatUser;
    let ben: ChatUser;

    async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
      const client = new pg.Client({ connectionString: adminUrl ?? undefined });
      await client.connect();
      try {
        return await run(client);
      } finally {
        await client.end();
      }
    }

    beforeAll(async () => {
      await admin((c) => c.query(`create database ${database}`));
      const url = new URL(adminUrl ?? '');
      url.pathname = `/${database}`;
      databaseUrl = url.toString();
      dataDir = await mkdtemp(join(tmpdir(), 'parley-fanout-'));
      for (let i = 0; i < 2; i += 1) {
        // Fan-out is under test, not translation: no engine process per instance.
        const app = await buildServer({
          messageRequests: false,
          dataDir,
          databaseUrl,
          jwtSecret: TEST_JWT_SECRET,
          translator: new NoneTranslator(),
        });
        await app.listen({ port: 0, host: '127.0.0.1' });
        const address = app.server.address();
        if (!address || typeof address === 'string') throw new Error('no port');
        servers.push({ app, url: `ws://127.0.0.1:${address.port}` });
      }
      const db = new pg.Client({ connectionString: databaseUrl });
      await db.connect();
      const users: ChatUser[] = [];
      for (const name of ['fanout_ana', 'fanout_ben']) {
        const result = await db.query<{ id: number }>(
          `insert into users (username, email, phone, gender, password_hash, language)
         values ($1, $1 || '@example.com', '1', 'OTHER', 'x', 'English') returning id`,
          [name],
        );
        const id = result.rows[0]?.id ?? 0;
        users.push({ id, username: name, token: await issueToken(id, name) });
      }
      await db.end();
      [ana, ben] = users as [ChatUser, ChatUser];
    });

    afterAll(async () => {
      for (const client of clients) client.close();
      for (const server of servers) await server.app.close();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
      await admin((c) => c.query(`drop database if exists ${database} with (force)`));
    });

    async function connect(server: number, user: ChatUser): Promise<ChatClient> {
      const base = servers[server]?.url ?? '';
      const client = await ChatClient.connect(
        `${base}/ws/chat/user_${user.id}/?token=${user.token}`,
      );
      clients.push(client);
      return client;
    }

    it('delivers messages, long messages and typing across instances', async () => {
      const room = privateRoomName(ana.id, ben.id);
      const anaOnA = await connect(0, ana);
      const benOnB = await connect(1, ben);
      const anaOnB = await connect(1, ana);
      await anaOnA.join(room);
      await benOnB.join(room);

      anaOnA.send({ type: 'chat_message', client_id: 'x1', message: 'across', sender_id: ana.id });
      expect((await benOnB.next('chat_message')).message).toBe('across');
      expect((await anaOnB.next('chat_message')).message).toBe('across');
      expect((await anaOnA.next('chat_message')).message).toBe('across');

      // Too long for one NOTIFY payload: travels as an id and is read back on the other side.
      const long = 'é'.repeat(9000);
      anaOnA.send({ type: 'chat_message', client_id: 'x2', message: long, sender_id: ana.id });
      anaOnA.send({ type: 'chat_message', client_id: 'x3', message: 'after', sender_id: ana.id });
      expect((await benOnB.next('chat_message')).message).toBe(long);
      expect((await benOnB.next('chat_message')).message).toBe('after');

      benOnB.send({ type: 'typing', is_typing: true, sender_id: ben.id, username: ben.username });
      expect(await anaOnA.next('typing_indicator')).toMatchObject({
        sender_id: ben.id,
        is_typing: true,
      });
      expect(await anaOnB.unclaimed('chat_message', 100)).toHaveLength(2);
    });

    it('delivers live voice chunks too large for one NOTIFY payload, in order', async () => {
      const anaOnA = await connect(0, ana);
      const benOnB = await connect(1, ben);
      anaOnA.send({
        type: 'chunk_init',
        from: ana.id,
        mime_type: 'audio/webm;codecs=opus',
        receiver_id: ben.id,
        user_objects: [{ id: ana.id }, { id: ben.id }],
      });
      // Base64 makes 12 000 bytes about 16 000 characters: the event is spilled and read back.
      const big = Buffer.alloc(12_000, 7);
      const small = Buffer.alloc(3_500, 9);
      anaOnA.ws.send(big);
      anaOnA.ws.send(small);
      const first = await benOnB.next('voice_chunk', (f) => f.seq === 0);
      const second = await benOnB.next('voice_chunk', (f) => f.seq === 1);
      expect(Buffer.from(String(first.original_blob), 'base64')).toEqual(big);
      expect(Buffer.from(String(second.original_blob), 'base64')).toEqual(small);
    });

    it('logout on one instance closes the session’s socket on the other', async () => {
      const apiOnA = new HttpClient(servers[0]?.url.replace(/^ws/, 'http') ?? '');
      const apiOnB = new HttpClient(servers[1]?.url.replace(/^ws/, 'http') ?? '');
      const carla = await registerUser(apiOnA);
      const carlaOnB = await connect(1, {
        id: carla.user_id,
        username: carla.user_name,
        token: carla.access_token,
      });
      await carlaOnB.ping();

      expect((await apiOnA.post('/accounts/logout/', undefined, { csrf: true })).status).toBe(204);

      expect(await carlaOnB.closed).toEqual({
        code: SOCKET_CLOSE_CODES.signedOut,
        reason: 'signed out',
      });
      expect((await apiOnB.get('/accounts/me/', { token: carla.access_token })).status).toBe(401);
    });
  },
);
