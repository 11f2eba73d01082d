import { SOCKET_CLOSE_CODES } from '@parley/chat-sdk';
import type { FastifyInstance } from 'fastify';

/** DRAIN_SECONDS bigger than this is a typo, not a plan: a stop must end. */
const MAX_DRAIN_SECONDS = 300;

/**
 * DRAIN_SECONDS: how long a stopping instance keeps serving with GET /readyz at 503 before it
 * closes its port and sockets, so that a balancer polling readiness stops sending new work first.
 * Default 0 (nginx's passive checks move on when the port closes; docs/deploying.md).
 */
export function readDrainSeconds(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return 0;
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds < 0 || seconds > MAX_DRAIN_SECONDS) {
    throw new Error(`DRAIN_SECONDS must be a number from 0 to ${MAX_DRAIN_SECONDS}, got ${raw}`);
  }
  return seconds;
}

/**
 * Closes every chat socket with 1012 ("service restart"), which the sdk answers by reconnecting
 * with its usual backoff: through the balancer, to an instance that is not stopping. Messages sent
 * but not yet acknowledged are sent again on the new socket with their client_id (no duplicates).
 *
 * From then on no socket opens here: an upgrade still being checked (its token, its session) or
 * arriving on a keep-alive connection is answered 503 and the client retries elsewhere. Opened
 * after this, it would miss the 1012 and the wait for its frames, and answer them after the
 * database closed (internal_error, then rate_limited once the budget lease fails).
 */
export function closeSocketsForRestart(app: FastifyInstance): void {
  const sockets = app.websocketServer;
  if (!sockets) return;
  // ws answers 503 to any handshake it completes once closing; open sockets stay until closed.
  sockets.close();
  for (const client of sockets.clients) {
    client.close(SOCKET_CLOSE_CODES.serviceRestart, 'server restarting');
  }
}
