import type { PaidPlanName, PaymentProviderName } from '@parley/chat-sdk';

/** What a checkout sells; decided by our server when checkout starts, never by an event. */
export interface CheckoutRequest {
  /** Our reference for the checkout (sent to the provider as metadata and client reference). */
  reference: string;
  plan: PaidPlanName;
  seats: number;
  user: { id: number; email: string };
  /** The provider's customer from an earlier purchase, so one person is one customer. */
  customerId: string | null;
  successUrl: string;
  cancelUrl: string;
}

export interface CheckoutSession {
  /** The provider's id for the checkout; the completed event names it. */
  id: string;
  /** Where the browser goes to pay. */
  url: string;
}

/**
 * A verified provider event, reduced to what grants or ends a plan. `created` orders events of
 * one subscription (providers do not deliver in order).
 */
export type BillingEvent =
  | {
      id: string;
      created: Date;
      type: 'checkout.completed';
      checkoutId: string;
      /** False while an asynchronous payment method has not paid yet. */
      paid: boolean;
      customerId: string | null;
      subscriptionId: string | null;
    }
  | {
      id: string;
      created: Date;
      type: 'subscription.updated';
      subscriptionId: string;
      /** Our checkout reference from the subscription's metadata, when the provider carries it. */
      reference: string | null;
      status: string;
      currentPeriodEnd: Date | null;
      cancelAtPeriodEnd: boolean;
      quantity: number | null;
    }
  | {
      id: string;
      created: Date;
      type: 'subscription.deleted';
      subscriptionId: string;
      reference: string | null;
    }
  | { id: string; created: Date; type: 'payment.failed'; subscriptionId: string };

/** One payment provider: Stripe when configured, otherwise test mode (docs/payments.md). */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /** The provider's page where a customer manages or cancels; null when it has none. */
  portalUrl(customerId: string, returnUrl: string): Promise<string | null>;
}
