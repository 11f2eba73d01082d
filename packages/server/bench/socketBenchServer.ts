/**
 * The server side of the socket benchmark, in its own process (socket.bench.ts forks it): a real
 * server on loopback over PGlite (in memory) or PostgreSQL, seeded with the case's people and
 * rooms. It answers its parent over IPC: `ready` with the port and every client's token and room,
 * then `rss` on request, and exits on `stop`. Nothing of the load runs here.
 *
 * Environment (set by the parent): BENCH_CLIENTS, BENCH_ROOM_SIZE, BENCH_TRANSLATION (on|off),
 * BENCH_DATABASE_URL (absent: PGlite, on its own thread as the server runs it; BENCH_PGLITE_THREAD=0
 * on the server's thread), BENCH_JWT_SECRET.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { groupRoomName, privateRoomName } from '@parley/chat-sdk';
import pg from 'pg';
import { createAccessTokens } from '../src/auth/accessTokens.js';
import { PGliteOnThread } from '../src/db/pgliteWorker.js';
import { buildServer } from '../src/server.js';
import { NoneTranslator } from '../src/translation/noneTranslator.js';
import { benchStandInTranslator } from './benchTranslator.js';
import type { BenchClient, ServerMessage } from './socketBenchProtocol.js';

const clientCount = Number(process.env.BENCH_CLIENTS);
const roomSize = Number(process.env.BENCH_ROOM_SIZE);
const translation = process.env.BENCH_TRANSLATION === 'on';
const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
const jwtSecret = process.env.BENCH_JWT_SECRET ?? '';

type Query = <T>(text: string, params: unknown[]) => Promise<T[]>;

function send(message: ServerMessage): void {
  process.send?.(message);
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'parley-socket-bench-'));
  // PGlite on its own thread, as the server runs it (BENCH_PGLITE_THREAD=0: on the server's).
  const pglite = databaseUrl
    ? undefined
    : process.env.BENCH_PGLITE_THREAD === '0'
      ? await PGlite.create()
      : (await PGliteOnThread.open()).asPGlite();
  const app = await buildServer({
    // The bench's people already talk: message requests would refuse a stranger's 4th message.
    messageRequests: false,
    dataDir,
    jwtSecret,
    pglite,
    databaseUrl,
    // "On": a deterministic stand-in engine, so the figures measure the server, not Apertium.
    translator: translation ? benchStandInTranslator() : new NoneTranslator(),
    // Every client is on 127.0.0.1: the per-person limits still hold, none per address is hit.
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');

  let pool: pg.Client | null = null;
  let query: Query;
  if (pglite) {
    query = async (text, params) => (await pglite.query(text, params)).rows as never;
  } else {
    pool = new pg.Client({ connectionString: databaseUrl });
    await pool.connect();
    const client = pool;
    query = async (text, params) => (await client.query(text, params)).rows as never;
  }

  // Translation on: every room mixes English and Spanish readers (alternating); off: all English.
  // Lifetime accounts, so the Free plan's daily limit never turns translation off mid-run.
  const people = await query<{ id: number; username: string; language: string }>(
    `insert into users (username, email, phone, gender, password_hash, language, is_lifetime)
     select 'bench' || n, 'bench' || n || '@example.com', '1', 'OTHER', 'x',
            case when $2 and n % 2 = 0 then 'Spanish' else 'English' end, true
     from generate_series(1, $1::int) as n returning id, username, language`,
    [clientCount, translation],
  );
  const tokens = createAccessTokens(new TextEncoder().encode(jwtSecret), 3600);
  const clients: BenchClient[] = [];
  for (let start = 0; start + 1 < people.length; start += roomSize) {
    const members = people.slice(start, start + roomSize);
    let room: string;
    if (roomSize === 2) {
      room = privateRoomName(members[0]?.id ?? 0, members[1]?.id ?? 0);
    } else {
      const name = `Bench Room ${start / roomSize}`;
      const [group] = await query<{ id: number }>(
        'insert into groups (name, slug) values ($1, $2) returning id',
        [name, groupRoomName(name)],
      );
      await query('insert into group_members (group_id, user_id) select $1, unnest($2::int[])', [
        group?.id,
        members.map((m) => m.id),
      ]);
      room = groupRoomName(name);
    }
    for (const member of members) {
      clients.push({
        id: member.id,
        token: await tokens.issue({ userId: member.id, username: member.username }),
        room,
        roomSize: members.length,
        spanish: member.language === 'Spanish',
      });
    }
  }
  await pool?.end();

  process.on('message', (message: { type: string }) => {
    if (message.type === 'rss') {
      const cpu = process.cpuUsage();
      send({ type: 'rss', rss: process.memoryUsage().rss, cpuMicros: cpu.user + cpu.system });
    }
    if (message.type === 'stop') {
      void app
        .close()
        .finally(() => rm(dataDir, { recursive: true, force: true }))
        .finally(() => process.exit(0));
    }
  });
  send({ type: 'ready', port: address.port, clients, rss: process.memoryUsage().rss });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
