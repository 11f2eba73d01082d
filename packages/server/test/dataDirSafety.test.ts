import { existsSync } from 'node:fs';
import { lstat, mkdir, readdir, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { ChatMessageFrame, CurrentUser, ServerFrame } from '@parley/chat-sdk';
import { SOCKET_CLOSE_CODES } from '@parley/chat-sdk';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOCK_NAME, LOCK_OWNER_NAME } from '../src/dataDir/dataDirLock.js';
import type { ChatClient } from './support/chatClients.js';
import {
  type Chatter,
  openSocket,
  type RunningServer,
  readHistory,
  registerPair,
  removeTempDataDir,
  runCommand,
  type ServerProcess,
  seededDataDir,
  spawnServer,
  startServer,
  tempDataDir,
  untilReady,
} from './support/serverProcess.js';

const SLOW = 180_000;
const started: ServerProcess[] = [];
const dataDirs: string[] = [];

async function seeded(): Promise<string> {
  const dataDir = await seededDataDir();
  dataDirs.push(dataDir);
  return dataDir;
}

async function freshDataDir(): Promise<string> {
  const dataDir = await tempDataDir();
  dataDirs.push(dataDir);
  return dataDir;
}

async function start(
  options: Parameters<typeof startServer>[0],
  args: string[] = [],
): Promise<RunningServer> {
  const server = await startServer(options, args);
  started.push(server);
  return server;
}

afterEach(async () => {
  for (const server of started.splice(0)) {
    if (server.child.exitCode === null && server.child.signalCode === null) server.kill('SIGKILL');
    await server.exited;
  }
  for (const dataDir of dataDirs.splice(0)) await removeTempDataDir(dataDir);
});

/** Sends `count` messages on one socket at once and records which ones were echoed back. */
function sendBurst(
  socket: ChatClient,
  sender: Chatter,
  room: string,
  prefix: string,
  count: number,
) {
  const acked = new Set<string>();
  socket.ws.on('message', (data) => {
    const frame = JSON.parse(String(data)) as ServerFrame;
    if (frame.type !== 'chat_message') return;
    const message = frame as ChatMessageFrame;
    if (message.sender_id === sender.id && message.client_id?.startsWith(prefix)) {
      acked.add(message.client_id);
    }
  });
  for (let index = 0; index < count; index += 1) {
    socket.send({
      type: 'chat_message',
      client_id: `${prefix}-${index}`,
      message: `message ${index} from ${prefix}`,
      sender_id: sender.id,
      room_name: room,
    });
  }
  return acked;
}

async function waitFor(condition: () => boolean, what: string, timeoutMs = 20_000) {
  await vi.waitFor(
    () => {
      if (!condition()) throw new Error(`timed out waiting for ${what}`);
    },
    { timeout: timeoutMs, interval: 5 },
  );
}

/** Size and modification time of every file of the embedded database. */
async function databaseFiles(dir: string, into = new Map<string, string>()) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) await databaseFiles(path, into);
    else {
      const info = await lstat(path);
      into.set(path, `${info.size}:${info.mtimeMs}`);
    }
  }
  return into;
}

