import ipaddr from 'ipaddr.js';
import type { PaymentProvider } from './paymentProvider.js';
import { StripePaymentProvider, type StripeSettings } from './stripePaymentProvider.js';
import { TestPaymentProvider } from './testPaymentProvider.js';

/** How plans are paid for: Stripe, the test checkout (no money moves), or not at all. */
export type PaymentsMode = 'stripe' | 'test' | 'unavailable';

export interface PaymentSettings {
  /** Stripe's keys; without them payments run in test mode, or are unavailable. */
  stripe?: StripeSettings;
  /**
   * Without Stripe: no payments at all (plans show as unavailable, checkout answers 503) instead
   * of the test checkout. `paymentSettingsFromEnv` sets it for a production-like start.
   */
  unavailable?: boolean;
  /** The app's public origin for return URLs (PUBLIC_URL); default: each request's origin. */
  publicUrl?: string;
}

export const PAYMENTS_MODES = ['stripe', 'test', 'off'] as const;

/** Whether HOST keeps the server to this machine (the default 127.0.0.1, ::1, localhost). */
export function isLoopbackHost(host: string | undefined): boolean {
  const name = (host ?? '').trim().replace(/^\[|\]$/g, '');
  if (name === '') return true;
  if (/^localhost\.?$/i.test(name)) return true;
  return ipaddr.isValid(name) && ipaddr.process(name).range() === 'loopback';
}

/**
 * STRIPE_SECRET_KEY (+ STRIPE_WEBHOOK_SECRET, required with it), PAYMENTS_MODE and PUBLIC_URL.
 * Without Stripe keys the test checkout is what a local start gets (`pnpm start` listens on
 * 127.0.0.1); a server that listens beyond loopback (HOST) or runs with NODE_ENV=production gets
 * no payments unless PAYMENTS_MODE=test says so, so a deployment never grants plans for free by
 * accident.
 */
export function paymentSettingsFromEnv(env: NodeJS.ProcessEnv): PaymentSettings {
  const secretKey = env.STRIPE_SECRET_KEY?.trim();
  const publicUrl = env.PUBLIC_URL?.trim() || undefined;
  const mode = env.PAYMENTS_MODE?.trim().toLowerCase() || undefined;
  if (mode !== undefined && !(PAYMENTS_MODES as readonly string[]).includes(mode)) {
    throw new Error(
      `PAYMENTS_MODE must be one of ${PAYMENTS_MODES.join(', ')} (got '${env.PAYMENTS_MODE}').`,
    );
  }
  if (mode === 'off') return { unavailable: true, publicUrl };
  if (mode === 'test') {
    if (secretKey) {
      throw new Error(
        'PAYMENTS_MODE=test and STRIPE_SECRET_KEY are both set: choose one (unset PAYMENTS_MODE to use Stripe).',
      );
    }
    return { publicUrl };
  }
  if (!secretKey) {
    if (mode === 'stripe') {
      throw new Error('PAYMENTS_MODE=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET.');
    }
    const local = isLoopbackHost(env.HOST) && env.NODE_ENV !== 'production';
    return local ? { publicUrl } : { unavailable: true, publicUrl };
  }
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim();
  if (!webhookSecret) {
    throw new Error(
      'STRIPE_SECRET_KEY is set but STRIPE_WEBHOOK_SECRET is not: plans are granted only by signed webhooks, so both are needed.',
    );
  }
  return { stripe: { secretKey, webhookSecret }, publicUrl };
}

export function paymentsModeOf(settings: PaymentSettings): PaymentsMode {
  return settings.stripe ? 'stripe' : settings.unavailable ? 'unavailable' : 'test';
}

/** The provider for these settings; null when payments are unavailable. */
export function paymentProviderFor(settings: PaymentSettings): PaymentProvider | null {
  if (settings.stripe) return new StripePaymentProvider(settings.stripe);
  if (settings.unavailable) return null;
  const fixed = settings.publicUrl?.replace(/\/+$/, '');
  return new TestPaymentProvider((request) => fixed ?? new URL(request.successUrl).origin);
}
