import type { FastifyPluginAsync } from 'fastify';
import type { RouteOptions } from '../appContext.js';
import { pingDatabase } from '../db/database.js';

/**
 * GET /healthz: 200 `{ok: true}` while the database answers (a failure is the usual 500).
 * GET /readyz: 200 `{ready: true}` once the server has started (migrations applied, every route
 * registered) and the database answers; until then the early listener answers 503 with
 * Retry-After (http/preboundServer.ts). Load balancers and the start-up bench wait on it.
 */
export const healthRoutes: FastifyPluginAsync<RouteOptions> = async (app, { ctx }) => {
  app.get('/healthz', async () => {
    await pingDatabase(ctx.db);
    return { ok: true };
  });
  app.get('/readyz', async () => {
    await pingDatabase(ctx.db);
    return { ready: true };
  });
};
