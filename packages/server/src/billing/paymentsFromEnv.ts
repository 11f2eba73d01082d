import type { PaymentProvider } from './paymentProvider.js';
import { StripePaymentProvider, type StripeSettings } from './stripePaymentProvider.js';
import { TestPaymentProvider } from './testPaymentProvider.js';

export interface PaymentSettings {
  /** Stripe's keys; without them payments run in test mode. */
  stripe?: StripeSettings;
  /** The app's public origin for return URLs (PUBLIC_URL); default: each request's origin. */
  publicUrl?: string;
}

/** STRIPE_SECRET_KEY (+ STRIPE_WEBHOOK_SECRET, required with it) and PUBLIC_URL. */
export function paymentSettingsFromEnv(env: NodeJS.ProcessEnv): PaymentSettings {
  const secretKey = env.STRIPE_SECRET_KEY?.trim();
  const publicUrl = env.PUBLIC_URL?.trim() || undefined;
  if (!secretKey) return { publicUrl };
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim();
  if (!webhookSecret) {
    throw new Error(
      'STRIPE_SECRET_KEY is set but STRIPE_WEBHOOK_SECRET is not: plans are granted only by signed webhooks, so both are needed.',
    );
  }
  return { stripe: { secretKey, webhookSecret }, publicUrl };
}

export function paymentProviderFor(settings: PaymentSettings): PaymentProvider {
  if (settings.stripe) return new StripePaymentProvider(settings.stripe);
  const fixed = settings.publicUrl?.replace(/\/+$/, '');
  return new TestPaymentProvider((request) => fixed ?? new URL(request.successUrl).origin);
}
