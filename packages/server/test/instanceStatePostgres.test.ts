import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type CallSignal,
  DRIVE_PATHS,
  MEDIA_PATHS,
  PUSH_PATHS,
  privateRoomName,
} from '@parley/chat-sdk';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DRIVE_MESSAGES } from '../src/drive/driveBackup.js';
import { EgressGuard, testOnlyLoopbackAllowance } from '../src/http/egressGuard.js';
import { CompositeSynthesizer } from '../src/media/speech/engines.js';
import { buildServer } from '../src/server.js';
import { NoneTranslator } from '../src/translation/noneTranslator.js';
import { ChatClient, type ChatUser, issueToken } from './support/chatClients.js';
import { testDatabaseUrl } from './support/engines.js';
import { HttpClient } from './support/httpClient.js';
import { fakeMediaEngines, silentWav } from './support/media.js';
import { BrowserSubscription, PushServiceStandIn } from './support/pushStandIn.js';
import { TEST_JWT_SECRET } from './support/testServer.js';

// Issue 28, "no state only one instance knows" (docs/instances.md): two instances sharing one
// real PostgreSQL. The per-person flood budget across instances is proven in limitsPostgres.test.ts.
// Needs PARLEY_TEST_DATABASE_URL (CI's .ci/run starts PostgreSQL, so there it never skips).
const adminUrl = testDatabaseUrl();

