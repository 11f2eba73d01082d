import { CALL_PATHS, type IceServersResponse } from '@parley/chat-sdk';
import type { FastifyPluginAsync } from 'fastify';
import type { RouteOptions } from '../appContext.js';
import { accountOf, requireUser } from '../auth/bearer.js';
import { detailError, NOT_FOUND_DETAIL } from '../http/errors.js';
import type { CallSettings } from './callSettings.js';
import { iceServersFor } from './callSettings.js';

/**
 * GET /calls/ice-servers/ (bearer): the ICE servers for the signed-in user. Signed-in only, since
 * TURN relays cost bandwidth; TURN credentials are minted per user and expire.
 */
export const iceServersRoute: FastifyPluginAsync<RouteOptions & { calls: CallSettings }> = async (
  app,
  { ctx, calls },
) => {
  app.get(CALL_PATHS.iceServers, { preHandler: requireUser(ctx) }, async (request, reply) => {
    if (!calls.enabled) throw detailError(404, NOT_FOUND_DETAIL);
    const { servers, expiresAt } = iceServersFor(calls, accountOf(request).id, Date.now());
    reply.header('Cache-Control', 'no-store');
    const body: IceServersResponse = {
      ice_servers: servers,
      expires_at: expiresAt ? expiresAt.toISOString() : null,
      ice_transport_policy: calls.iceTransportPolicy,
    };
    return body;
  });
};
