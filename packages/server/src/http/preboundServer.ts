import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

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
