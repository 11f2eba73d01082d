/**
 * One case of the socket benchmark: forks the server (socket-server.js, its own process), hands
 * its clients, room by room, to load workers (worker threads of this process), starts them all
 * at once and merges what they measured, sampling the server's resident memory throughout.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { percentile } from './benchServer.js';
import type {
  BenchClient,
  LoadJob,
  LoadResult,
  ServerMessage,
  WorkerMessage,
} from './socketBenchProtocol.js';

const JWT_SECRET = 'parley-socket-benchmark-secret-0123456789abcdef';
const RSS_SAMPLE_MS = 250;
const DRAIN_MS = 10_000;
const STOP_GRACE_MS = 10_000;

export interface BenchCase {
  clients: number;
  roomSize: number;
  translation: boolean;
  /** Null: PGlite in the server process; otherwise an admin URL where a database is made. */
  postgresUrl: string | null;
  rate: number;
  seconds: number;
  loadWorkers: number;
  /** Extra node flags for the server process (e.g. --cpu-prof). */
  serverNodeArgs: string[];
  /** Clients connect as a spec client, not as the sdk (no grouped delivered receipts). */
  specClients?: boolean;
  /** Messages every client sends before the clock (LoadJob.warmMessages); 0 by default. */
  warmMessages?: number;
  /**
   * Issue 28: more instances on the same PostgreSQL (they seed nobody) and a balancer in front of
   * them all (balancer.bench.ts); sockets then connect through it. CPU is the first instance's.
   */
  balancer?: {
    extraInstances: number;
    start(ports: number[]): Promise<{ socketBase: string; close(): Promise<void> }>;
  };
}

export interface CaseResult {
  clients: number;
  sent: number;
  expected: number;
  delivered: number;
  /** Deliveries per second from the first send to the last delivery. */
  deliveredPerSecond: number;
  p50: number;
  p99: number;
  /**
   * The p99 of messages sent in the first second of load, and of those sent after it: the first
   * second carries every client's first message since connecting, the rest is the steady state.
   */
  p99FirstSecond: number;
  p99AfterFirstSecond: number;
  /** Per quarter second of sending: [start ms, p50, p99] of the messages sent in it. */
  timeline: [number, number, number][];
  max: number;
  errors: number;
  errorSamples: string[];
  rss: { start: number; peak: number; end: number };
  /**
   * The server's CPU time per 1,000 deliveries, from the first send to the end: what a change to
   * the delivery path saves, readable even on a shared machine where latency is not.
   */
  cpuMsPer1000: number;
  /**
   * The load generator's CPU time (this process: its worker threads and the rest) per 1,000
   * deliveries over the same span: what the server's cores lose to the load on this machine.
   */
  loadCpuMsPer1000: number;
  /** How long the server took to go quiet after every client was connected (before the load). */
  settleMs: number;
}

const QUARTER_MS = 250;

/** The latencies split by when their message was sent: the first second, after it, each quarter. */
function byPhase(results: LoadResult[], first: number) {
  const firstSecond: number[] = [];
  const after: number[] = [];
  const quarters = new Map<number, number[]>();
  for (const result of results) {
    for (let i = 0; i < result.latencies.length; i += 1) {
      const latency = result.latencies[i] ?? 0;
      const since = (result.sentAt[i] ?? first) - first;
      (since < 1000 ? firstSecond : after).push(latency);
      const quarter = Math.floor(since / QUARTER_MS);
      const list = quarters.get(quarter) ?? [];
      list.push(latency);
      quarters.set(quarter, list);
    }
  }
  const sortedCopy = (list: number[]) => list.sort((a, b) => a - b);
  return {
    p99FirstSecond: percentile(sortedCopy(firstSecond), 99),
    p99AfterFirstSecond: percentile(sortedCopy(after), 99),
    timeline: [...quarters]
      .sort((a, b) => a[0] - b[0])
      .map(([quarter, list]): [number, number, number] => {
        const sorted = sortedCopy(list);
        return [quarter * QUARTER_MS, percentile(sorted, 50), percentile(sorted, 99)];
      }),
  };
}

