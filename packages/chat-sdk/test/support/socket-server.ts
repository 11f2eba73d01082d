import { once } from 'node:events';
import type { AddressInfo, Socket } from 'node:net';
import { WebSocket, WebSocketServer } from 'ws';
import type { ClientFrame, ServerFrame } from '../../src/index';

/** Real timers, captured before any test fakes them: I/O waits must not move fake time. */
const realSetTimeout = globalThis.setTimeout;
const realClearTimeout = globalThis.clearTimeout;
const realSetImmediate = globalThis.setImmediate;

/** Waits up to `ms` of real time for `check` to hold, polling as I/O happens. */
export async function until(check: () => boolean, ms = 2000): Promise<void> {
  const started = performance.now();
  while (!check()) {
    if (performance.now() - started > ms) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((resolve) => realSetTimeout(resolve, 2));
  }
}

/**
 * Runs what is already queued on this process: each turn drains the microtasks and lets the
 * callbacks of I/O that has already arrived run. It counts event-loop turns, not time.
 */
export async function flushTasks(turns = 10): Promise<void> {
  for (let i = 0; i < turns; i++) await new Promise((resolve) => realSetImmediate(resolve));
}

export interface ServerConnection {
  ws: WebSocket;
  /** The request path and query, e.g. '/ws/chat/user_1/?token=…'. */
  path: string;
  token: string | null;
  frames: ClientFrame[];
  /** Binary frames (live voice chunks), in arrival order. */
  binary: Buffer[];
  /** Text and binary frames interleaved, as 'text:<type>' or 'binary:<bytes>'. */
  order: string[];
  closed: boolean;
  send(frame: ServerFrame | Record<string, unknown>): void;
  close(code?: number, reason?: string): void;
  /**
   * A barrier: the server pings (a WebSocket control frame, unseen by the sdk) and waits for the
   * pong. One connection is ordered both ways, so once the pong is back the client has handled
   * every frame the server sent before, and the server has every frame the client sent before.
   */
  roundTrip(): Promise<void>;
}

/** A real `ws` server on 127.0.0.1 with an ephemeral port, recording every connection and frame. */
export async function startSocketServer(onConnection?: (connection: ServerConnection) => void) {
  const control = {
    refuseUpgrades: false,
    /** Handshakes nobody answers (an instance starting behind a balancer): they just hang. */
    holdUpgrades: false,
    upgradeAttempts: 0,
    answerPings: true,
  };
  /** The connections of held handshakes, ended when the server closes. */
  const held: Socket[] = [];
  const wss = new WebSocketServer({
    host: '127.0.0.1',
    port: 0,
    // While refusing, the handshake fails (HTTP 503): the client never opens, as with a server down.
    verifyClient: (info, callback) => {
      control.upgradeAttempts++;
      if (control.holdUpgrades) {
        held.push(info.req.socket);
        return;
      }
      if (control.refuseUpgrades) callback(false, 503);
      else callback(true);
    },
  });
  await once(wss, 'listening');
  const { port } = wss.address() as AddressInfo;
  const connections: ServerConnection[] = [];
  /** Every socket the client dialled (it is given `ClientSocket`), to know when all have arrived. */
  const dialled: WebSocket[] = [];
  class ClientSocket extends WebSocket {
    constructor(...args: ConstructorParameters<typeof WebSocket>) {
      super(...args);
      dialled.push(this);
    }
  }

  wss.on('connection', (ws, request) => {
    const path = request.url ?? '';
    const connection: ServerConnection = {
      ws,
      path,
      token: new URL(path, 'http://x').searchParams.get('token'),
      frames: [],
      binary: [],
      order: [],
      closed: false,
      send: (frame) => ws.send(JSON.stringify(frame)),
      close: (code, reason) => ws.close(code, reason),
      roundTrip: async () => {
        if (ws.readyState === WebSocket.OPEN) {
          await new Promise<void>((resolve) => {
            const done = () => {
              ws.off('pong', done);
              ws.off('close', done);
              resolve();
            };
            ws.on('pong', done);
            // A closing client answers no ping: its close frame is the last word instead.
            ws.on('close', done);
            ws.ping();
          });
        }
        await flushTasks();
      },
    };
    ws.on('message', (data, isBinary) => {
      if (isBinary) {
        const bytes = Buffer.isBuffer(data)
          ? data
          : Array.isArray(data)
            ? Buffer.concat(data)
            : Buffer.from(data);
        connection.binary.push(bytes);
        connection.order.push(`binary:${bytes.length}`);
        return;
      }
      const frame = JSON.parse(String(data)) as ClientFrame;
      connection.frames.push(frame);
      connection.order.push(`text:${frame.type}`);
      // Like the real server: every ping is answered, unless a test plays a dead connection.
      if (frame.type === 'ping' && control.answerPings) connection.send({ type: 'pong' });
    });
    ws.on('close', () => {
      connection.closed = true;
    });
    connections.push(connection);
    onConnection?.(connection);
  });

  return {
    url: `ws://127.0.0.1:${port}`,
    connections,
    control,
    /** The WebSocket class to give the client, so that `quiet()` knows every socket it dialled. */
    ClientSocket,
    /**
     * A barrier for when the client has no connection to round-trip on: runs what is queued, then
     * waits until every socket the client dialled has been answered (opened, or refused, which
     * `control.upgradeAttempts` has then counted), so an attempt in flight cannot be missed.
     */
    async quiet(): Promise<void> {
      await flushTasks();
      await until(() => dialled.every((socket) => socket.readyState !== WebSocket.CONNECTING));
      await flushTasks();
    },
    /** The connection number `n` (1-based), once it has arrived. */
    async connection(n: number, ms?: number): Promise<ServerConnection> {
      await until(() => connections.length >= n, ms);
      return connections[n - 1] as ServerConnection;
    },
    async close(): Promise<void> {
      for (const client of wss.clients) client.terminate();
      for (const socket of held) socket.destroy();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

export type SocketServer = Awaited<ReturnType<typeof startSocketServer>>;

/** An unsigned JWT-shaped token: the client only reads `exp` and `sub`. */
export function makeToken(
  sub: number,
  expiresInSeconds: number,
  now = Date.now(),
  issuedSecondsAgo?: number,
): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const exp = Math.floor(now / 1000) + expiresInSeconds;
  const iat =
    issuedSecondsAgo === undefined ? undefined : Math.floor(now / 1000) - issuedSecondsAgo;
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: String(sub), exp, iat, n: Math.random() })}.sig`;
}

export { realClearTimeout };
