import {
  BILLING_PATHS,
  type BillingStatus,
  ORG_MAX_USERS,
  ORG_MIN_USERS,
  type PaidPlanName,
} from '@parley/chat-sdk';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../appContext.js';
import { accountOf, requireUser } from '../auth/bearer.js';
import { subscriptions, type UserRow, users } from '../db/schema.js';
import { FIELD_MESSAGES, FieldCollector, objectBody } from '../http/bodyFields.js';
import { detailError, fieldError } from '../http/errors.js';
import { perUserLimit } from '../http/perUserLimit.js';
import type { BillingLedger } from './billingLedger.js';
import type { PaymentProvider } from './paymentProvider.js';
import { StripePaymentProvider } from './stripePaymentProvider.js';
import { closedCheckoutPage, testCheckoutPage } from './testCheckoutPage.js';
import { testId } from './testPaymentProvider.js';

export const BILLING_MESSAGES = {
  alreadyHeld: 'You already have this subscription plan.',
  minimumSeats: `Minimum of ${ORG_MIN_USERS} users required for Organization Plan.`,
  maximumSeats: `At most ${ORG_MAX_USERS} users can be bought at once; contact us for more.`,
  notInteger: 'A valid integer is required.',
  twoPlans: 'Choose either the Organization or the Lifetime plan, not both.',
  checkoutFailed: 'Something went wrong while creating checkout session.',
  nothingToManage: 'You have no paid plan to manage.',
  lifetimeNotCancellable: 'The Lifetime Founder plan is paid once and has nothing to cancel.',
  portalOnly: 'Manage or cancel your subscription in the billing portal.',
  testModeOnly: 'Test mode has no billing portal; cancel the test subscription instead.',
  invalidSignature: 'Invalid webhook signature.',
} as const;

export interface BillingRoutesOptions {
  ctx: AppContext;
  provider: PaymentProvider;
  ledger: BillingLedger;
  /** The app's public origin for return URLs; default: the request's own origin. */
  publicUrl?: string;
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
export async function billingRoutes(app: FastifyInstance, options: BillingRoutesOptions) {
  const { ctx, provider, ledger } = options;
  const auth = { preHandler: requireUser(ctx) };
  const originOf = (request: FastifyRequest) =>
    options.publicUrl?.replace(/\/+$/, '') ?? `${request.protocol}://${request.host}`;

  app.post(
    BILLING_PATHS.createCheckoutSession,
    { ...auth, config: { rateLimit: perUserLimit('checkout') } },
    async (request) => {
      const user = accountOf(request);
      const { plan, seats } = readPlanRequest(objectBody(request.body));
      if (holdsPlan(user, plan)) throw detailError(409, BILLING_MESSAGES.alreadyHeld);
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
        provider: provider.name,
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
      provider: provider.name,
      current_period_end:
        plan === 'lifetime' ? null : (row.currentPeriodEnd?.toISOString() ?? null),
      cancel_at_period_end: row.cancelAtPeriodEnd,
      seats: plan === 'organization' ? row.seats : null,
      manage:
        plan === 'lifetime' && provider.name === 'test'
          ? null
          : provider.name === 'stripe' && row.providerCustomerId
            ? 'portal'
            : provider.name === 'test'
              ? 'cancel'
              : null,
    };
  }

  app.get(BILLING_PATHS.billing, auth, async (request) => statusOf(accountOf(request)));

  app.post(BILLING_PATHS.billingPortal, auth, async (request) => {
    const user = accountOf(request);
    const row = await ledger.current(user.id);
    if (!row) throw detailError(404, BILLING_MESSAGES.nothingToManage);
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
    const [fresh] = await ctx.db.select().from(users).where(eq(users.id, user.id));
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
  } else {
    await app.register(async (scope) => {
      // The test checkout's Pay and Cancel are plain HTML forms.
      scope.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 1024 },
        (_request, _body, done) => done(null, undefined),
      );
      registerTestCheckout(scope, options);
    });
  }
}

function registerTestCheckout(app: FastifyInstance, { ctx, ledger }: BillingRoutesOptions) {
  async function openCheckout(id: string) {
    const [row] = await ctx.db
      .select()
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.provider, 'test'),
          eq(subscriptions.checkoutId, id),
          eq(subscriptions.status, 'pending'),
        ),
      )
      .limit(1);
    return row ?? null;
  }
  const base = '/accounts/test-checkout/:id/';

  app.get<{ Params: { id: string } }>(base, async (request, reply) => {
    const row = await openCheckout(request.params.id);
    reply.type('text/html; charset=utf-8');
    if (!row) return reply.code(404).send(closedCheckoutPage());
    return testCheckoutPage(row.checkoutId, row.plan as PaidPlanName, row.seats);
  });

  app.post<{ Params: { id: string } }>(`${base}pay`, async (request, reply) => {
    const row = await openCheckout(request.params.id);
    if (!row) return reply.code(404).type('text/html; charset=utf-8').send(closedCheckoutPage());
    // The same event a verified Stripe webhook produces, through the same ledger.
    await ledger.apply({
      id: testId('test_evt'),
      created: new Date(),
      type: 'checkout.completed',
      checkoutId: row.checkoutId,
      paid: true,
      customerId: `test_cus_${row.userId}`,
      subscriptionId: row.plan === 'lifetime' ? null : testId('test_sub'),
    });
    return reply.redirect('/dashboard?success=true', 303);
  });

  app.post<{ Params: { id: string } }>(`${base}cancel`, async (_request, reply) =>
    reply.redirect('/dashboard?cancelled=true', 303),
  );
}
