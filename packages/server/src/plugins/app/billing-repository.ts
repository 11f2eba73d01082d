import { and, eq, inArray, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/database.js';
import { billingEvents, type SubscriptionRow, subscriptions } from '../../db/schema.js';
import { activateOrganization, deactivateOrganization } from './organizations-repository.js';
import { GRANTING_STATUSES, refreshPlanFlags } from './plan-flags.js';

export type NewSubscription = typeof subscriptions.$inferInsert;

/** How a provider event names its subscription: any one of these matches. */
export interface SubscriptionMatch {
  checkoutId?: string;
  subscriptionId?: string;
  reference?: string | null;
}

/** Subscriptions as one provider event sees them, inside the event's transaction. */
export interface BillingTransaction {
  /** Records a provider event once; false when it was recorded before (a replay). */
  recordEvent(provider: string, eventId: string, type: string): Promise<boolean>;
  /** The provider's subscription an event names, locked until the transaction ends. */
  lockSubscription(provider: string, match: SubscriptionMatch): Promise<SubscriptionRow | null>;
  updateSubscription(id: number, changes: Partial<SubscriptionRow>): Promise<void>;
  /** The user's subscriptions that hold a plan (GRANTING_STATUSES), in no order. */
  granting(userId: number): Promise<SubscriptionRow[]>;
  /** The administrator's organisation holds `seats` paid seats and is active. */
  activateOrganization(adminId: number, seats: number): Promise<void>;
  deactivateOrganization(adminId: number): Promise<void>;
  /** Recomputes the user's plan flags from their subscriptions and organisation. */
  refreshPlanFlags(userId: number): Promise<void>;
}

/** Subscriptions, checkouts and provider events (billing/billingLedger.ts holds the rules). */
export interface BillingRepository {
  insertSubscription(row: NewSubscription): Promise<void>;
  /** The user's subscriptions that hold a plan (GRANTING_STATUSES), in no order. */
  granting(userId: number): Promise<SubscriptionRow[]>;
  /** Customer ids (null where none) of the user's subscriptions with this provider. */
  customerIds(userId: number, provider: string): Promise<(string | null)[]>;
  /** A checkout of this provider that nothing has completed or ended yet. */
  pendingCheckout(provider: string, checkoutId: string): Promise<SubscriptionRow | null>;
  /** Runs `work` in one transaction: all of its changes happen, or none. */
  transaction<T>(work: (tx: BillingTransaction) => Promise<T>): Promise<T>;
}

function granting(db: Database, userId: number): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, GRANTING_STATUSES)));
}

function billingTransaction(tx: Database): BillingTransaction {
  return {
    async recordEvent(provider, eventId, type) {
      const inserted = await tx
        .insert(billingEvents)
        .values({ provider, eventId, type })
        .onConflictDoNothing()
        .returning();
      return inserted.length > 0;
    },
    async lockSubscription(provider, match) {
      const conditions = [];
      if (match.checkoutId) conditions.push(eq(subscriptions.checkoutId, match.checkoutId));
      if (match.subscriptionId) {
        conditions.push(eq(subscriptions.providerSubscriptionId, match.subscriptionId));
      }
      if (match.reference) conditions.push(eq(subscriptions.reference, match.reference));
      if (conditions.length === 0) return null;
      const [row] = await tx
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.provider, provider), or(...conditions)))
        .limit(1)
        .for('update');
      return row ?? null;
    },
    async updateSubscription(id, changes) {
      await tx
        .update(subscriptions)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(subscriptions.id, id));
    },
    granting: (userId) => granting(tx, userId),
    async activateOrganization(adminId, seats) {
      await activateOrganization(tx, adminId, seats);
    },
    deactivateOrganization: (adminId) => deactivateOrganization(tx, adminId),
    refreshPlanFlags: (userId) => refreshPlanFlags(tx, userId),
  };
}

export function createBillingRepository(db: Database): BillingRepository {
  return {
    async insertSubscription(row) {
      await db.insert(subscriptions).values(row);
    },
    granting: (userId) => granting(db, userId),
    async customerIds(userId, provider) {
      const rows = await db
        .select({ customer: subscriptions.providerCustomerId })
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, userId), eq(subscriptions.provider, provider)));
      return rows.map((row) => row.customer);
    },
    async pendingCheckout(provider, checkoutId) {
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.provider, provider),
            eq(subscriptions.checkoutId, checkoutId),
            eq(subscriptions.status, 'pending'),
          ),
        )
        .limit(1);
      return row ?? null;
    },
    transaction(work) {
      return db.transaction((tx) => work(billingTransaction(tx as unknown as Database)));
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    billingRepository: BillingRepository;
  }
}

/** Attaches `app.billingRepository`. */
export const billingRepositoryPlugin = fp(
  async (app: FastifyInstance, options: { db: Database }) => {
    app.decorate('billingRepository', createBillingRepository(options.db));
  },
  { name: 'billing-repository' },
);
