import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { freeLoopbackPort } from '../../../src/http/freeLoopbackPort.js';
import { testDatabaseUrl } from '../../support/engines.js';
import { adminStatement } from '../../support/scratchDatabase.js';
import { type RunningServer, spawnServer, untilReady } from '../../support/serverProcess.js';
import { guideBlocks, runGuideBlock } from './deployingGuide.js';

export type InstanceName = 'a' | 'b';

/** Where Debian installs nginx (scripts/install-engines.sh test). */
const NGINX = '/usr/sbin/nginx';
const SHARED_SECRET = 'scale-test-secret-shared-by-every-instance-0123456789';

/** nginx is required: the scale tests fail (never skip) without it, saying how to get it. */
export function requireNginx(): void {
  try {
    execFileSync(NGINX, ['-v'], { stdio: 'ignore' });
  } catch {
    throw new Error(
      'The scale tests need nginx (Debian nginx-light) at /usr/sbin/nginx: run ' +
        '`sudo bash scripts/install-engines.sh test` (CI does), then run them again.',
    );
  }
}

/** PostgreSQL is required too: PARLEY_TEST_DATABASE_URL (CI starts one; README "Tests"). */
export function requirePostgres(): string {
  const url = testDatabaseUrl();
  if (!url) {
    throw new Error(
      'The scale tests need PostgreSQL: set PARLEY_TEST_DATABASE_URL=postgres://user@host:port/postgres ' +
        '(.ci/run starts one).',
    );
  }
  return url;
}

/**
 * Two Parley instances (the built server, `node dist/main.js`) sharing one real PostgreSQL and one
 * DATA_DIR, behind nginx with TLS on loopback, set up with docs/deploying.md's own commands: its
 * certificate, its nginx template (deploy/nginx/parley.conf) and its checks.
 */
export interface ClusterSettings {
  /** More settings for both instances (the object store's, say). */
  env?: Record<string, string>;
  /** Each instance its own DATA_DIR, as on separate machines (files then need a shared store). */
  dataDirPerInstance?: boolean;
}

/** The last lines of a process's output: enough to read a failure, not a whole run's log. */
const LINES_SHOWN = 150;
const lastLines = (text: string) => text.split('\n').slice(-LINES_SHOWN).join('\n');

/**
 * When a test of the calling file fails, prints what every instance (running, or stopped since
 * the cluster started) and nginx said, so a failure in CI can be read without running it again.
 */
export function printClusterOnFailure(cluster: () => ScaleCluster | undefined): void {
  afterEach(({ task }) => {
    if (task.result?.state !== 'fail') return;
    const said = cluster()?.said();
    if (said) console.error(said);
  });
}

export class ScaleCluster {
  readonly instances = new Map<InstanceName, RunningServer>();
  private nginx: ChildProcess | null = null;
  private nginxLog = '';
  /** What the instances stopped so far said, in the order they stopped. */
  private readonly stopped: { name: InstanceName; output: string }[] = [];

  private constructor(
    readonly dir: string,
    readonly databaseUrl: string,
    private readonly adminUrl: string,
    private readonly database: string,
    readonly ports: Record<InstanceName, number>,
    readonly httpsPort: number,
    readonly guide: Map<string, string>,
    private readonly settings: ClusterSettings,
  ) {}

  /** https://localhost:PORT: what people open (PUBLIC_URL), through nginx. */
  get publicUrl(): string {
    return `https://localhost:${this.httpsPort}`;
  }

  instanceUrl(name: InstanceName): string {
    return `http://127.0.0.1:${this.ports[name]}`;
  }

  /** The settings the guide's commands read, as an operator would export them. */
  get guideEnv(): Record<string, string> {
    return {
      PATH: `${join(this.dir, 'bin')}:${process.env.PATH ?? ''}`,
      PARLEY_SERVER_NAME: 'localhost',
      PARLEY_TLS_DIR: join(this.dir, 'tls'),
      NGINX_CONF_DIR: join(this.dir, 'nginx', 'conf.d'),
      PARLEY_UPSTREAM_A: `127.0.0.1:${this.ports.a}`,
      PARLEY_UPSTREAM_B: `127.0.0.1:${this.ports.b}`,
      PARLEY_HTTPS_LISTEN: `127.0.0.1:${this.httpsPort}`,
      PUBLIC_URL: this.publicUrl,
      DATABASE_URL: this.databaseUrl,
      BACKUP_DIR: join(this.dir, 'backups'),
    };
  }

  /** A fresh database, the certificate, the nginx config, then A and B in turn, then nginx. */
  static async start(options: ClusterSettings & { instances?: InstanceName[] } = {}) {
    requireNginx();
    const adminUrl = requirePostgres();
    const dir = await mkdtemp(join(tmpdir(), 'parley-scale-'));
    const database = `parley_scale_${process.pid}_${Date.now()}`;
    await adminStatement(adminUrl, `create database ${database}`);
    const url = new URL(adminUrl);
    url.pathname = `/${database}`;
    const ports = { a: await freeLoopbackPort(), b: await freeLoopbackPort() };
    const cluster = new ScaleCluster(
      dir,
      url.toString(),
      adminUrl,
      database,
      ports,
      await freeLoopbackPort(),
      await guideBlocks(),
      options,
    );
    await cluster.prepareNginx();
    for (const name of options.instances ?? ['a', 'b']) await cluster.startInstance(name);
    await cluster.startNginx();
    return cluster;
  }

