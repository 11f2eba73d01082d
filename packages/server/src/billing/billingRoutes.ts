import {
  BILLING_PATHS,
  type BillingStatus,
  ORG_MAX_USERS,
  ORG_MIN_USERS,
  type PaidPlanName,
} from '@parley/chat-sdk';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../appContext.js';
import { accountOf, requireUser } from '../auth/bearer.js';
import type { UserRow } from '../db/schema.js';
import { FIELD_MESSAGES, FieldCollector, objectBody } from '../http/bodyFields.js';
import { detailError, fieldError } from '../http/errors.js';
import { perUserLimit } from '../http/perUserLimit.js';
import { SERVER_MESSAGE_SOURCE } from '../i18n/serverMessageSource.js';
import type { BillingLedger } from './billingLedger.js';
import type { PaymentProvider } from './paymentProvider.js';
import { StripePaymentProvider } from './stripePaymentProvider.js';
import { bindTestCheckout, testCheckoutRoutes } from './testCheckoutRoutes.js';
import { testId } from './testPaymentProvider.js';

export const BILLING_MESSAGES = {
  alreadyHeld: 'You already have this subscription plan.',
  minimumSeats: `Minimum of ${ORG_MIN_USERS} users required for Organization Plan.`,
  maximumSeats: `At most ${ORG_MAX_USERS} users can be bought at once; contact us for more.`,
  notInteger: 'A valid integer is required.',
  twoPlans: SERVER_MESSAGE_SOURCE.billing.twoPlans,
  checkoutFailed: 'Something went wrong while creating checkout session.',
  nothingToManage: SERVER_MESSAGE_SOURCE.billing.nothingToManage,
  lifetimeNotCancellable: SERVER_MESSAGE_SOURCE.billing.lifetimeNotCancellable,
  portalOnly: SERVER_MESSAGE_SOURCE.billing.portalOnly,
  testModeOnly: SERVER_MESSAGE_SOURCE.billing.testModeOnly,
  invalidSignature: 'Invalid webhook signature.',
  unavailable: SERVER_MESSAGE_SOURCE.billing.unavailable,
} as const;

export interface BillingRoutesOptions {
  ctx: AppContext;
  /** Null: payments are unavailable (no Stripe keys on a production-like start). */
  provider: PaymentProvider | null;
  ledger: BillingLedger;
  /** The app's public origin for return URLs; default: the request's own origin. */
  publicUrl?: string;
  /** Signs the test checkout's browser binding (the server's secret). */
  secret: Uint8Array;
}

function readBoolean(body: Record<string, unknown>, field: string, fields: FieldCollector) {
  const value = body[field];
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean') {
    fields.add(field, FIELD_MESSAGES.notBoolean);
    return false;
  }
  return value;
}

/** The plan a checkout request asks for, validated as spec §5 says. */
function readPlanRequest(body: Record<string, unknown>): { plan: PaidPlanName; seats: number } {
  const fields = new FieldCollector();
  const isOrg = readBoolean(body, 'is_org', fields);
  const isLifetime = readBoolean(body, 'is_lifetime', fields);
  fields.throwIfAny();
  if (isOrg && isLifetime) throw detailError(400, BILLING_MESSAGES.twoPlans);
  if (!isOrg) return { plan: isLifetime ? 'lifetime' : 'personal', seats: 1 };
  const count = body.user_count ?? ORG_MIN_USERS;
  const seats = typeof count === 'string' && /^\d{1,6}$/.test(count) ? Number(count) : count;
  if (typeof seats !== 'number' || !Number.isInteger(seats)) {
    throw fieldError({ user_count: [BILLING_MESSAGES.notInteger] });
  }
  if (seats < ORG_MIN_USERS) throw fieldError({ user_count: [BILLING_MESSAGES.minimumSeats] });
  if (seats > ORG_MAX_USERS) throw fieldError({ user_count: [BILLING_MESSAGES.maximumSeats] });
  return { plan: 'organization', seats };
}

function holdsPlan(user: UserRow, plan: PaidPlanName): boolean {
  if (plan === 'lifetime') return user.isLifetime;
  if (plan === 'organization') return user.isOrgAdmin;
  // Personal is covered by a Personal or Lifetime plan of one's own (not by an organisation's).
  return user.isLifetime || (user.subscriptionActive && !user.orgInviteToken);
}

