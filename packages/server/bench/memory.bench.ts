/**
 * Memory and start-up of the built server, run as `pnpm start` runs it (`node dist/main.js`, its
 * own process, the embedded PGlite database in a throwaway DATA_DIR):
 * - time from process start to `GET /readyz` 200 on a new DATA_DIR (initdb and migrations),
 *   on a restart of it, and on a database of 100,000 messages;
 * - resident memory once settled (apertium-apy, a child process when installed, apart);
 * - resident memory with 500 idle authenticated chat sockets, and bytes per socket.
 * Figures and targets only; it never fails on a miss. Build the server first (`pnpm build`).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { chatSocketPath } from '@parley/chat-sdk';
import WebSocket from 'ws';
import { createAccessTokens } from '../src/auth/accessTokens.js';
import { seedBenchDatabase } from './memorySeed.js';

const SERVER_MAIN = fileURLToPath(new URL('../../../dist/main.js', import.meta.url));
const JWT_SECRET = 'memory-bench-secret-of-at-least-32-characters';
const SOCKETS = 500;
const MESSAGES = 100_000;
const MB = 1024 * 1024;

// Targets (issue 24): idle ≤ 250 MB on PGlite. The others are this bench's own yardsticks.
const TARGET_IDLE_MB = 250;
const TARGET_BYTES_PER_SOCKET = 100 * 1024;
const TARGET_READY_EMPTY_MS = 5_000;
const TARGET_READY_100K_MS = 5_000;

interface RunningServer {
  child: ChildProcess;
  port: number;
  /** From spawn to the first 200 of /readyz. */
  readyMs: number;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('port')),
      );
    });
  });
}

