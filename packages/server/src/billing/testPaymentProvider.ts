import { randomBytes } from 'node:crypto';
import { BILLING_PATHS } from '@parley/chat-sdk';
import type { CheckoutRequest, CheckoutSession, PaymentProvider } from './paymentProvider.js';

/** A random, unguessable id: knowing it is what lets a browser pay or cancel a test checkout. */
export function testId(prefix: string): string {
  return `${prefix}_${randomBytes(24).toString('base64url')}`;
}

/**
 * Test mode: no money moves. Checkout is our own page (clearly labelled) whose Pay button emits
 * the same `checkout.completed` event a verified Stripe webhook would.
 */
export class TestPaymentProvider implements PaymentProvider {
  readonly name = 'test' as const;

  constructor(private readonly origin: (request: CheckoutRequest) => string) {}

  async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    const id = testId('test_cs');
    return { id, url: `${this.origin(request)}${BILLING_PATHS.testCheckout(id)}` };
  }

  async portalUrl(): Promise<string | null> {
    // Test mode is managed on /billing itself (its cancel call).
    return null;
  }
}
