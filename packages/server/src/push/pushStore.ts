import type { PushSubscribeRequest } from '@parley/chat-sdk';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { type PushSubscriptionRow, pushSubscriptions } from '../db/schema.js';

/** Web Push subscriptions, one per device endpoint. */
export class PushStore {
  constructor(private readonly db: Database) {}

  /** This device now pushes to `userId` (a device signed in by someone else changes hands). */
  async save(userId: number, subscription: PushSubscribeRequest): Promise<void> {
    await this.db
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
  }

  /** Only the owner removes a device's subscription. */
  async removeOwn(userId: number, endpoint: string): Promise<void> {
    await this.db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
  }

  /** The push service says this endpoint is gone (404/410). */
  async removeExpired(id: number): Promise<void> {
    await this.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
  }

  async forUsers(userIds: number[]): Promise<PushSubscriptionRow[]> {
    if (userIds.length === 0) return [];
    return this.db
      .select()
      .from(pushSubscriptions)
      .where(inArray(pushSubscriptions.userId, userIds));
  }
}
