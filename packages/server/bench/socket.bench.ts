/**
 * Socket fan-out benchmark, measured from outside the server: for each case a fresh server in its
 * own process (socket-server.js) and clients in load-generator worker threads of this process,
 * rooms of two (private) and of twenty (groups), every client sending at a steady rate. Prints
 * delivered messages per second and the send-to-delivery latency seen by every receiving socket,
 * and the issue-24 target (500 clients in rooms of 20: p99 < 25 ms and ≥ 20,000 deliveries/s) as
 * pass/miss. Informational only: it never fails on a figure.
 *
 * Translation "on" mixes English and Spanish readers in every room and uses a deterministic
 * stand-in engine (benchTranslator.ts); "off" is a same-language chat. PostgreSQL cases run when
 * BENCH_DATABASE_URL (or PARLEY_TEST_DATABASE_URL) names a server where databases may be created.
 *
 * Defaults: 50, 500 and 2,000 clients, rooms of 2 and 20, translation on, PGlite (and PostgreSQL
 * when a URL is set). The whole matrix:
 * BENCH_CLIENTS=50,500,2000 BENCH_ROOM_SIZES=2,20 BENCH_TRANSLATION=off,on
 * BENCH_DATABASES=pglite,postgres BENCH_RATE=2 BENCH_SECONDS=4 BENCH_LOAD_WORKERS=2
 * BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"
 * BENCH_SPEC_CLIENTS=1 (clients connect as a spec client: a frame per delivered receipt)
 * BENCH_TIMELINE=1 (each case's p50/p99 per quarter second of sending)
 * BENCH_WARM_MESSAGES=4 (every client sends 4 messages before the clock: a warm process; by
 *   default one message per room, so the first second shows a freshly started server)
 */
import { cpus } from 'node:os';
import { type BenchCase, type CaseResult, runCase } from './socketBenchCase.js';

function numbers(text: string | undefined, fallback: number[]): number[] {
  const list = (text ?? '')
    .split(',')
    .map(Number)
    .filter((n) => Number.isFinite(n) && n > 0);
  return list.length > 0 ? list : fallback;
}

function words(text: string | undefined, allowed: string[], fallback: string[]): string[] {
  const list = (text ?? '')
    .split(',')
    .map((w) => w.trim())
    .filter((w) => allowed.includes(w));
  return list.length > 0 ? list : fallback;
}

const CLIENT_COUNTS = numbers(process.env.BENCH_CLIENTS, [50, 500, 2000]);
const ROOM_SIZES = numbers(process.env.BENCH_ROOM_SIZES, [2, 20]);
// The default run stays a few minutes long: translation on (the heavier path) unless asked.
const TRANSLATION = words(process.env.BENCH_TRANSLATION, ['off', 'on'], ['on']);
const POSTGRES_URL = process.env.BENCH_DATABASE_URL || process.env.PARLEY_TEST_DATABASE_URL || null;
const DATABASES = words(
  process.env.BENCH_DATABASES,
  ['pglite', 'postgres'],
  POSTGRES_URL ? ['pglite', 'postgres'] : ['pglite'],
);
// Messages per second per client: under the socket's 20 frames/s limit.
const RATE = numbers(process.env.BENCH_RATE, [2])[0] ?? 2;
const SECONDS = numbers(process.env.BENCH_SECONDS, [4])[0] ?? 4;
const LOAD_WORKERS = numbers(process.env.BENCH_LOAD_WORKERS, [2])[0] ?? 2;
const SERVER_NODE_ARGS = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
// Clients connect as the sdk does (grouped delivered receipts) unless they stand in for spec clients.
const SPEC_CLIENTS = process.env.BENCH_SPEC_CLIENTS === '1';
// Each case's latency per quarter second of sending (where a p99 comes from).
const TIMELINE = process.env.BENCH_TIMELINE === '1';
const WARM_MESSAGES = numbers(process.env.BENCH_WARM_MESSAGES, [0])[0] ?? 0;

/** Issue 24's target on loopback, for 500 clients in rooms of 20. */
const TARGET = { clients: 500, roomSize: 20, p99Ms: 25, deliveredPerSecond: 20_000 };

interface Row {
  database: string;
  translation: string;
  roomSize: number;
  result: CaseResult;
}

