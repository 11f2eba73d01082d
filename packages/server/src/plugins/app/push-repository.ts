import type { PushSubscribeRequest } from '@parley/chat-sdk';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/database.js';
import { type PushSubscriptionRow, pushSubscriptions } from '../../db/schema.js';

/** Web Push subscriptions, one per device endpoint. */
export interface PushRepository {
  /** This device now pushes to `userId` (a device signed in by someone else changes hands). */
  save(userId: number, subscription: PushSubscribeRequest): Promise<void>;
  /** Only the owner removes a device's subscription. */
  removeOwn(userId: number, endpoint: string): Promise<void>;
  /** The push service says this endpoint is gone (404/410). */
  removeExpired(id: number): Promise<void>;
  forUsers(userIds: readonly number[]): Promise<PushSubscriptionRow[]>;
}

export function createPushRepository(db: Database): PushRepository {
  return {
    async save(userId, subscription) {
      await db
        .insert(pushSubscriptions)
        .values({
          userId,
          endpoint: subscription.endpoint,
          p256dh: subscription.keys.p256dh,
          auth: subscription.keys.auth,
        })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: { userId, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth },
        });
    },
    async removeOwn(userId, endpoint) {
      await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
    },
    async removeExpired(id) {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
    },
    async forUsers(userIds) {
      if (userIds.length === 0) return [];
      return db
        .select()
        .from(pushSubscriptions)
        .where(inArray(pushSubscriptions.userId, [...userIds]));
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    pushRepository: PushRepository;
  }
}

/** Attaches `app.pushRepository`. */
export const pushRepositoryPlugin = fp(
  async (app: FastifyInstance, options: { db: Database }) => {
    app.decorate('pushRepository', createPushRepository(options.db));
  },
  { name: 'push-repository' },
);
