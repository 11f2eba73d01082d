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
  const server = createServer((request, response) => handler(request, response));
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
