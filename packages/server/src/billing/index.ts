import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../appContext.js';
import { BillingLedger } from './billingLedger.js';
import { billingRoutes } from './billingRoutes.js';
import {
  type PaymentSettings,
  paymentProviderFor,
  paymentSettingsFromEnv,
} from './paymentsFromEnv.js';

export { BILLING_MESSAGES } from './billingRoutes.js';
export type { PaymentSettings } from './paymentsFromEnv.js';
export { TEST_CHECKOUT_TEXT } from './testCheckoutPage.js';

/** Plans and payments: checkout, billing status and management, provider events. */
export async function billingPlugin(
  app: FastifyInstance,
  options: { ctx: AppContext; payments?: PaymentSettings },
) {
  const settings = options.payments ?? paymentSettingsFromEnv(process.env);
  const provider = paymentProviderFor(settings);
  const ledger = new BillingLedger(options.ctx.db, provider.name, app.log);
  if (provider.name === 'test') {
    app.log.warn(
      'payments run in TEST MODE: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to take real payments',
    );
  }
  await billingRoutes(app, { ctx: options.ctx, provider, ledger, publicUrl: settings.publicUrl });
}
