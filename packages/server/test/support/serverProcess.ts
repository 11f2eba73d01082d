import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { type ChatMessage, privateRoomName } from '@parley/chat-sdk';
import { expect, inject } from 'vitest';
import { registerUser } from './accounts.js';
import { ChatClient } from './chatClients.js';
import { HttpClient } from './httpClient.js';

/** The built server (globalSetup builds it when the sources are newer). */
export const SERVER_MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));

const READY_LINE = /Parley is running at http:\/\/localhost:(\d+)/;

export interface ServerProcessOptions {
  dataDir: string;
  port?: number;
  /** A shell umask to start under, e.g. '000'. */
  umask?: string;
  env?: Record<string, string>;
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** `node dist/main.js …` as an operator runs it, with its output kept for the assertions. */
export class ServerProcess {
  stdout = '';
  stderr = '';
  readonly exited: Promise<Exit>;

  constructor(readonly child: ChildProcess) {
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      this.stdout += chunk;
    });
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      this.stderr += chunk;
    });
    this.exited = new Promise((resolve) => {
      child.on('exit', (code, signal) => resolve({ code, signal }));
    });
  }

  get pid(): number {
    return this.child.pid ?? -1;
  }

  get output(): string {
    return `stdout: ${this.stdout}\nstderr: ${this.stderr}`;
  }

  kill(signal: NodeJS.Signals): void {
    this.child.kill(signal);
  }
}

export function spawnServer(args: string[], options: ServerProcessOptions): ServerProcess {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  delete env.JWT_SECRET;
  // The scale tests' own process trusts their self-signed certificate this way (scalePeople.ts);
  // the server it starts keeps verifying every certificate it meets (push, engines, previews).
  delete env.NODE_TLS_REJECT_UNAUTHORIZED;
  Object.assign(env, {
    DATA_DIR: options.dataDir,
    PORT: String(options.port ?? 0),
    HOST: '127.0.0.1',
    TRANSLATOR: 'none',
    CORRECTOR: 'none',
    APP_DIST: join(options.dataDir, 'no-app'),
    LOG_LEVEL: 'warn',
    // As in the in-process harness: strangers chat freely unless a test turns requests on.
    MESSAGE_REQUESTS: 'off',
    ...options.env,
  });
  const child = options.umask
    ? spawn(
        'sh',
        ['-c', `umask ${options.umask} && exec "$0" "$@"`, process.execPath, SERVER_MAIN, ...args],
        { env },
      )
    : spawn(process.execPath, [SERVER_MAIN, ...args], { env });
  return new ServerProcess(child);
}

export interface RunningServer extends ServerProcess {
  url: string;
  port: number;
}

/** Starts a server and resolves once it prints its address; rejects if it exits first. */
export function startServer(
  options: ServerProcessOptions,
  args: string[] = [],
): Promise<RunningServer> {
  return untilReady(spawnServer(args, options));
}

/** Resolves once a spawned server prints its address; rejects if it exits first. */
export async function untilReady(server: ServerProcess): Promise<RunningServer> {
  const port = await new Promise<number>((resolve, reject) => {
    const onData = () => {
      const match = READY_LINE.exec(server.stdout);
      if (match) {
        server.child.stdout?.off('data', onData);
        resolve(Number(match[1]));
      }
    };
    server.child.stdout?.on('data', onData);
    onData();
    void server.exited.then((exit) =>
      reject(
        new Error(`server exited (${JSON.stringify(exit)}) before it was ready\n${server.output}`),
      ),
    );
  });
  return Object.assign(server, { port, url: `http://127.0.0.1:${port}` });
}

/** Runs a command of the built server (`backup`, `restore`) to its end. */
export async function runCommand(
  args: string[],
  options: ServerProcessOptions,
): Promise<ServerProcess & Exit> {
  const command = spawnServer(args, options);
  const exit = await command.exited;
  return Object.assign(command, exit);
}

export async function tempDataDir(): Promise<string> {
  // A directory that does not exist yet: the server creates it.
  const parent = await mkdtemp(join(tmpdir(), 'parley-data-safety-'));
  return join(parent, 'data');
}

/**
 * A data directory whose database is a copy of the migrated template, so that a test about
 * restarts and stops does not wait for initdb; the server opens it as its own.
 */
export async function seededDataDir(): Promise<string> {
  const dataDir = await tempDataDir();
  await mkdir(dataDir, { mode: 0o700 });
  const tarball = await readFile(inject('pgliteTemplate'));
  const pglite = await PGlite.create(join(dataDir, 'db'), {
    loadDataDir: new Blob([new Uint8Array(tarball)]),
  });
  await pglite.close();
  return dataDir;
}

export async function removeTempDataDir(dataDir: string): Promise<void> {
  await rm(join(dataDir, '..'), { recursive: true, force: true });
}

export interface Chatter {
  id: number;
  token: string;
  http: HttpClient;
}

/** Two registered users and the name of their private room. */
export async function registerPair(url: string): Promise<{ a: Chatter; b: Chatter; room: string }> {
  const chatters: Chatter[] = [];
  for (const language of ['English', 'Spanish']) {
    const http = new HttpClient(url);
    const registered = await registerUser(http, { language });
    chatters.push({ id: registered.user_id, token: registered.access_token, http });
  }
  const [a, b] = chatters as [Chatter, Chatter];
  return { a, b, room: privateRoomName(a.id, b.id) };
}

export function openSocket(url: string, chatter: Chatter): Promise<ChatClient> {
  const base = url.replace(/^http/, 'ws');
  return ChatClient.connect(
    `${base}/ws/chat/user_${chatter.id}/?token=${encodeURIComponent(chatter.token)}`,
  );
}

/** Every message of a room, oldest first, read page by page through the REST history. */
export async function readHistory(url: string, chatter: Chatter, room: string) {
  const http = new HttpClient(url);
  const all: ChatMessage[] = [];
  let before: number | undefined;
  for (;;) {
    const query = `room_name=${encodeURIComponent(room)}${before ? `&before=${before}` : ''}`;
    const page = await http.get<{ results: ChatMessage[]; has_more: boolean }>(
      `/chatmessage/history/?${query}`,
      { token: chatter.token },
    );
    expect(page.status, page.text).toBe(200);
    all.unshift(...page.body.results);
    if (!page.body.has_more || page.body.results.length === 0) break;
    before = Math.min(...page.body.results.map((m) => m.id));
  }
  return all.sort((x, y) => x.id - y.id);
}
