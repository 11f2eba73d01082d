import { request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { freeLoopbackPort } from '../src/http/freeLoopbackPort.js';
import { listenEarly, STARTING_DETAIL } from '../src/http/preboundServer.js';
import {
  removeTempDataDir,
  seededDataDir,
  spawnServer,
  untilReady,
} from './support/serverProcess.js';

// A chat socket that reaches an instance while it starts (a rolling restart behind nginx, the
// sdk reconnecting at once) is answered: refused with 503 until the app is ready, accepted after.
// It once reached the socket plugin before the app was ready and hung in its handshake.

/** The first line of what the server answers a WebSocket upgrade, or 'no answer' after `ms`. */
function upgradeAnswer(port: number, ms = 5_000): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const done = (answer: string) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(answer);
    };
    const timer = setTimeout(() => done('no answer'), ms);
    socket.on('error', (error: NodeJS.ErrnoException) => done(error.code ?? 'error'));
    socket.on('connect', () =>
      socket.write(
        [
          'GET /ws/chat/1/?token=abc HTTP/1.1',
          'Host: 127.0.0.1',
          'Upgrade: websocket',
          'Connection: Upgrade',
          'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
          'Sec-WebSocket-Version: 13',
          '',
          '',
        ].join('\r\n'),
      ),
    );
    let received = '';
    socket.on('data', (data) => {
      received += String(data);
      if (received.includes('\r\n\r\n')) done(received);
    });
    socket.on('close', () => done(received === '' ? 'closed' : received));
  });
}

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await removeTempDataDir(dir);
});

describe('a starting instance', () => {
  it('refuses upgrades with 503 until the app is attached, then hands them to it', async () => {
    const early = await listenEarly(0, '127.0.0.1');
    try {
      // The socket plugin registers its listener while the app is still being built.
      const upgrades: string[] = [];
      early.server.on('upgrade', (incoming, socket) => {
        upgrades.push(incoming.url ?? '');
        socket.end('HTTP/1.1 101 Switching Protocols\r\n\r\n');
      });
      const refused = await upgradeAnswer(early.port);
      expect(refused.split('\r\n')[0]).toBe('HTTP/1.1 503 Service Unavailable');
      expect(refused).toMatch(/\r\nretry-after: 1\r\n/i);
      expect(refused.endsWith(JSON.stringify({ detail: STARTING_DETAIL }))).toBe(true);
      expect(upgrades).toEqual([]);
      // A request is refused the same way meanwhile.
      const status = await new Promise<number | undefined>((resolve) =>
        request({ port: early.port, host: '127.0.0.1', path: '/readyz' }, (response) => {
          response.resume();
          resolve(response.statusCode);
        }).end(),
      );
      expect(status).toBe(503);

      early.attach((_request, response) => response.end());
      expect((await upgradeAnswer(early.port)).split('\r\n')[0]).toBe(
        'HTTP/1.1 101 Switching Protocols',
      );
      expect(upgrades).toEqual(['/ws/chat/1/?token=abc']);
    } finally {
      early.server.closeAllConnections();
      await early.close();
    }
  });

  it('answers every socket that arrives while the real server starts', async () => {
    const dataDir = await seededDataDir();
    dirs.push(dataDir);
    const port = await freeLoopbackPort();
    const server = spawnServer([], { dataDir, port });
    // One attempt every 5 ms from the moment the process starts until it is ready, and a few
    // after: each one gets an answer (refused while the port is not bound yet, 503 while the app
    // starts, the app's own answer after).
    const answers: Promise<string>[] = [];
    let ready = false;
    const readiness = untilReady(server).then((running) => {
      ready = true;
      return running;
    });
    let after = 0;
    while (!ready || after++ < 5) {
      answers.push(upgradeAnswer(port));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const running = await readiness;
    const firstLines = (await Promise.all(answers)).map((answer) => answer.split('\r\n')[0]);
    running.kill('SIGTERM');
    await running.exited;
    expect(firstLines.filter((line) => line === 'no answer')).toEqual([]);
    expect(firstLines).toContain('HTTP/1.1 503 Service Unavailable');
    // After the start, the app answers (this token is refused, with the socket's own answer).
    expect(firstLines.at(-1)).not.toBe('HTTP/1.1 503 Service Unavailable');
  }, 60_000);
});
