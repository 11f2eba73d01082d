import type { FastifyPluginAsync } from 'fastify';
import type { RouteOptions } from '../appContext.js';
import { pingDatabase } from '../db/database.js';

/** GET /healthz: 200 `{ok: true}` while the database answers (a failure is the usual 500). */
export const healthRoutes: FastifyPluginAsync<RouteOptions> = async (app, { ctx }) => {
  app.get('/healthz', async () => {
    await pingDatabase(ctx.db);
    return { ok: true };
  });
};
