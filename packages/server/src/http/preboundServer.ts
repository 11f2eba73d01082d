import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

type RequestHandler = (request: IncomingMessage, response: ServerResponse) => void;

export const STARTING_DETAIL = 'Parley is starting. Try again in a moment.';

/** An HTTP server that owns its port before the app exists; the app is attached once ready. */
export interface PreboundServer {
  server: Server;
  /** The port it listens on (the chosen one when 0 was asked for). */
  port: number;
  /** Routes every later request to the app. */
  attach(handler: RequestHandler): void;
  /** Stops accepting connections and resolves once the open ones have ended. */
  close(): Promise<void>;
  /** Resolves once no HTTP request is in progress (upgraded sockets do not count), or after `ms`. */
  requestsDone(ms: number): Promise<void>;
}

/** An upgrade before the app is attached: 503 with Retry-After, the same answer a request gets. */
function refuseUpgrade(socket: Duplex): void {
  const body = JSON.stringify({ detail: STARTING_DETAIL });
  socket.on('error', () => undefined);
  socket.end(
    [
      'HTTP/1.1 503 Service Unavailable',
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Retry-After: 1',
      'Cache-Control: no-store',
      'Connection: close',
      '',
      body,
    ].join('\r\n'),
  );
}

/**
 * Binds the port first, so that a start that cannot listen fails before it opens the database.
 * Until the app is attached, requests get 503 with Retry-After and upgrades are refused.
 */
export function listenEarly(port: number, host: string): Promise<PreboundServer> {
  let handler: RequestHandler = (_request, response) => {
    response.writeHead(503, {
      'content-type': 'application/json; charset=utf-8',
      'retry-after': '1',
      'cache-control': 'no-store',
    });
    response.end(JSON.stringify({ detail: STARTING_DETAIL }));
  };
  let inFlight = 0;
  let onIdle: (() => void) | null = null;
  const server = createServer((request, response) => {
    inFlight += 1;
    response.once('close', () => {
      inFlight -= 1;
      if (inFlight === 0) onIdle?.();
    });
    handler(request, response);
  });
  // Fastify's defaults, which it applies only to servers it creates itself.
  server.keepAliveTimeout = 72_000;
  // The socket plugin listens for upgrades as soon as the app registers it, well before the app
  // is ready: an upgrade that arrived in between reached a router that never answered, and the
  // client (behind nginx: for 75 s) hung in its handshake. Until the app is attached, every
  // upgrade is refused here instead, like a request, and the client retries with its backoff.
  let attached = false;
  const emit = server.emit;
  server.emit = function emitUnlessStarting(
    this: Server,
    event: string | symbol,
    ...args: unknown[]
  ) {
    if (event === 'upgrade' && !attached) {
      refuseUpgrade(args[1] as Duplex);
      return true;
    }
    return Reflect.apply(emit, this, [event, ...args]) as boolean;
  } as Server['emit'];

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host }, () => {
      server.off('error', reject);
      const address = server.address();
      resolve({
        server,
        port: typeof address === 'object' && address ? address.port : port,
        attach(appHandler) {
          handler = appHandler;
          attached = true;
        },
        requestsDone(ms) {
          if (inFlight === 0) return Promise.resolve();
          return new Promise((done) => {
            const timer = setTimeout(done, ms);
            onIdle = () => {
              clearTimeout(timer);
              done();
            };
          });
        },
        close() {
          return new Promise((done) => {
            if (!server.listening) {
              done();
              return;
            }
            server.close(() => done());
            server.closeIdleConnections();
          });
        },
      });
    });
  });
}
