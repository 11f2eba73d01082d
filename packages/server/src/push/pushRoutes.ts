import { PUSH_LIMITS, PUSH_PATHS, type PushSubscribeRequest } from '@parley/chat-sdk';
import type { FastifyPluginAsync } from 'fastify';
import type { RouteOptions } from '../appContext.js';
import { accountOf, requireUser } from '../auth/bearer.js';
import { FieldCollector, objectBody } from '../http/bodyFields.js';
import type { EgressGuard } from '../http/egressGuard.js';
import type { PushSender } from './pushSender.js';

export const PUSH_ROUTE_MESSAGES = {
  endpoint: 'Enter a valid push service URL.',
  keys: 'The subscription keys are missing or invalid.',
} as const;

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

function key(value: unknown): string | null {
  return typeof value === 'string' &&
    value.length > 0 &&
    value.length <= PUSH_LIMITS.maxKeyLength &&
    BASE64URL.test(value)
    ? value
    : null;
}

/** Web Push subscriptions of the signed-in person's devices (Parley extension, issue 14). */
export const pushRoutes: FastifyPluginAsync<
  RouteOptions & { sender: PushSender; egress: EgressGuard }
> = async (app, { ctx, sender, egress }) => {
  const store = app.pushRepository;
  const auth = { preHandler: requireUser(ctx) };

  function readEndpoint(body: Record<string, unknown>, fields: FieldCollector): string | null {
    const endpoint = body.endpoint;
    if (
      typeof endpoint !== 'string' ||
      endpoint.length > PUSH_LIMITS.maxEndpointLength ||
      // Obviously internal URLs are refused here; the rest is checked again at connect time.
      egress.urlRefusal(endpoint) !== null
    ) {
      fields.add('endpoint', PUSH_ROUTE_MESSAGES.endpoint);
      return null;
    }
    return endpoint;
  }

  app.get(PUSH_PATHS.publicKey, auth, async () => ({ publicKey: sender.publicKey }));

  app.post(PUSH_PATHS.subscribe, auth, async (request, reply) => {
    const body = objectBody(request.body);
    const fields = new FieldCollector();
    const endpoint = readEndpoint(body, fields);
    const keys = (typeof body.keys === 'object' && body.keys !== null ? body.keys : {}) as Record<
      string,
      unknown
    >;
    const p256dh = key(keys.p256dh);
    const auth = key(keys.auth);
    if (!p256dh || !auth) fields.add('keys', PUSH_ROUTE_MESSAGES.keys);
    fields.throwIfAny();
    const subscription: PushSubscribeRequest = {
      endpoint: endpoint as string,
      keys: { p256dh: p256dh as string, auth: auth as string },
    };
    await store.save(accountOf(request).id, subscription);
    return reply.code(204).send();
  });

  app.post(PUSH_PATHS.unsubscribe, auth, async (request, reply) => {
    const body = objectBody(request.body);
    const endpoint = typeof body.endpoint === 'string' ? body.endpoint : null;
    if (!endpoint) {
      const fields = new FieldCollector();
      fields.add('endpoint', PUSH_ROUTE_MESSAGES.endpoint);
      fields.throwIfAny();
    }
    await store.removeOwn(accountOf(request).id, endpoint as string);
    return reply.code(204).send();
  });
};