function verdict(row: Row): string {
  if (row.result.clients !== TARGET.clients || row.roomSize !== TARGET.roomSize) return '';
  const pass =
    row.result.p99 < TARGET.p99Ms &&
    row.result.deliveredPerSecond >= TARGET.deliveredPerSecond &&
    row.result.delivered === row.result.expected;
  return pass ? 'pass' : 'miss';
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

function table(rows: Row[]): string {
  const header = [
    'database',
    'transl.',
    'clients',
    'room',
    'sent',
    'delivered',
    'expected',
    'offered/s',
    'delivered/s',
    'p50 ms',
    'p99 ms',
    'p99 1st s',
    'p99 after',
    'max ms',
    'errors',
    'cpu ms/1k',
    'load cpu',
    'rss MB peak',
    'settle s',
    'target',
  ];
  const lines = rows.map((row) => {
    const r = row.result;
    return [
      row.database,
      row.translation,
      String(r.clients),
      String(row.roomSize),
      String(r.sent),
      String(r.delivered),
      String(r.expected),
      (r.clients * RATE * row.roomSize).toFixed(0),
      r.deliveredPerSecond.toFixed(0),
      r.p50.toFixed(1),
      r.p99.toFixed(1),
      r.p99FirstSecond.toFixed(1),
      r.p99AfterFirstSecond.toFixed(1),
      r.max.toFixed(1),
      String(r.errors),
      r.cpuMsPer1000.toFixed(0),
      r.loadCpuMsPer1000.toFixed(0),
      mb(r.rss.peak),
      (r.settleMs / 1000).toFixed(1),
      verdict(row),
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]?.length ?? 0)));
  const row = (cells: string[]) => cells.map((c, i) => c.padStart(widths[i] ?? 0)).join('  ');
  return [row(header), row(widths.map((w) => '-'.repeat(w))), ...lines.map(row)].join('\n');
}

async function main(): Promise<void> {
  console.log(
    `Socket benchmark: server in its own process, ${LOAD_WORKERS} load-generator threads in ` +
      `another; loopback, ${RATE} msg/s per client for ${SECONDS} s; Node ${process.version}, ` +
      `${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'})`,
  );
  if (!POSTGRES_URL && DATABASES.includes('postgres')) {
    console.log('PostgreSQL cases skipped: set BENCH_DATABASE_URL=postgres://…/postgres');
  }
  const rows: Row[] = [];
  for (const database of DATABASES) {
    if (database === 'postgres' && !POSTGRES_URL) continue;
    for (const clients of CLIENT_COUNTS) {
      for (const roomSize of ROOM_SIZES) {
        if (roomSize > clients) continue;
        for (const translation of TRANSLATION) {
          const benchCase: BenchCase = {
            clients,
            roomSize,
            translation: translation === 'on',
            postgresUrl: database === 'postgres' ? POSTGRES_URL : null,
            rate: RATE,
            seconds: SECONDS,
            loadWorkers: LOAD_WORKERS,
            serverNodeArgs: SERVER_NODE_ARGS,
            specClients: SPEC_CLIENTS,
            warmMessages: WARM_MESSAGES,
          };
          const result = await runCase(benchCase);
          const row = { database, translation, roomSize, result };
          rows.push(row);
          console.log(table([row]).split('\n').slice(2).join('\n'));
          for (const sample of result.errorSamples) console.log(`  error: ${sample}`);
          if (TIMELINE) {
            const quarters = result.timeline.map(
              ([at, p50, p99]) => `${(at / 1000).toFixed(2)}s ${p50.toFixed(0)}/${p99.toFixed(0)}`,
            );
            console.log(`  sent at → p50/p99 ms: ${quarters.join(' · ')}`);
          }
        }
      }
    }
  }
  console.log(`\n${table(rows)}`);
  console.log(
    'Latency: chat_message frame sent → delivered to each member socket (sender echo included); ' +
      'delivered/s from the first send to the last delivery; cpu ms/1k: the server process’s CPU ' +
      'time per 1,000 deliveries (comparable on a busy machine); load cpu: the load generator’s (this ' +
      'process’s) over the same span, which shares the machine’s cores; p99 1st s / after: of the messages ' +
      'sent in the first second of load (each client’s first since it connected) and after it; settle s: how long the server took ' +
      'to go quiet after every client had connected, before the load started. Translation on: English and Spanish ' +
      'readers in every room, deterministic stand-in engine. Before the clock: ' +
      (WARM_MESSAGES > 0
        ? `${WARM_MESSAGES} messages from every client (a warm process). `
        : 'one message per room (a freshly started server). ') +
      'Clients: ' +
      (SPEC_CLIENTS
        ? 'spec clients (a frame per delivered receipt). '
        : 'as the sdk (a sender’s delivered receipts of one turn grouped in one frame). ') +
      'Target (500 clients, rooms of 20): ' +
      `p99 < ${TARGET.p99Ms} ms and ≥ ${TARGET.deliveredPerSecond.toLocaleString('en')} deliveries/s, all delivered.`,
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
