/**
 * Soak: 500 sockets chatting for 60 s with translation on (English and Spanish readers in every
 * room, the stand-in engine), the server in its own process and the clients in load-generator
 * threads of this one (socketBenchCase.ts). Prints delivered/s, p50/p99 send-to-delivery, errors
 * (target 0) and the server's resident memory at start, peak and end. Informational only.
 *
 * BENCH_SOAK_CLIENTS=500 BENCH_SOAK_ROOM_SIZE=20 BENCH_SOAK_RATE=1 BENCH_SOAK_SECONDS=60
 * BENCH_DATABASE_URL=postgres://…/postgres (absent: PGlite)
 */
import { runCase } from './socketBenchCase.js';

function positive(text: string | undefined, fallback: number): number {
  const n = Number(text);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

const CLIENTS = positive(process.env.BENCH_SOAK_CLIENTS, 500);
const ROOM_SIZE = positive(process.env.BENCH_SOAK_ROOM_SIZE, 20);
const RATE = positive(process.env.BENCH_SOAK_RATE, 1);
const SECONDS = positive(process.env.BENCH_SOAK_SECONDS, 60);
const POSTGRES_URL = process.env.BENCH_DATABASE_URL || null;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function main(): Promise<void> {
  console.log(
    `Soak: ${CLIENTS} sockets in rooms of ${ROOM_SIZE}, ${RATE} msg/s each for ${SECONDS} s, ` +
      `translation on, ${POSTGRES_URL ? 'PostgreSQL' : 'PGlite'}; Node ${process.version}`,
  );
  const result = await runCase({
    clients: CLIENTS,
    roomSize: ROOM_SIZE,
    translation: true,
    postgresUrl: POSTGRES_URL,
    rate: RATE,
    seconds: SECONDS,
    loadWorkers: 2,
    serverNodeArgs: [],
  });
  console.log(
    [
      `sent ${result.sent}, delivered ${result.delivered} of ${result.expected}`,
      `delivered/s ${result.deliveredPerSecond.toFixed(0)} (offered ${CLIENTS * RATE * ROOM_SIZE})`,
      `p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, max ${result.max.toFixed(1)} ms`,
      `errors ${result.errors} (target 0: ${result.errors === 0 ? 'pass' : 'miss'})`,
      `server RSS start ${mb(result.rss.start)}, peak ${mb(result.rss.peak)}, end ${mb(result.rss.end)}`,
      `server CPU ${result.cpuMsPer1000.toFixed(0)} ms per 1,000 deliveries`,
    ].join('\n'),
  );
  for (const sample of result.errorSamples) console.log(`  error: ${sample}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