/** Checkout, plan status and management, provider webhooks, and test mode's checkout page. */
export const billingRoutes: FastifyPluginAsync<BillingRoutesOptions> = async (app, options) => {
  const { ctx, provider, ledger } = options;
  const providerName = provider?.name ?? 'none';
  const auth = { preHandler: requireUser(ctx) };
  const originOf = (request: FastifyRequest) =>
    options.publicUrl?.replace(/\/+$/, '') ?? `${request.protocol}://${request.host}`;

  app.post(
    BILLING_PATHS.createCheckoutSession,
    { ...auth, config: { rateLimit: perUserLimit('checkout') } },
    async (request, reply) => {
      const user = accountOf(request);
      const { plan, seats } = readPlanRequest(objectBody(request.body));
      if (holdsPlan(user, plan)) throw detailError(409, BILLING_MESSAGES.alreadyHeld);
      if (!provider) throw detailError(503, BILLING_MESSAGES.unavailable);
      const reference = testId('ref');
      const origin = originOf(request);
      let session: { id: string; url: string };
      try {
        session = await provider.createCheckout({
          reference,
          plan,
          seats,
          user: { id: user.id, email: user.email },
          customerId: await ledger.customerOf(user.id),
          successUrl: `${origin}/dashboard?success=true`,
          cancelUrl: `${origin}/dashboard?cancelled=true`,
        });
      } catch (error) {
        request.log.error({ err: error }, 'creating a checkout session failed');
        throw detailError(502, BILLING_MESSAGES.checkoutFailed);
      }
      await ledger.startCheckout({
        userId: user.id,
        plan,
        seats,
        reference,
        checkoutId: session.id,
      });
      if (provider.name === 'test') bindTestCheckout(request, reply, options, session.id, user.id);
      return { url: session.url };
    },
  );

  async function statusOf(user: UserRow): Promise<BillingStatus> {
    const row = await ledger.current(user.id);
    if (!row) {
      const viaOrganization = user.subscriptionActive && user.orgInviteToken !== null;
      return {
        plan: viaOrganization ? 'organization' : 'free',
        via_organization: viaOrganization,
        status: viaOrganization ? 'active' : 'none',
        provider: providerName,
        current_period_end: null,
        cancel_at_period_end: false,
        seats: viaOrganization ? user.orgMaxUsers : null,
        manage: null,
      };
    }
    const plan = row.plan as PaidPlanName;
    return {
      plan,
      via_organization: false,
      status: row.status === 'past_due' || row.paymentFailed ? 'past_due' : 'active',
      provider: providerName,
      current_period_end:
        plan === 'lifetime' ? null : (row.currentPeriodEnd?.toISOString() ?? null),
      cancel_at_period_end: row.cancelAtPeriodEnd,
      seats: plan === 'organization' ? row.seats : null,
      manage:
        plan === 'lifetime' && providerName === 'test'
          ? null
          : providerName === 'stripe' && row.providerCustomerId
            ? 'portal'
            : providerName === 'test'
              ? 'cancel'
              : null,
    };
  }

  app.get(BILLING_PATHS.billing, auth, async (request) => statusOf(accountOf(request)));

  app.post(BILLING_PATHS.billingPortal, auth, async (request) => {
    const user = accountOf(request);
    const row = await ledger.current(user.id);
    if (!row) throw detailError(404, BILLING_MESSAGES.nothingToManage);
    if (!provider) throw detailError(503, BILLING_MESSAGES.unavailable);
    if (provider.name === 'test') throw detailError(400, BILLING_MESSAGES.testModeOnly);
    if (!row.providerCustomerId) throw detailError(404, BILLING_MESSAGES.nothingToManage);
    try {
      const url = await provider.portalUrl(row.providerCustomerId, `${originOf(request)}/billing`);
      if (!url) throw new Error('the provider returned no portal url');
      return { url };
    } catch (error) {
      request.log.error({ err: error }, 'opening the billing portal failed');
      throw detailError(502, 'Something went wrong while opening the billing portal.');
    }
  });

  app.post(BILLING_PATHS.billingCancel, auth, async (request) => {
    const user = accountOf(request);
    if (!provider) throw detailError(503, BILLING_MESSAGES.unavailable);
    if (provider.name !== 'test') throw detailError(400, BILLING_MESSAGES.portalOnly);
    const row = await ledger.current(user.id);
    if (!row) throw detailError(404, BILLING_MESSAGES.nothingToManage);
    if (row.plan === 'lifetime') throw detailError(400, BILLING_MESSAGES.lifetimeNotCancellable);
    await ledger.apply({
      id: testId('test_evt'),
      created: new Date(),
      type: 'subscription.deleted',
      subscriptionId: row.providerSubscriptionId ?? row.checkoutId,
      reference: row.reference,
    });
    const fresh = await app.usersRepository.byId(user.id);
    return statusOf(fresh ?? user);
  });

  if (provider instanceof StripePaymentProvider) {
    const stripe = provider;
    // Stripe signs the exact bytes it sent, so this route reads the raw body.
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser(
        '*',
        { parseAs: 'buffer', bodyLimit: 512 * 1024 },
        (_request, body, done) => done(null, body),
      );
      scope.post(BILLING_PATHS.stripeWebhook, async (request, reply) => {
        const signature = request.headers['stripe-signature'];
        const raw = request.body;
        if (typeof signature !== 'string' || !Buffer.isBuffer(raw)) {
          throw detailError(400, BILLING_MESSAGES.invalidSignature);
        }
        let event: ReturnType<StripePaymentProvider['verifyWebhook']>;
        try {
          event = stripe.verifyWebhook(raw, signature);
        } catch (error) {
          request.log.warn({ err: error }, 'stripe webhook refused');
          throw detailError(400, BILLING_MESSAGES.invalidSignature);
        }
        const outcome = event ? await ledger.apply(event) : 'ignored';
        return reply.send({ received: true, outcome });
      });
    });
  } else if (provider) {
    await app.register(testCheckoutRoutes, {
      ledger,
      secret: options.secret,
      publicUrl: options.publicUrl,
    });
  }
};