async function withAdmin<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

let databaseCounter = 0;

/** Round-robin by room, so a message's sender and readers are timed by the same worker. */
function splitByRoom(clients: BenchClient[], parts: number): BenchClient[][] {
  const rooms = [...new Set(clients.map((c) => c.room))];
  const part = new Map(rooms.map((room, index) => [room, index % parts]));
  const groups: BenchClient[][] = Array.from({ length: parts }, () => []);
  for (const client of clients) groups[part.get(client.room) ?? 0]?.push(client);
  return groups.filter((group) => group.length > 0);
}

function startServer(benchCase: BenchCase, databaseUrl: string | null, seed = true) {
  const child = fork(new URL('./socket-server.js', import.meta.url), [], {
    execArgv: benchCase.serverNodeArgs,
    env: {
      ...process.env,
      BENCH_CLIENTS: String(seed ? benchCase.clients : 0),
      BENCH_ROOM_SIZE: String(benchCase.roomSize),
      BENCH_TRANSLATION: benchCase.translation ? 'on' : 'off',
      BENCH_DATABASE_URL: databaseUrl ?? '',
      BENCH_JWT_SECRET: JWT_SECRET,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = new Promise<Extract<ServerMessage, { type: 'ready' }>>((resolve, reject) => {
    child.on('message', (message: ServerMessage) => {
      if (message.type === 'ready') resolve(message);
    });
    child.once('exit', (code) => reject(new Error(`server process exited (${code})`)));
  });
  return { child, ready };
}

function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.send({ type: 'stop' });
  });
}

/** Quiet: under this share of one core over a window of SETTLE_WINDOW_MS. */
const SETTLE_BUSY = 0.1;
const SETTLE_WINDOW_MS = 250;
const SETTLE_LIMIT_MS = 30_000;

/** Waits (SETTLE_LIMIT_MS at most) until the server's CPU is quiet; how long that took. */
async function settled(child: ChildProcess): Promise<number> {
  const start = performance.now();
  let before = await sample(child);
  while (performance.now() - start < SETTLE_LIMIT_MS) {
    await new Promise((resolve) => setTimeout(resolve, SETTLE_WINDOW_MS));
    const now = await sample(child);
    if (now - before < SETTLE_BUSY * SETTLE_WINDOW_MS * 1000) break;
    before = now;
  }
  return performance.now() - start;
}

/** The server's CPU microseconds so far (the answer also lands in the RSS samples). */
function sample(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    const onMessage = (message: ServerMessage) => {
      if (message.type !== 'rss') return;
      child.off('message', onMessage);
      resolve(message.cpuMicros);
    };
    child.on('message', onMessage);
    child.send({ type: 'rss' });
  });
}

function startWorker(job: LoadJob) {
  const worker = new Worker(new URL('./socket-load.js', import.meta.url), { workerData: job });
  let onConnected: () => void = () => undefined;
  const connected = new Promise<void>((resolve) => {
    onConnected = resolve;
  });
  const done = new Promise<LoadResult>((resolve, reject) => {
    worker.on('message', (message: WorkerMessage) => {
      if (message.type === 'connected') onConnected();
      else if (message.type === 'done') resolve(message.result);
      else reject(new Error(message.error));
    });
    worker.once('error', reject);
  });
  // A failure before `connected` must end the wait for it too.
  const ready = Promise.race([connected, done.then(() => undefined)]);
  return { worker, ready, done };
}