describe.skipIf(!adminUrl)('state every instance shares (PostgreSQL)', () => {
  const database = `parley_state_${process.pid}_${Date.now()}`;
  let databaseUrl: string;
  let dataDir: string;
  let pushService: PushServiceStandIn;
  let db: pg.Client;
  const servers: { app: FastifyInstance; ws: string; http: HttpClient }[] = [];
  const clients: ChatClient[] = [];
  let ana: ChatUser;
  let ben: ChatUser;
  /** Speech made by either instance's engine. */
  let spoken = 0;
  const mediaEngines = {
    ...fakeMediaEngines(),
    synthesizer: new CompositeSynthesizer([
      {
        engine: 'counting-tts',
        languages: () => ['en'],
        async synthesize() {
          spoken += 1;
          return silentWav(200);
        },
      },
    ]),
  };

  async function admin(text: string): Promise<void> {
    const client = new pg.Client({ connectionString: adminUrl ?? undefined });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    await admin(`create database ${database}`);
    const url = new URL(adminUrl ?? '');
    url.pathname = `/${database}`;
    databaseUrl = url.toString();
    dataDir = await mkdtemp(join(tmpdir(), 'parley-state-'));
    pushService = await PushServiceStandIn.start();
    for (let i = 0; i < 2; i += 1) {
      const app = await buildServer({
        messageRequests: false,
        dataDir,
        databaseUrl,
        jwtSecret: TEST_JWT_SECRET,
        translator: new NoneTranslator(),
        // The stand-in push service listens on loopback: only the test-only allowance reaches it.
        egress: new EgressGuard({ allowance: testOnlyLoopbackAllowance() }),
        calls: {
          enabled: true,
          iceServers: [],
          turnSecret: null,
          turnTtlSeconds: 600,
          iceTransportPolicy: 'all',
        },
        // Quick heartbeats, so a dead instance is noticed within the test's patience.
        instances: { heartbeatMs: 250, aliveMs: 5_000 },
        mediaEngines,
        // Each new socket leases frames from the shared budget; the flood budget is not under test.
        limits: { burstFrames: 1_000, framesPerSecond: 500 },
        // Drive set up (never reached here): a backup's claim is what is under test.
        drive: {
          clientId: 'state-client',
          clientSecret: 'state-secret',
          issuer: 'http://127.0.0.1:9',
          apiUrl: 'http://127.0.0.1:9',
          folderName: 'Parley',
        },
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      if (!address || typeof address === 'string') throw new Error('no port');
      servers.push({
        app,
        ws: `ws://127.0.0.1:${address.port}`,
        http: new HttpClient(`http://127.0.0.1:${address.port}`),
      });
    }
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const users: ChatUser[] = [];
    for (const name of ['state_ana', 'state_ben']) {
      const result = await db.query<{ id: number }>(
        `insert into users (username, email, phone, gender, password_hash, language)
         values ($1, $1 || '@example.com', '1', 'OTHER', 'x', 'English') returning id`,
        [name],
      );
      const id = result.rows[0]?.id ?? 0;
      users.push({ id, username: name, token: await issueToken(id, name) });
    }
    [ana, ben] = users as [ChatUser, ChatUser];
    // A shared conversation: what lets them call each other.
    await db.query(
      `insert into messages (room, sender_id, message, original_message) values ($1, $2, 'hi', 'hi')`,
      [privateRoomName(ana.id, ben.id), ana.id],
    );
  });

  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
  });

  afterAll(async () => {
    for (const client of clients) client.close();
    for (const server of servers) await server.app.close();
    await db?.end();
    await pushService?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    await admin(`drop database if exists ${database} with (force)`);
  });

  async function connect(server: number, user: ChatUser): Promise<ChatClient> {
    const client = await ChatClient.connect(
      `${servers[server]?.ws}/ws/chat/user_${user.id}/?token=${user.token}`,
    );
    clients.push(client);
    await client.ping();
    return client;
  }

  /** Instances holding a socket of the person, as the database says. */
  async function socketRows(user: ChatUser): Promise<number> {
    const result = await db.query<{ n: number }>(
      'select count(*)::int as n from open_sockets where user_id = $1',
      [user.id],
    );
    return result.rows[0]?.n ?? 0;
  }

  function message(from: ChatUser, to: ChatUser, clientId: string) {
    return {
      type: 'chat_message',
      client_id: clientId,
      message: `hello ${clientId}`,
      sender_id: from.id,
      receiver_id: to.id,
      room_name: privateRoomName(from.id, to.id),
    };
  }

  it('no push for someone connected to the other instance; a push once they are not', async () => {
    const device = new BrowserSubscription(`${pushService.url}/ok/ben-phone`);
    const subscribed = await servers[0]?.http.post(PUSH_PATHS.subscribe, device.toJSON(), {
      token: ben.token,
    });
    expect(subscribed?.status).toBe(204);
    const pushes = () => pushService.received.filter((r) => r.path === '/ok/ben-phone').length;

    const anaOnA = await connect(0, ana);
    const benOnB = await connect(1, ben);
    await expect.poll(() => socketRows(ben)).toBe(1);
    anaOnA.send(message(ana, ben, 'while-on-b'));
    await benOnB.next('chat_message', (f) => f.client_id === 'while-on-b');
    await servers[0]?.app.pushFanout.settled();
    expect(pushes()).toBe(0);

    benOnB.close();
    await expect.poll(() => socketRows(ben)).toBe(0);
    anaOnA.send(message(ana, ben, 'after-leaving'));
    await anaOnA.next('chat_message', (f) => f.client_id === 'after-leaving');
    await expect.poll(pushes).toBe(1);
  });

  it('typing stops for readers on A when the typist’s socket on B closes', async () => {
    const room = privateRoomName(ana.id, ben.id);
    const anaOnA = await connect(0, ana);
    const benOnB = await connect(1, ben);
    await benOnB.join(room);
    benOnB.send({ type: 'typing', is_typing: true, sender_id: ben.id, username: ben.username });
    expect(await anaOnA.next('typing_indicator')).toMatchObject({
      sender_id: ben.id,
      is_typing: true,
    });
    await expect
      .poll(
        async () =>
          (await db.query('select 1 from typing_states where room = $1', [room])).rowCount,
      )
      .toBe(1);
    benOnB.close();
    expect(await anaOnA.next('typing_indicator')).toMatchObject({
      sender_id: ben.id,
      room_name: room,
      is_typing: false,
    });
  });

  it('typing through an instance that died without a word stops once its heartbeat lapses', async () => {
    const room = privateRoomName(ana.id, ben.id);
    const anaOnA = await connect(0, ana);
    // What a SIGKILLed instance leaves behind: its last heartbeat long ago, a typist through it.
    await db.query(
      `insert into server_instances (id, seen_at) values ('killed-instance', now() - interval '1 hour')`,
    );
    await db.query(
      `insert into typing_states (room, user_id, kind, instance_id, username, recipients)
       values ($1, $2, 'typing', 'killed-instance', $3, $4::jsonb)`,
      [room, ben.id, ben.username, JSON.stringify([ana.id])],
    );
    expect(await anaOnA.next('typing_indicator')).toMatchObject({
      sender_id: ben.id,
      room_name: room,
      is_typing: false,
    });
    const left = await db.query(`select 1 from server_instances where id = 'killed-instance'`);
    expect(left.rowCount).toBe(0);
    // Told once, by whichever live instance swept first.
    expect(await anaOnA.unclaimed('typing_indicator', 600)).toEqual([]);
  });

  it('offer through A, answers through B and A, hangup through B: one call, one record', async () => {
    const room = privateRoomName(ana.id, ben.id);
    const anaOnA = await connect(0, ana);
    const benOnB = await connect(1, ben);
    const benOnA = await connect(0, ben);
    const signal = (from: ChatUser, to: ChatUser, s: CallSignal) => ({
      type: 'call_signal',
      from: from.id,
      to: to.id,
      call_type: 'video',
      signal: s,
      user_objects: [{ id: from.id }, { id: to.id }],
    });
    anaOnA.send(signal(ana, ben, { type: 'offer', sdp: 'v=0 offer' }));
    await benOnB.next('call_signal', (f) => f.signal.type === 'offer');
    await benOnA.next('call_signal', (f) => f.signal.type === 'offer');
    // Both of ben's devices pick up at once, one on each instance: one call starts.
    benOnB.send(signal(ben, ana, { type: 'answer', sdp: 'v=0 answer b' }));
    benOnA.send(signal(ben, ana, { type: 'answer', sdp: 'v=0 answer a' }));
    const started = await anaOnA.next('chat_message', (f) => f.call_event?.event === 'started');
    expect(started.call_event).toMatchObject({ event: 'started', call_type: 'video' });
    // …and ben hangs up through B, which never saw the offer.
    benOnB.send(signal(ben, ana, { type: 'hangup', reason: 'ended' }));
    const ended = await benOnB.next('chat_message', (f) => f.call_event?.event === 'ended');
    expect(ended.call_event).toMatchObject({ event: 'ended', call_type: 'video', reason: 'ended' });
    await anaOnA.next('chat_message', (f) => f.call_event?.event === 'ended');

    const records = await db.query<{ event: string }>(
      `select call_event->>'event' as event from messages
       where room = $1 and call_event is not null order by id`,
      [room],
    );
    expect(records.rows.map((row) => row.event)).toEqual(['started', 'ended']);
    expect(await anaOnA.unclaimed('chat_message', 300)).toEqual([]);
    const calls = await db.query('select 1 from active_calls where room = $1', [room]);
    expect(calls.rowCount).toBe(0);
  });

  it('the speech of a message is made once, whichever instance is asked', async () => {
    const anaOnA = await connect(0, ana);
    anaOnA.send(message(ana, ben, 'speak-once'));
    const sent = await anaOnA.next('chat_message', (f) => f.client_id === 'speak-once');
    const path = `${MEDIA_PATHS.speech}?message_id=${sent.id}`;
    const fromA = await servers[0]?.http.get<{ synth_audio_url: string }>(path, {
      token: ben.token,
    });
    expect(fromA?.status, fromA?.text).toBe(200);
    const fromB = await servers[1]?.http.get<{ synth_audio_url: string }>(path, {
      token: ben.token,
    });
    expect(fromB?.status, fromB?.text).toBe(200);
    expect(spoken).toBe(1);
    const file = (answer: typeof fromA) =>
      new URL(String(answer?.body.synth_audio_url), 'http://x').pathname;
    expect(file(fromB)).toBe(file(fromA));
  });

  it('a Drive backup running through one instance is seen by the other', async () => {
    const backup = (server: number) =>
      servers[server]?.http.post<{ detail: string }>(DRIVE_PATHS.backup, undefined, {
        token: ben.token,
      });
    // Not connected to Drive: refused after the claim, which is given back.
    expect((await backup(1))?.body.detail).toBe(DRIVE_MESSAGES.notConnected);
    expect((await backup(0))?.body.detail).toBe(DRIVE_MESSAGES.notConnected);
    // What instance A's running backup holds in the shared store.
    await db.query(
      `insert into rate_limits (kind, subject, count, reset_at)
       values ('drive-backup-running', $1, 1, now() + interval '30 minutes')
       on conflict (kind, subject) do update set count = 1, reset_at = excluded.reset_at`,
      [String(ben.id)],
    );
    const refused = await backup(1);
    expect(refused?.status).toBe(409);
    expect(refused?.body.detail).toBe(DRIVE_MESSAGES.busy);
    const left = await db.query<{ count: number }>(
      `select count from rate_limits where kind = 'drive-backup-running' and subject = $1`,
      [String(ben.id)],
    );
    expect(left.rows[0]?.count).toBe(1);
  });
});