describe('one server per data directory', () => {
  it(
    'a second server on the same DATA_DIR refuses before touching the database, on the same port and on another; the first keeps working, survives kill -9, and its stale lock does not block the restart',
    async () => {
      const dataDir = await seeded();
      const first = await start({ dataDir });
      const { a, b, room } = await registerPair(first.url);
      const socket = await openSocket(first.url, a);
      const acked = sendBurst(socket, a, room, 'before', 5);
      await waitFor(() => acked.size === 5, 'five echoes');
      const filesBefore = await databaseFiles(join(dataDir, 'db'));

      for (const port of [first.port, 0]) {
        const second = await runCommand([], { dataDir, port });
        expect(second.code, second.output).toBe(1);
        const lines = second.stderr.trim().split('\n');
        expect(lines, second.output).toHaveLength(1);
        expect(lines[0]).toContain(
          `Parley cannot start: ${dataDir} is in use by another Parley server`,
        );
        expect(lines[0]).toContain(`process ${first.pid}`);
        // The lock comes before the port: a taken port is never what stops it.
        expect(second.output).not.toContain('EADDRINUSE');
      }
      // Not one database file was created, written or touched by the refused starts.
      expect(await databaseFiles(join(dataDir, 'db'))).toEqual(filesBefore);

      // The first server still serves: history, and a new message echoed.
      expect((await readHistory(first.url, b, room)).map((m) => m.client_id)).toEqual(
        [...acked].sort(),
      );
      const more = sendBurst(socket, a, room, 'after', 1);
      await waitFor(() => more.size === 1, 'the echo after the refused starts');

      first.kill('SIGKILL');
      await first.exited;
      // The crash leaves its lock behind, which must not block the restart.
      expect(existsSync(join(dataDir, LOCK_NAME))).toBe(true);
      expect(existsSync(join(dataDir, LOCK_OWNER_NAME))).toBe(true);

      const restarted = await start({ dataDir });
      const history = await readHistory(restarted.url, b, room);
      expect(history.map((m) => m.client_id)).toEqual([...[...acked].sort(), ...more]);
      expect(history.map((m) => m.message)).toContain('message 0 from after');

      restarted.kill('SIGTERM');
      expect(await restarted.exited).toEqual({ code: 0, signal: null });
      // A clean stop gives the lock back.
      expect(existsSync(join(dataDir, LOCK_NAME))).toBe(false);
      expect(existsSync(join(dataDir, LOCK_OWNER_NAME))).toBe(false);
    },
    SLOW,
  );
});

describe('restarts', () => {
  it(
    'serve --wait-for-lock (pnpm dev) waits for the previous server to stop (here on Ctrl-C) instead of refusing',
    async () => {
      const dataDir = await seeded();
      const first = await start({ dataDir });
      const { a, b, room } = await registerPair(first.url);
      const socket = await openSocket(first.url, a);
      const acked = sendBurst(socket, a, room, 'dev', 3);
      await waitFor(() => acked.size === 3, 'three echoes');

      const next = spawnServer(['serve', '--wait-for-lock'], { dataDir });
      started.push(next);
      const waitingLine = `waiting up to 15 s for process ${first.pid} to release ${dataDir}`;
      await waitFor(() => next.stderr.includes(waitingLine), 'the wait line');
      // Ctrl-C stops as cleanly as SIGTERM.
      first.kill('SIGINT');
      expect(await first.exited).toEqual({ code: 0, signal: null });
      const second = await untilReady(next);
      expect(await readHistory(second.url, b, room)).toHaveLength(3);
    },
    SLOW,
  );
});

describe('a failed start closes what it opened', () => {
  it('a taken port ends the start before the database is opened, and the lock is given back', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const address = blocker.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const dataDir = await freshDataDir();
      const refused = await runCommand([], { dataDir, port });
      expect(refused.code, refused.output).toBe(1);
      expect(refused.stderr.trim()).toBe(
        `Parley cannot start: port ${port} on 127.0.0.1 is already in use.`,
      );
      expect(await readdir(dataDir)).toEqual([]);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });

  it('a database that cannot be opened ends the start with one clear line, port and lock given back', async () => {
    const dataDir = await freshDataDir();
    await mkdir(join(dataDir, 'db'), { recursive: true });
    await writeFile(join(dataDir, 'db', 'PG_VERSION'), '99\n');
    const failed = await runCommand([], { dataDir });
    expect(failed.code, failed.output).toBe(1);
    expect(failed.stderr).toContain(
      `Parley cannot start: the database in ${join(dataDir, 'db')} could not be opened`,
    );
    expect(failed.stderr).toContain('restore a backup');
    expect(existsSync(join(dataDir, LOCK_NAME))).toBe(false);
    expect(existsSync(join(dataDir, LOCK_OWNER_NAME))).toBe(false);
  });
});