export async function runCase(benchCase: BenchCase): Promise<CaseResult> {
  let database: string | null = null;
  let databaseUrl: string | null = null;
  if (benchCase.postgresUrl) {
    const adminUrl = benchCase.postgresUrl;
    database = `parley_socket_bench_${process.pid}_${databaseCounter++}`;
    await withAdmin(adminUrl, (c) => c.query(`create database ${database}`));
    const url = new URL(adminUrl);
    url.pathname = `/${database}`;
    databaseUrl = url.toString();
  }
  const server = startServer(benchCase, databaseUrl);
  const extras: ChildProcess[] = [];
  let balancer: { socketBase: string; close(): Promise<void> } | null = null;
  const workers: Worker[] = [];
  const rss: number[] = [];
  let sampler: NodeJS.Timeout | undefined;
  let settledAfterMs = 0;
  try {
    const ready = await server.ready;
    rss.push(ready.rss);
    server.child.on('message', (message: ServerMessage) => {
      if (message.type === 'rss') rss.push(message.rss);
    });
    sampler = setInterval(() => server.child.send({ type: 'rss' }), RSS_SAMPLE_MS);
    if (benchCase.balancer) {
      const ports = [ready.port];
      for (let i = 0; i < benchCase.balancer.extraInstances; i += 1) {
        const extra = startServer(benchCase, databaseUrl, false);
        extras.push(extra.child);
        ports.push((await extra.ready).port);
      }
      balancer = await benchCase.balancer.start(ports);
    }
    const loads = splitByRoom(ready.clients, benchCase.loadWorkers).map((clients) =>
      startWorker({
        port: ready.port,
        socketBase: balancer?.socketBase,
        clients,
        rate: benchCase.rate,
        seconds: benchCase.seconds,
        drainMs: DRAIN_MS,
        specClients: benchCase.specClients,
        warmMessages: benchCase.warmMessages,
      }),
    );
    workers.push(...loads.map((load) => load.worker));
    await Promise.all(loads.map((load) => load.ready));
    // Open sockets are not yet settled sockets: each connection's own reads and writes (its
    // presence row, its receipts, its sender row) run on after the client sees it open. The load
    // starts once the server is quiet, so the figures can never measure the tail of the clients'
    // arrival (a guard: at stop 15 the server was already quiet, "settle s" 0.5, the shortest).
    settledAfterMs = await settled(server.child);
    const cpuBefore = await sample(server.child);
    const loadCpuBefore = process.cpuUsage();
    for (const load of loads) load.worker.postMessage('go');
    const results = await Promise.all(loads.map((load) => load.done));
    clearInterval(sampler);
    const loadCpu = process.cpuUsage(loadCpuBefore);
    const cpuAfter = await sample(server.child);

    const latencies = new Float64Array(results.reduce((n, r) => n + r.latencies.length, 0));
    let offset = 0;
    for (const result of results) {
      latencies.set(result.latencies, offset);
      offset += result.latencies.length;
    }
    latencies.sort();
    const sorted = Array.from(latencies);
    const delivered = results.reduce((n, r) => n + r.delivered, 0);
    const first = Math.min(...results.map((r) => r.firstSendAt));
    const phases = byPhase(results, first);
    const last = Math.max(...results.map((r) => r.lastDeliveryAt));
    return {
      clients: ready.clients.length,
      sent: results.reduce((n, r) => n + r.sent, 0),
      expected: results.reduce((n, r) => n + r.expected, 0),
      delivered,
      deliveredPerSecond: delivered / Math.max(0.001, (last - first) / 1000),
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      ...phases,
      max: sorted[sorted.length - 1] ?? Number.NaN,
      errors: results.reduce((n, r) => n + r.errors, 0),
      errorSamples: results.flatMap((r) => r.errorSamples).slice(0, 5),
      rss: { start: rss[0] ?? 0, peak: Math.max(...rss), end: rss[rss.length - 1] ?? 0 },
      cpuMsPer1000: (cpuAfter - cpuBefore) / 1000 / Math.max(1, delivered / 1000),
      loadCpuMsPer1000: (loadCpu.user + loadCpu.system) / 1000 / Math.max(1, delivered / 1000),
      settleMs: settledAfterMs,
    };
  } finally {
    clearInterval(sampler);
    await Promise.all(workers.map((worker) => worker.terminate()));
    await balancer?.close();
    await Promise.all(extras.map((child) => stopServer(child)));
    await stopServer(server.child);
    if (database && benchCase.postgresUrl) {
      await withAdmin(benchCase.postgresUrl, (c) =>
        c.query(`drop database if exists ${database} with (force)`),
      );
    }
  }
}
