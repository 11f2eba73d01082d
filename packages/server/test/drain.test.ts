import { SOCKET_CLOSE_CODES } from '@parley/chat-sdk';
import { afterAll, describe, expect, it } from 'vitest';
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
