import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { privateRoomName } from '@parley/chat-sdk';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildServer } from '../src/server.js';
import { NoneTranslator } from '../src/translation/noneTranslator.js';
import { registration } from './support/accounts.js';
import { ChatClient, type ChatUser, issueToken } from './support/chatClients.js';
import { testDatabaseUrl } from './support/engines.js';
import { HttpClient } from './support/httpClient.js';
import { TEST_JWT_SECRET } from './support/testServer.js';

// Needs a real PostgreSQL: PARLEY_TEST_DATABASE_URL=postgres://user@host:port/postgres. The test
// creates and drops its own database there. CI (.ci/run) starts one, so there it never skips.
const adminUrl = testDatabaseUrl();

describe.skipIf(!adminUrl)('limits shared by two server instances (PostgreSQL)', () => {
  const database = `parley_limits_${process.pid}_${Date.now()}`;
  let databaseUrl: string;
  let dataDir: string;
  const servers: { app: FastifyInstance; url: string }[] = [];
  const clients: ChatClient[] = [];
  let flooder: ChatUser;
  let receiver: ChatUser;

  async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: adminUrl ?? undefined });
    await client.connect();
    try {
      return await run(client);
    } finally {
      await client.end();
    }
  }

  async function query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      return (await db.query<T>(text, values)).rows;
    } finally {
      await db.end();
    }
  }

  beforeAll(async () => {
    await admin((c) => c.query(`create database ${database}`));
    const url = new URL(adminUrl ?? '');
    url.pathname = `/${database}`;
    databaseUrl = url.toString();
    dataDir = await mkdtemp(join(tmpdir(), 'parley-limits-'));
    for (let i = 0; i < 2; i += 1) {
      const app = await buildServer({
        messageRequests: false,
        dataDir,
        databaseUrl,
        jwtSecret: TEST_JWT_SECRET,
        translator: new NoneTranslator(),
        // All 60 sockets stay open: the frame budget is under test, not the socket cap.
        limits: { socketsPerPerson: 60 },
        chatSocket: { floodCloseAfterMs: 60_000 },
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      if (!address || typeof address === 'string') throw new Error('no port');
      servers.push({ app, url: `127.0.0.1:${address.port}` });
    }
    const users: ChatUser[] = [];
    for (const name of ['limits_flooder', 'limits_receiver']) {
      const [row] = await query<{ id: number }>(
        `insert into users (username, email, phone, gender, password_hash, language)
         values ($1, $1 || '@example.com', '1', 'OTHER', 'x', 'English') returning id`,
        [name],
      );
      const id = row?.id ?? 0;
      users.push({ id, username: name, token: await issueToken(id, name) });
    }
    [flooder, receiver] = users as [ChatUser, ChatUser];
  });

  afterAll(async () => {
    for (const client of clients) client.close();
    for (const server of servers) await server.app.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    await admin((c) => c.query(`drop database if exists ${database} with (force)`));
  });

  it('one account on 30 sockets per instance, 40 frames each: one budget for both instances', async () => {
    const room = privateRoomName(flooder.id, receiver.id);
    const sockets: ChatClient[] = [];
    for (let i = 0; i < 60; i += 1) {
      const base = servers[i % 2]?.url ?? '';
      const client = await ChatClient.connect(
        `ws://${base}/ws/chat/user_${flooder.id}/?token=${flooder.token}`,
      );
      clients.push(client);
      sockets.push(client);
      // Joining spends the budget too: a refused join is sent again.
      await vi.waitFor(
        async () => {
          client.send({ type: 'join_room', room_name: room });
          await client.next('chat_history', (f) => f.room_name === room, 1_000);
        },
        { timeout: 30_000, interval: 100 },
      );
    }
    for (const client of sockets) client.frames.length = 0;

    const startedAt = Date.now();
    sockets.forEach((client, s) => {
      for (let i = 0; i < 40; i += 1) {
        client.send({
          type: 'chat_message',
          client_id: `s${s}-${i}`,
          message: `flood ${s} ${i}`,
          sender_id: flooder.id,
        });
      }
    });
    const refused = () =>
      sockets.reduce(
        (n, c) =>
          n + c.frames.filter((f) => f.type === 'error' && f.code === 'rate_limited').length,
        0,
      );
    const stored = async () =>
      (
        await query<{ n: number }>('select count(*)::int as n from messages where room = $1', [
          room,
        ])
      )[0]?.n ?? 0;
    await vi.waitFor(async () => expect(refused() + (await stored())).toBe(60 * 40), {
      timeout: 90_000,
      interval: 250,
    });
    const elapsed = Date.now() - startedAt;
    // 2 s windows of 40 frames; each instance may hold a lease of 10 it has not spent yet.
    const budget = (Math.ceil(elapsed / 2_000) + 1) * 40;
    const count = await stored();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(budget);
    expect(count).toBeLessThan(600);
  });

  it('guesses at one account are counted together on both instances', async () => {
    const payload = registration();
    const on = (i: number) => new HttpClient(`http://${servers[i]?.url}`);
    const first = on(0);
    await first.csrf();
    expect((await first.post('/accounts/register/', payload, { csrf: true })).status).toBe(201);
    const login = async (client: HttpClient, username: string, password: string) => {
      if (!client.cookies.has('csrftoken')) await client.csrf();
      return client.post('/accounts/login/', { username, password }, { csrf: true });
    };
    for (let i = 0; i < 10; i += 1) {
      const response = await login(on(i % 2), i % 2 ? payload.email : payload.username, 'wrong');
      expect(response.status).toBe(401);
    }
    const refused = await login(on(1), payload.username, payload.password);
    expect(refused.status).toBe(429);
    const rows = await query<{ count: number }>(
      `select count from rate_limits where kind = 'sign-ins-account'`,
    );
    expect(rows).toEqual([{ count: 11 }]);
  });

  it('60 uploads a minute per person, counted on both instances together', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 61; i += 1) {
      const form = new FormData();
      form.append('sender_id', String(flooder.id));
      form.append('receiver_id', String(receiver.id));
      form.append('file', new Blob([`note ${i}`], { type: 'text/plain' }), `n${i}.txt`);
      const response = await fetch(`http://${servers[i % 2]?.url}/chatmessage/upload-file/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${flooder.token}` },
        body: form,
      });
      await response.arrayBuffer();
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 60).every((s) => s === 201)).toBe(true);
    expect(statuses[60]).toBe(429);
  });
});