/** Resident set of one process, bytes (0 once it has gone). */
function rssOf(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** The direct children of a process (apertium-apy), by pid. */
function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/** Samples the resident set every second until it moves less than 1 MB over 3 s (max 30 s). */
async function settledRss(pid: number): Promise<number> {
  const samples: number[] = [];
  for (let second = 0; second < 30; second++) {
    samples.push(rssOf(pid));
    const last = samples.slice(-4);
    if (last.length === 4 && Math.max(...last) - Math.min(...last) < MB) break;
    await sleep(1000);
  }
  return samples.at(-1) ?? 0;
}

async function startServer(dataDir: string): Promise<RunningServer> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [SERVER_MAIN], {
    env: {
      ...process.env,
      MESSAGE_REQUESTS: 'off',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      JWT_SECRET,
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  for (;;) {
    if (exited) throw new Error('the server exited before it was ready');
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ready) return { child, port, readyMs: performance.now() - started };
    await sleep(20);
  }
}

async function stopServer(server: RunningServer): Promise<void> {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

async function openIdleSockets(port: number, userIds: number[]): Promise<WebSocket[]> {
  const tokens = createAccessTokens(new TextEncoder().encode(JWT_SECRET), 3600);
  const sockets: WebSocket[] = [];
  // In batches: the server rate-limits nothing here, but 500 handshakes at once measure the
  // loopback's backlog rather than the server.
  for (let start = 0; start < userIds.length; start += 50) {
    const batch = userIds.slice(start, start + 50);
    await Promise.all(
      batch.map(async (userId) => {
        const token = await tokens.issue({ userId, username: `idle${userId}` });
        const ws = new WebSocket(`ws://127.0.0.1:${port}${chatSocketPath(userId)}?token=${token}`);
        sockets.push(ws);
        await new Promise<void>((resolve, reject) => {
          ws.once('open', () => resolve());
          ws.once('error', reject);
        });
      }),
    );
  }
  return sockets;
}

const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const verdict = (ok: boolean) => (ok ? 'pass' : 'MISS');

function line(label: string, value: string, target: string, ok: boolean): void {
  console.log(
    `  ${label.padEnd(44)} ${value.padStart(10)}   target ${target.padEnd(10)} ${verdict(ok)}`,
  );
}

async function main(): Promise<void> {
  if (!existsSync(SERVER_MAIN)) {
    throw new Error(`${SERVER_MAIN} is missing: run \`pnpm --filter @parley/server build\` first`);
  }
  const emptyDir = await mkdtemp(join(tmpdir(), 'parley-memory-empty-'));
  const fullDir = await mkdtemp(join(tmpdir(), 'parley-memory-100k-'));
  try {
    console.log(`memory and start-up: node ${process.version}, the built server, PGlite`);

    // A new DATA_DIR: initdb, then every migration.
    const first = await startServer(emptyDir);
    const firstIdle = await settledRss(first.child.pid ?? 0);
    await stopServer(first);
    line('ready, first start (new DATA_DIR)', seconds(first.readyMs), 'info', true);
    line(
      'idle RSS, first start',
      mb(firstIdle),
      `≤ ${TARGET_IDLE_MB} MB`,
      firstIdle <= TARGET_IDLE_MB * MB,
    );

    // The same database with the people the sockets below sign in as (no messages).
    const { userIds } = await seedBenchDatabase(join(emptyDir, 'db'), {
      users: SOCKETS,
      messages: 0,
    });
    const empty = await startServer(emptyDir);
    line(
      'ready, empty database',
      seconds(empty.readyMs),
      `≤ ${seconds(TARGET_READY_EMPTY_MS)}`,
      empty.readyMs <= TARGET_READY_EMPTY_MS,
    );
    const pid = empty.child.pid ?? 0;
    const idle = await settledRss(pid);
    const apy = childrenOf(pid).reduce((sum, child) => sum + rssOf(child), 0);
    line(
      'idle RSS, empty database',
      mb(idle),
      `≤ ${TARGET_IDLE_MB} MB`,
      idle <= TARGET_IDLE_MB * MB,
    );
    if (apy > 0)
      console.log(
        `  ${'apertium-apy beside it (child process)'.padEnd(44)} ${mb(apy).padStart(10)}`,
      );

    // The first chat socket loads the language detector (when a translator is configured):
    // measured apart, so that the per-socket figure is the sockets' own.
    const sockets = await openIdleSockets(empty.port, userIds.slice(0, 1));
    await sleep(2000);
    const afterFirst = await settledRss(pid);
    line('RSS after the first socket (detector loaded)', mb(afterFirst), 'info', true);
    sockets.push(...(await openIdleSockets(empty.port, userIds.slice(1))));
    await sleep(2000);
    const withSockets = await settledRss(pid);
    const open = sockets.filter((ws) => ws.readyState === WebSocket.OPEN).length;
    const perSocket = (withSockets - afterFirst) / (SOCKETS - 1);
    line(
      `RSS with ${open} of ${SOCKETS} idle sockets open`,
      mb(withSockets),
      'info',
      open === SOCKETS,
    );
    line(
      'bytes per idle socket',
      `${Math.round(perSocket / 1024)} kB`,
      `≤ ${TARGET_BYTES_PER_SOCKET / 1024} kB`,
      perSocket <= TARGET_BYTES_PER_SOCKET,
    );
    for (const ws of sockets) ws.terminate();
    await stopServer(empty);

    const seedStarted = performance.now();
    await seedBenchDatabase(join(fullDir, 'db'), { users: 100, messages: MESSAGES });
    console.log(
      `  (${MESSAGES.toLocaleString('en')} messages seeded in ${seconds(performance.now() - seedStarted)})`,
    );
    const full = await startServer(fullDir);
    line(
      `ready, ${MESSAGES.toLocaleString('en')}-message database`,
      seconds(full.readyMs),
      `≤ ${seconds(TARGET_READY_100K_MS)}`,
      full.readyMs <= TARGET_READY_100K_MS,
    );
    const fullIdle = await settledRss(full.child.pid ?? 0);
    line(
      `idle RSS, ${MESSAGES.toLocaleString('en')}-message database`,
      mb(fullIdle),
      `≤ ${TARGET_IDLE_MB} MB`,
      fullIdle <= TARGET_IDLE_MB * MB,
    );
    await stopServer(full);
  } finally {
    await rm(emptyDir, { recursive: true, force: true });
    await rm(fullDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
