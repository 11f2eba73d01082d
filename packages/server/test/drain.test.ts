import { chatSocketPath, SOCKET_CLOSE_CODES } from '@parley/chat-sdk';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { testDatabaseUrl } from './support/engines.js';
import { scratchDatabase } from './support/scratchDatabase.js';
import {
  openSocket,
  registerPair,
  removeTempDataDir,
  seededDataDir,
  startServer,
} from './support/serverProcess.js';

// Issue 28: SIGTERM drains the real process (docs/deploying.md): GET /readyz answers 503 first
// while sockets stay open (DRAIN_SECONDS), then sockets close with 1012, then it exits 0.

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await removeTempDataDir(dir);
});

describe('SIGTERM', () => {
  it('turns /readyz to 503 first, then closes sockets with 1012, then exits 0', async () => {
    const dataDir = await seededDataDir();
    dirs.push(dataDir);
    const server = await startServer({ dataDir, env: { DRAIN_SECONDS: '2' } });
    const { a } = await registerPair(server.url);
    const socket = await openSocket(server.url, a);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);

    server.kill('SIGTERM');
    // Draining: not ready, still alive, the socket still open and answering.
    let readiness: Response | null = null;
    while (readiness?.status !== 503) readiness = await fetch(`${server.url}/readyz`);
    expect(await readiness.json()).toEqual({ ready: false, draining: true, failing: [] });
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    await socket.ping();

    const closed = await socket.closed;
    expect(closed.code).toBe(SOCKET_CLOSE_CODES.serviceRestart);
    expect(await server.exited).toEqual({ code: 0, signal: null });
  });

  it('refuses a DRAIN_SECONDS that is not a number of seconds', async () => {
    const dataDir = await seededDataDir();
    dirs.push(dataDir);
    await expect(startServer({ dataDir, env: { DRAIN_SECONDS: 'soon' } })).rejects.toThrow(
      /DRAIN_SECONDS must be a number from 0 to 300, got soon/,
    );
  });
});

// A socket whose upgrade was still being checked (token, session, ?timezone=) when the stop began
// must not open afterwards: it would miss the 1012 and the wait for its frames, and answer them
// after the database closed (rollingRestart's refused messages: internal_error, then
// rate_limited when the budget lease failed). Needs PARLEY_TEST_DATABASE_URL.
const adminUrl = testDatabaseUrl();

describe.skipIf(!adminUrl)('SIGTERM during a socket upgrade', () => {
  const database = scratchDatabase(adminUrl ?? '', 'parley_drain');
  afterAll(() => database.drop());

  it('refuses the upgrade (503) rather than opening a socket on a stopping instance', async () => {
    const databaseUrl = await database.create();
    const dataDir = await seededDataDir();
    dirs.push(dataDir);
    const server = await startServer({ dataDir, env: { DATABASE_URL: databaseUrl } });
    const { a } = await registerPair(server.url);

    // Holds the upgrade in its check: saving the socket's ?timezone= waits for this row lock.
    const locker = new pg.Client({ connectionString: databaseUrl, application_name: 'locker' });
    // Dropping the database at the end ends this connection too if the test failed before.
    locker.on('error', () => undefined);
    await locker.connect();
    await locker.query('begin');
    await locker.query('select id from users where id = $1 for update', [a.id]);
    // The server's connections to its database, and whether each waits for a lock. A transaction
    // sees one snapshot of the statistics, so it is cleared for each look.
    const serverBackends = async () => {
      await locker.query('select pg_stat_clear_snapshot()');
      const result = await locker.query<{ waiting: boolean }>(
        `select wait_event_type is not distinct from 'Lock' as waiting from pg_stat_activity
         where datname = current_database() and application_name <> 'locker'
           and backend_type = 'client backend'`,
      );
      return result.rows.map((row) => row.waiting);
    };

    const path = chatSocketPath(0).replace('user_0', `user_${a.id}`);
    const ws = new WebSocket(
      `${server.url.replace(/^http/, 'ws')}${path}?token=${encodeURIComponent(a.token)}&timezone=Europe/Madrid`,
    );
    const handshake = new Promise<string>((resolve) => {
      ws.once('open', () => resolve('open'));
      ws.once('unexpected-response', (request, response) => {
        request.destroy();
        resolve(`${response.statusCode}`);
      });
      ws.once('error', (error) => resolve(error.message));
    });
    const frames: string[] = [];
    ws.on('message', (data) => frames.push(String(data)));
    await expect.poll(async () => (await serverBackends()).includes(true)).toBe(true);

    server.kill('SIGTERM');
    // The stop has reached the database's close: every connection it had is gone but the one
    // that waits for the lock (the pool ends the others, and waits for that one).
    await expect.poll(serverBackends, { timeout: 10_000 }).toEqual([true]);
    await locker.query('rollback');
    await locker.end();

    const answer = await handshake;
    if (answer === 'open') {
      ws.send(JSON.stringify({ type: 'join_room', room_name: 'private_1_2' }));
      await new Promise((resolve) => ws.once('close', resolve));
    }
    expect({ answer, frames }).toEqual({ answer: '503', frames: [] });
    expect(await server.exited, server.output).toEqual({ code: 0, signal: null });
  });
});
