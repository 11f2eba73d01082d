/**
 * Issue 28: the socket fan-out benchmark through nginx with TLS (deploy/nginx/parley.conf), with one
 * and with two instances on the same PostgreSQL, side by side. Same load generator and clients as
 * socket.bench.ts. Needs PostgreSQL (BENCH_DATABASE_URL or PARLEY_TEST_DATABASE_URL) and nginx
 * (scripts/install-engines.sh test); without them it says so and measures nothing.
 * Informational only: it never fails on a figure.
 *
 * BENCH_CLIENTS=500 BENCH_ROOM_SIZES=20 BENCH_RATE=2 BENCH_SECONDS=4 BENCH_LOAD_WORKERS=2
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freeLoopbackPort } from '../src/http/freeLoopbackPort.js';
import { type CaseResult, runCase } from './socketBenchCase.js';

const NGINX = '/usr/sbin/nginx';
// Run from its build in packages/server/node_modules/.cache/parley-bench/.
const TEMPLATE = fileURLToPath(new URL('../../../../../deploy/nginx/parley.conf', import.meta.url));
const POSTGRES_URL = process.env.BENCH_DATABASE_URL || process.env.PARLEY_TEST_DATABASE_URL || null;
const number = (text: string | undefined, fallback: number) => {
  const value = Number(text);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
const CLIENTS = number(process.env.BENCH_CLIENTS?.split(',')[0], 500);
const ROOM_SIZE = number(process.env.BENCH_ROOM_SIZES?.split(',')[0], 20);
const RATE = number(process.env.BENCH_RATE, 2);
const SECONDS = number(process.env.BENCH_SECONDS, 4);
const LOAD_WORKERS = number(process.env.BENCH_LOAD_WORKERS, 2);

// The balancer's certificate is made here, self-signed, for loopback only.
process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';

/** nginx in a prefix of its own, the repository's template filled in, upstreams = `ports`. */
async function startNginx(ports: number[]) {
  const dir = await mkdtemp(join(tmpdir(), 'parley-balancer-bench-'));
  await mkdir(join(dir, 'tmp'));
  await mkdir(join(dir, 'logs'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-keyout',
      join(dir, 'parley.key'),
      '-out',
      join(dir, 'parley.crt'),
    ],
    { stdio: 'ignore' },
  );
  const httpsPort = await freeLoopbackPort();
  const values: Record<string, string> = {
    PARLEY_UPSTREAM_A: `127.0.0.1:${ports[0]}`,
    // One instance: the same one twice (round robin between equals).
    PARLEY_UPSTREAM_B: `127.0.0.1:${ports[1] ?? ports[0]}`,
    PARLEY_HTTPS_LISTEN: `127.0.0.1:${httpsPort}`,
    PARLEY_SERVER_NAME: 'localhost',
    PARLEY_TLS_CERT: join(dir, 'parley.crt'),
    PARLEY_TLS_KEY: join(dir, 'parley.key'),
  };
  const site = (await readFile(TEMPLATE, 'utf8')).replace(
    /\$\{(PARLEY_[A-Z_]+)\}/g,
    (whole, name: string) => values[name] ?? whole,
  );
  await writeFile(join(dir, 'parley.conf'), site);
  await writeFile(
    join(dir, 'nginx.conf'),
    [
      process.getuid?.() === 0 ? 'user root;' : '',
      'daemon off;',
      'worker_processes 1;',
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/logs/error.log warn;`,
      'events { worker_connections 8192; }',
      'http {',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (kind) => `  ${kind}_temp_path ${dir}/tmp/${kind};`,
      ),
      `  include ${dir}/parley.conf;`,
      '}',
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(
    NGINX,
    ['-p', `${dir}/`, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'logs', 'error.log')],
    { stdio: 'inherit' },
  );
  const deadline = Date.now() + 10_000;
  for (;;) {
    const answer = await fetch(`https://localhost:${httpsPort}/healthz`).catch(() => null);
    if (answer?.status === 200) break;
    if (Date.now() > deadline) throw new Error('nginx did not answer');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    socketBase: `wss://localhost:${httpsPort}`,
    async close() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGQUIT');
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function main(): Promise<void> {
  if (!POSTGRES_URL || !existsSync(NGINX)) {
    console.log(
      'balancer bench: skipped — needs PostgreSQL (BENCH_DATABASE_URL or PARLEY_TEST_DATABASE_URL) ' +
        'and nginx (sudo bash scripts/install-engines.sh test).',
    );
    return;
  }
  const rows: { instances: number; result: CaseResult }[] = [];
  for (const instances of [1, 2]) {
    const result = await runCase({
      clients: CLIENTS,
      roomSize: ROOM_SIZE,
      translation: false,
      postgresUrl: POSTGRES_URL,
      rate: RATE,
      seconds: SECONDS,
      loadWorkers: LOAD_WORKERS,
      serverNodeArgs: [],
      balancer: { extraInstances: instances - 1, start: startNginx },
    });
    rows.push({ instances, result });
  }
  console.log(
    `\nSocket fan-out through nginx + TLS (${CLIENTS} clients, rooms of ${ROOM_SIZE}, ${RATE}/s each, ${SECONDS} s, PostgreSQL)`,
  );
  console.log('instances  delivered/s  p50 ms  p99 ms  delivered/expected  errors');
  for (const { instances, result } of rows) {
    console.log(
      [
        String(instances).padStart(9),
        result.deliveredPerSecond.toFixed(0).padStart(12),
        result.p50.toFixed(1).padStart(7),
        result.p99.toFixed(1).padStart(7),
        `${result.delivered}/${result.expected}`.padStart(19),
        String(result.errors).padStart(7),
      ].join(' '),
    );
    if (result.errorSamples.length > 0) console.log('  errors:', result.errorSamples.join(' | '));
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