describe('private files', () => {
  // A valid 1×1 transparent PNG.
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  );

  async function everything(dir: string, into: { path: string; mode: number }[] = []) {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      into.push({ path, mode: (await lstat(path)).mode & 0o777 });
      if (entry.isDirectory()) await everything(path, into);
    }
    return into;
  }

  it(
    'DATA_DIR is 0700 and the database, the uploads and the JWT secret are the owner’s only, under umask 000',
    async () => {
      const dataDir = await freshDataDir();
      const server = await start({ dataDir, umask: '000' });
      const { a, b, room } = await registerPair(server.url);
      const form = new FormData();
      form.append('profile_image', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'a.png');
      const uploaded = await a.http.patch<CurrentUser>('/accounts/update-profile-image/', form, {
        token: a.token,
      });
      expect(uploaded.status, uploaded.text).toBe(200);
      const socket = await openSocket(server.url, b);
      const acked = sendBurst(socket, b, room, 'modes', 3);
      await waitFor(() => acked.size === 3, 'three echoes');

      expect((await lstat(dataDir)).mode & 0o777).toBe(0o700);
      const files = await everything(dataDir);
      const names = files.map((f) => f.path.slice(dataDir.length + 1));
      expect(names).toContain('jwt-secret');
      expect(names).toContain(join('db', 'PG_VERSION'));
      expect(names.some((n) => n.startsWith(join('db', 'pg_wal')))).toBe(true);
      expect(names.some((n) => n.startsWith(join('media', 'profile-images', '')))).toBe(true);
      const open = files
        .filter((f) => (f.mode & 0o077) !== 0)
        .map((f) => `${f.path} ${f.mode.toString(8)}`);
      expect(open).toEqual([]);

      // Files created after the start (a restart writes new log and state files) stay private.
      server.kill('SIGTERM');
      await server.exited;
      const again = await start({ dataDir, umask: '000' });
      expect(await readHistory(again.url, a, room)).toHaveLength(3);
      const later = (await everything(dataDir)).filter((f) => (f.mode & 0o077) !== 0);
      expect(later.map((f) => `${f.path} ${f.mode.toString(8)}`)).toEqual([]);
    },
    SLOW,
  );
});

describe('no acknowledged message is lost when the server stops mid-burst', () => {
  const SOCKETS_PER_USER = 2;
  // Under the flood limit's burst (40 frames) so that every frame is taken.
  const PER_SOCKET = 35;

  async function burstThenStop(signal: 'SIGTERM' | 'SIGKILL') {
    const dataDir = await seeded();
    const server = await start({ dataDir });
    const { a, b, room } = await registerPair(server.url);
    const sockets: { socket: ChatClient; acked: Set<string> }[] = [];
    for (const [index, chatter] of [a, b, a, b].slice(0, 2 * SOCKETS_PER_USER).entries()) {
      const socket = await openSocket(server.url, chatter);
      sockets.push({ socket, acked: new Set() });
      void index;
    }
    for (const [index, entry] of sockets.entries()) {
      const chatter = index % 2 === 0 ? a : b;
      entry.acked = sendBurst(entry.socket, chatter, room, `${signal}-${index}`, PER_SOCKET);
    }
    const ackedCount = () => sockets.reduce((sum, s) => sum + s.acked.size, 0);
    // Stop while most of the burst is still on its way.
    await waitFor(() => ackedCount() >= 10, 'the first echoes');
    server.kill(signal);
    const exit = await server.exited;
    const closes = await Promise.all(sockets.map((s) => s.socket.closed));
    const acked = sockets.flatMap((s) => [...s.acked]);
    const total = 2 * SOCKETS_PER_USER * PER_SOCKET;
    expect(acked.length).toBeGreaterThanOrEqual(10);

    const restarted = await start({ dataDir });
    const history = await readHistory(restarted.url, a, room);
    const stored = history.map((m) => m.client_id ?? '');
    // Every echoed message is there, each once; unechoed ones may or may not be.
    expect(acked.filter((id) => !stored.includes(id))).toEqual([]);
    expect(new Set(stored).size).toBe(stored.length);
    expect(stored.length).toBeLessThanOrEqual(total);
    console.info(
      `${signal} mid-burst: ${acked.length} of ${total} echoed before the stop, ${stored.length} stored`,
    );
    return { exit, closes, acked, stored };
  }

  it(
    'SIGTERM: sockets close with 1012, pending writes finish, the process exits 0, and every echoed message is stored',
    async () => {
      const { exit, closes, acked, stored } = await burstThenStop('SIGTERM');
      expect(exit).toEqual({ code: 0, signal: null });
      expect(closes.map((c) => c.code)).toEqual(
        closes.map(() => SOCKET_CLOSE_CODES.serviceRestart),
      );
      expect(stored.length).toBeGreaterThanOrEqual(acked.length);
    },
    SLOW,
  );

  it(
    'SIGKILL: after a restart on the same directory every echoed message is stored',
    async () => {
      const { exit } = await burstThenStop('SIGKILL');
      expect(exit).toEqual({ code: null, signal: 'SIGKILL' });
    },
    SLOW,
  );
});