  /** A prefix of its own for nginx, and `nginx` on PATH pointing at it (for the guide's `nginx -t`). */
  private async prepareNginx(): Promise<void> {
    const prefix = join(this.dir, 'nginx');
    for (const sub of ['conf.d', 'tmp', 'logs', '../bin', '../backups']) {
      await mkdir(join(prefix, sub), { recursive: true });
    }
    // Stands for Debian's /etc/nginx/nginx.conf, which includes conf.d/*.conf in its http block.
    await writeFile(
      join(prefix, 'nginx.conf'),
      [
        process.getuid?.() === 0 ? 'user root;' : '',
        'daemon off;',
        'worker_processes 1;',
        `pid ${prefix}/nginx.pid;`,
        `error_log ${prefix}/logs/error.log warn;`,
        'events { worker_connections 1024; }',
        'http {',
        '  access_log off;',
        ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
          (kind) => `  ${kind}_temp_path ${prefix}/tmp/${kind};`,
        ),
        `  include ${prefix}/conf.d/*.conf;`,
        '}',
        '',
      ].join('\n'),
    );
    const wrapper = join(this.dir, 'bin', 'nginx');
    await writeFile(
      wrapper,
      `#!/bin/sh\nexec ${NGINX} -p ${prefix}/ -c ${prefix}/nginx.conf -e ${prefix}/logs/error.log "$@"\n`,
    );
    await chmod(wrapper, 0o755);
    await runGuideBlock(this.guide, 'certificate', this.guideEnv);
    await runGuideBlock(this.guide, 'nginx-config', this.guideEnv);
  }

  private async startNginx(): Promise<void> {
    const child = spawn(join(this.dir, 'bin', 'nginx'), [], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout?.on('data', (chunk) => {
      this.nginxLog += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      this.nginxLog += chunk;
    });
    this.nginx = child;
    // Up once the guide's readiness check answers through it.
    await this.waitUntil(async () => {
      if (child.exitCode !== null) throw new Error(`nginx exited: ${this.nginxLog}`);
      const response = await fetch(`${this.publicUrl}/healthz`).catch(() => null);
      return response?.status === 200;
    }, 'nginx to answer');
  }

  /** Starts (or restarts) an instance on its port and waits for its /readyz. */
  async startInstance(name: InstanceName): Promise<RunningServer> {
    const server = await untilReady(
      spawnServer([], {
        dataDir: join(this.dir, this.settings.dataDirPerInstance ? `data-${name}` : 'data'),
        port: this.ports[name],
        env: {
          DATABASE_URL: this.databaseUrl,
          JWT_SECRET: SHARED_SECRET,
          TRUST_PROXY: 'loopback',
          PUBLIC_URL: this.publicUrl,
          // The 1,000-message burst and many test sign-ups from one address (127.0.0.1).
          SOCKET_FRAMES_PER_SECOND: '5000',
          SOCKET_BURST_FRAMES: '5000',
          NEW_ACCOUNT_STRANGER_MESSAGES_PER_DAY: '100000',
          ...this.settings.env,
        },
      }),
    );
    this.instances.set(name, server);
    await runGuideBlock(this.guide, 'wait-ready', {
      ...this.guideEnv,
      PORT: String(this.ports[name]),
    });
    return server;
  }

  /** Stops an instance: SIGTERM drains, SIGKILL does not. Resolves once the process has exited. */
  async stopInstance(name: InstanceName, signal: 'SIGTERM' | 'SIGKILL') {
    const server = this.instances.get(name);
    if (!server) throw new Error(`instance ${name} is not running`);
    this.instances.delete(name);
    server.kill(signal);
    const exit = await server.exited;
    this.stopped.push({ name, output: server.output });
    return { exit, output: server.output };
  }

  /** The last lines each instance (stopped ones first) and nginx wrote. */
  said(): string {
    const parts = [
      ...this.stopped.map(({ name, output }) => [`instance ${name} (stopped)`, output] as const),
      ...[...this.instances].map(([name, server]) => [`instance ${name}`, server.output] as const),
      ['nginx', this.nginxLog] as const,
    ];
    return parts
      .map(([who, output]) => `──── ${who}, last ${LINES_SHOWN} lines ────\n${lastLines(output)}`)
      .join('\n');
  }

  async waitUntil(check: () => Promise<boolean> | boolean, what: string, ms = 30_000) {
    const deadline = Date.now() + ms;
    for (;;) {
      if (await check()) return;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async close(): Promise<void> {
    for (const name of [...this.instances.keys()]) {
      await this.stopInstance(name, 'SIGTERM').catch(() => undefined);
    }
    if (this.nginx && this.nginx.exitCode === null) {
      const exited = new Promise((resolve) => this.nginx?.once('exit', resolve));
      this.nginx.kill('SIGQUIT');
      await exited;
    }
    await adminStatement(
      this.adminUrl,
      `drop database if exists ${this.database} with (force)`,
    ).catch(() => undefined);
    await rm(this.dir, { recursive: true, force: true });
  }
}
