import type { PaidPlanName, PaymentProviderName } from '@parley/chat-sdk';
import type { FastifyBaseLogger } from 'fastify';
import type { SubscriptionRow } from '../db/schema.js';
import type {
  BillingRepository,
  BillingTransaction,
  SubscriptionMatch,
} from '../plugins/app/billing-repository.js';
import { GRANTING_STATUSES } from '../plugins/app/plan-flags.js';
import type { BillingEvent } from './paymentProvider.js';

export type ApplyOutcome = 'applied' | 'duplicate' | 'ignored';

/** Provider subscription states, reduced to ours. `canceled` is final. */
function statusFor(providerStatus: string): SubscriptionRow['status'] | null {
  switch (providerStatus) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
      return 'past_due';
    case 'unpaid':
    case 'paused':
      return 'expired';
    case 'canceled':
    case 'incomplete_expired':
      return 'canceled';
    default:
      // 'incomplete': the first payment has not gone through; nothing changes yet.
      return null;
  }
}

/**
 * The one place plans are granted and ended: it applies verified provider events (Stripe
 * webhooks, test-mode Pay and Cancel) to subscriptions, each event at most once, and keeps the
 * users' plan flags and organisations in step.
 */
export class BillingLedger {
  constructor(
    private readonly billing: BillingRepository,
    private readonly provider: PaymentProviderName,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Records a checkout that a verified event may later complete. */
  async startCheckout(row: {
    userId: number;
    plan: PaidPlanName;
    seats: number;
    reference: string;
    checkoutId: string;
  }): Promise<void> {
    await this.billing.insertSubscription({ ...row, provider: this.provider });
  }

  /** The user's plan-holding subscription, newest first. */
  async current(
    userId: number,
    from: Pick<BillingTransaction, 'granting'> = this.billing,
  ): Promise<SubscriptionRow | null> {
    const rows = await from.granting(userId);
    const rank = { lifetime: 0, organization: 1, personal: 2 } as const;
    rows.sort(
      (a, b) =>
        rank[a.plan as PaidPlanName] - rank[b.plan as PaidPlanName] ||
        b.createdAt.getTime() - a.createdAt.getTime(),
    );
    return rows[0] ?? null;
  }

  /** The last customer id the provider gave this user, so repeat purchases reuse it. */
  async customerOf(userId: number): Promise<string | null> {
    const customers = await this.billing.customerIds(userId, this.provider);
    return customers.find((customer) => customer !== null) ?? null;
  }

  /** A test-mode checkout still waiting for Pay or Cancel. */
  openTestCheckout(checkoutId: string): Promise<SubscriptionRow | null> {
    return this.billing.pendingCheckout('test', checkoutId);
  }

  /** Applies one verified event; a replay (same event id) changes nothing. */
  async apply(event: BillingEvent): Promise<ApplyOutcome> {
    return this.billing.transaction(async (tx) => {
      if (!(await tx.recordEvent(this.provider, event.id, event.type))) return 'duplicate';
      const outcome = await this.applyOnce(tx, event);
      if (outcome === 'ignored')
        this.log.info({ event: event.id, type: event.type }, 'billing event ignored');
      return outcome;
    });
  }

  private find(tx: BillingTransaction, match: SubscriptionMatch): Promise<SubscriptionRow | null> {
    return tx.lockSubscription(this.provider, match);
  }

  private async applyOnce(tx: BillingTransaction, event: BillingEvent): Promise<ApplyOutcome> {
    if (event.type === 'checkout.completed') {
      const row = await this.find(tx, { checkoutId: event.checkoutId });
      if (!row || !event.paid) return 'ignored';
      // The subscription ended (its deletion overtook this event): a late completion grants nothing.
      if (row.status === 'canceled') {
        await this.save(tx, row, {
          providerSubscriptionId: event.subscriptionId,
          providerCustomerId: event.customerId,
        });
        return 'ignored';
      }
      const status = row.status === 'pending' ? 'active' : row.status;
      await this.save(tx, row, {
        status,
        providerSubscriptionId: event.subscriptionId ?? row.providerSubscriptionId,
        providerCustomerId: event.customerId ?? row.providerCustomerId,
        currentPeriodEnd:
          row.currentPeriodEnd ?? (row.plan === 'lifetime' ? null : monthAfter(event.created)),
      });
      await this.grant(tx, { ...row, status });
      return 'applied';
    }

    const row = await this.find(tx, {
      subscriptionId: event.subscriptionId,
      reference: 'reference' in event ? event.reference : null,
    });
    if (!row || row.status === 'canceled') return 'ignored';
    // Providers do not deliver in order: an event older than the last one applied is stale.
    const stale = row.lastEventAt !== null && event.created < row.lastEventAt;

    if (event.type === 'subscription.deleted') {
      await this.save(tx, row, {
        status: 'canceled',
        providerSubscriptionId: event.subscriptionId,
        lastEventAt: stale ? row.lastEventAt : event.created,
      });
      await this.grant(tx, { ...row, status: 'canceled' });
      return 'applied';
    }
    if (stale) return 'ignored';

    if (event.type === 'payment.failed') {
      await this.save(tx, row, { paymentFailed: true, lastEventAt: event.created });
      return 'applied';
    }

    const mapped = statusFor(event.status);
    // A subscription becomes active through its checkout's completion, never by an update alone.
    const status = mapped === null || row.status === 'pending' ? row.status : mapped;
    const seats =
      row.plan === 'organization' && event.quantity && event.quantity >= 1
        ? event.quantity
        : row.seats;
    await this.save(tx, row, {
      status,
      seats,
      providerSubscriptionId: event.subscriptionId,
      currentPeriodEnd: event.currentPeriodEnd ?? row.currentPeriodEnd,
      cancelAtPeriodEnd: event.cancelAtPeriodEnd,
      paymentFailed: status === 'active' ? false : row.paymentFailed,
      lastEventAt: event.created,
    });
    await this.grant(tx, { ...row, status, seats });
    return 'applied';
  }

  private async save(
    tx: BillingTransaction,
    row: SubscriptionRow,
    changes: Partial<SubscriptionRow>,
  ) {
    await tx.updateSubscription(row.id, changes);
  }

  /** Brings the organisation and the plan flags in line with the subscription's new state. */
  private async grant(tx: BillingTransaction, row: SubscriptionRow) {
    const holds = (GRANTING_STATUSES as readonly string[]).includes(row.status);
    if (row.plan === 'organization') {
      if (holds) await tx.activateOrganization(row.userId, row.seats);
      else await tx.deactivateOrganization(row.userId);
      // Another active Organization subscription of the same admin keeps the organisation.
      const other = await this.current(row.userId, tx);
      if (!holds && other?.plan === 'organization') {
        await tx.activateOrganization(row.userId, other.seats);
      }
    }
    await tx.refreshPlanFlags(row.userId);
  }
}

function monthAfter(date: Date): Date {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}
