import { createRequire } from 'node:module';
import { PLAN_PRICES_CENTS } from '@parley/chat-sdk';
import type Stripe from 'stripe';
import type {
  BillingEvent,
  CheckoutRequest,
  CheckoutSession,
  PaymentProvider,
} from './paymentProvider.js';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Where the Stripe API lives; tests point these at a stand-in on 127.0.0.1. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

const PRODUCT_NAMES = {
  personal: 'Parley Personal',
  organization: 'Parley Organization (per user)',
  lifetime: 'Parley Lifetime Founder',
} as const;

const require = createRequire(import.meta.url);

type StripeEvent = ReturnType<Stripe['webhooks']['constructEvent']>;

function idOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string') {
    return (value as { id: string }).id;
  }
  return null;
}

function fromUnix(seconds: unknown): Date | null {
  return typeof seconds === 'number' && Number.isFinite(seconds) ? new Date(seconds * 1000) : null;
}

/** Stripe Checkout Sessions, the customer portal, and webhooks verified by the SDK. */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(private readonly settings: StripeSettings) {
    // Loaded here, in Stripe mode only: the SDK costs 13 MB resident and a third of a second of
    // start-up to every server that takes no payments (test mode, off).
    const StripeSdk = require('stripe') as typeof Stripe;
    this.stripe = new StripeSdk(settings.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      ...(settings.host ? { host: settings.host } : {}),
      ...(settings.port ? { port: settings.port } : {}),
      ...(settings.protocol ? { protocol: settings.protocol } : {}),
    });
  }

  async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    const { plan } = request;
    const lineItem =
      plan === 'lifetime'
        ? {
            price_data: {
              currency: 'usd',
              unit_amount: PLAN_PRICES_CENTS.lifetime,
              product_data: { name: PRODUCT_NAMES.lifetime },
            },
            quantity: 1,
          }
        : {
            price_data: {
              currency: 'usd',
              unit_amount:
                plan === 'organization'
                  ? PLAN_PRICES_CENTS.organizationPerUser
                  : PLAN_PRICES_CENTS.personal,
              recurring: { interval: 'month' as const },
              product_data: { name: PRODUCT_NAMES[plan] },
            },
            quantity: plan === 'organization' ? request.seats : 1,
          };
    const metadata = { parley_reference: request.reference, parley_plan: plan };
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: plan === 'lifetime' ? 'payment' : 'subscription',
        line_items: [lineItem],
        client_reference_id: String(request.user.id),
        ...(request.customerId
          ? { customer: request.customerId }
          : plan === 'lifetime'
            ? { customer_email: request.user.email, customer_creation: 'always' as const }
            : { customer_email: request.user.email }),
        metadata,
        ...(plan === 'lifetime' ? {} : { subscription_data: { metadata } }),
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
      },
      { idempotencyKey: request.reference },
    );
    if (!session.url) throw new Error('Stripe returned a checkout session without a url');
    return { id: session.id, url: session.url };
  }

  async portalUrl(customerId: string, returnUrl: string): Promise<string | null> {
    const session = await this.stripe.billingPortal.sessions.create({
      customer: customerId,
      return_url: returnUrl,
    });
    return session.url;
  }

  /**
   * The event of a webhook whose `Stripe-Signature` the SDK verified (throws otherwise); null
   * for event types that do not touch plans.
   */
  verifyWebhook(rawBody: Buffer, signature: string): BillingEvent | null {
    const event = this.stripe.webhooks.constructEvent(
      rawBody,
      signature,
      this.settings.webhookSecret,
    );
    return toBillingEvent(event);
  }
}

function referenceOf(object: Record<string, unknown>): string | null {
  const metadata = object.metadata as Record<string, unknown> | null | undefined;
  const value = metadata?.parley_reference;
  return typeof value === 'string' && value !== '' ? value : null;
}

/** Reads both the current API shape and the older one (period end on the subscription). */
export function toBillingEvent(event: StripeEvent): BillingEvent | null {
  const created = fromUnix(event.created) ?? new Date();
  const object = event.data.object as unknown as Record<string, unknown>;
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const paymentStatus = object.payment_status;
      return {
        id: event.id,
        created,
        type: 'checkout.completed',
        checkoutId: String(object.id),
        paid: paymentStatus === 'paid' || paymentStatus === 'no_payment_required',
        customerId: idOf(object.customer),
        subscriptionId: idOf(object.subscription),
      };
    }
    case 'customer.subscription.updated':
    case 'customer.subscription.created': {
      const items = (object.items as { data?: Record<string, unknown>[] } | undefined)?.data ?? [];
      const first = items[0];
      return {
        id: event.id,
        created,
        type: 'subscription.updated',
        subscriptionId: String(object.id),
        reference: referenceOf(object),
        status: String(object.status),
        currentPeriodEnd: fromUnix(first?.current_period_end ?? object.current_period_end),
        cancelAtPeriodEnd: object.cancel_at_period_end === true,
        quantity: typeof first?.quantity === 'number' ? first.quantity : null,
      };
    }
    case 'customer.subscription.deleted':
      return {
        id: event.id,
        created,
        type: 'subscription.deleted',
        subscriptionId: String(object.id),
        reference: referenceOf(object),
      };
    case 'invoice.payment_failed': {
      const parent = object.parent as
        | { subscription_details?: { subscription?: unknown } }
        | undefined;
      const subscriptionId =
        idOf(parent?.subscription_details?.subscription) ?? idOf(object.subscription);
      return subscriptionId
        ? { id: event.id, created, type: 'payment.failed', subscriptionId }
        : null;
    }
    default:
      return null;
  }
}
