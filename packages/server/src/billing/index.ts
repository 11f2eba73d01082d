import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../appContext.js';
import { BillingLedger } from './billingLedger.js';
import { billingRoutes } from './billingRoutes.js';
import { type PaymentSettings, paymentProviderFor } from './paymentsFromEnv.js';

export { BILLING_MESSAGES } from './billingRoutes.js';
export {
  type PaymentSettings,
  type PaymentsMode,
  paymentSettingsFromEnv,
  paymentsModeOf,
} from './paymentsFromEnv.js';
export { TEST_CHECKOUT_TEXT } from './testCheckoutPage.js';

/** Plans and payments: checkout, billing status and management, provider events. */
export const billingPlugin: FastifyPluginAsync<{
  ctx: AppContext;
  payments: PaymentSettings;
  secret: Uint8Array;
}> = async (app, options) => {
  const settings = options.payments;
  const provider = paymentProviderFor(settings);
  // Without a provider nothing is written; the ledger still reads plans bought earlier.
  const ledger = new BillingLedger(app.billingRepository, provider?.name ?? 'test', app.log);
  if (provider?.name === 'test') {
    app.log.warn(
      'payments run in TEST MODE: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to take real payments',
    );
  } else if (!provider) {
    app.log.warn(
      'payments are UNAVAILABLE: this server listens beyond loopback or runs with NODE_ENV=production and has no Stripe keys; set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or PAYMENTS_MODE=test for a test checkout',
    );
  }
  await app.register(billingRoutes, {
    ctx: options.ctx,
    provider,
    ledger,
    publicUrl: settings.publicUrl,
    secret: options.secret,
  });
};
