import type { FastifyPluginAsync } from 'fastify';
import type { RouteOptions } from '../appContext.js';
import type { Readiness } from './readiness.js';

/**
 * GET /healthz: 200 `{ok: true}` while the process answers (liveness: it touches nothing else, so
 * a database outage does not get every instance restarted).
 * GET /readyz: 200 `{ready: true}` once the server has started and the database, the media store
 * and a configured translation engine answer; 503 `{ready: false, draining, failing}` while it
 * drains after SIGTERM or while one of them does not. Until the app is attached the early listener
 * answers 503 with Retry-After (http/preboundServer.ts). Balancers and the start-up bench wait on
 * it (docs/deploying.md).
 */
export const healthRoutes: FastifyPluginAsync<RouteOptions & { readiness: Readiness }> = async (
  app,
  { readiness },
) => {
  app.get('/healthz', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { ok: true };
  });
  app.get('/readyz', async (_request, reply) => {
    const answer = await readiness.answer();
    reply.header('Cache-Control', 'no-store');
    if (!answer.ready) reply.code(503).header('Retry-After', '1');
    return answer;
  });
};
