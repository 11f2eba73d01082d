import type { BillingStatus, CurrentUser } from '@parley/chat-sdk';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES } from '../src/billing/index.js';
import { checkoutBody, type PlanChoice } from './support/billing.js';
import { type ChatUser, createChatUser } from './support/chatClients.js';
import type { HttpClient } from './support/httpClient.js';
import { StripeStandIn } from './support/stripeStandIn.js';
import { startTestServer, type TestServer } from './support/testServer.js';

const WEBHOOK_SECRET = 'whsec_test_parley_0123456789';
const signer = new Stripe('sk_test_signer');

let stripe: StripeStandIn;
let server: TestServer;
let client: HttpClient;
let eventCounter = 0;

beforeAll(async () => {
  stripe = await StripeStandIn.start();
  server = await startTestServer({
    payments: {
      publicUrl: 'https://parley.example',
      stripe: {
        secretKey: 'sk_test_parley',
        webhookSecret: WEBHOOK_SECRET,
        host: '127.0.0.1',
        port: stripe.port,
        protocol: 'http',
      },
    },
  });
  client = server.client();
});
afterAll(async () => {
  await server?.close();
  await stripe?.close();
});

async function me(user: ChatUser): Promise<CurrentUser> {
  return (await client.get<CurrentUser>('/accounts/me/', { token: user.token })).body;
}

/** Starts a checkout through the real SDK against the stand-in; returns Stripe's session id. */
async function checkout(user: ChatUser, plan: PlanChoice, seats = 10): Promise<string> {
  const response = await client.post<{ url: string }>(
    '/accounts/create-checkout-session/',
    checkoutBody(plan, seats),
    { token: user.token },
  );
  expect(response.status, response.text).toBe(200);
  return response.body.url.split('/').at(-1) as string;
}

interface SentEvent {
  id: string;
  status: number;
  body: { received?: boolean; outcome?: string; detail?: string };
}

/** Posts a webhook signed like Stripe signs it (or with `secret` to forge one). */
async function webhook(
  type: string,
  object: Record<string, unknown>,
  options: { created?: number; id?: string; secret?: string; signature?: string } = {},
): Promise<SentEvent> {
  eventCounter += 1;
  const id = options.id ?? `evt_${eventCounter}`;
  const payload = JSON.stringify({
    id,
    object: 'event',
    type,
    created: options.created ?? Math.floor(Date.now() / 1000),
    data: { object },
  });
  const signature =
    options.signature ??
    signer.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET });
  const response = await fetch(`${server.url}/accounts/stripe-webhook/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
  return { id, status: response.status, body: await response.json() };
}

function completed(sessionId: string, subscription: string | null, customer = 'cus_1') {
  return webhook('checkout.session.completed', {
    id: sessionId,
    object: 'checkout.session',
    payment_status: 'paid',
    customer,
    subscription,
  });
}

function subscriptionObject(id: string, status: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    object: 'subscription',
    status,
    cancel_at_period_end: false,
    items: { data: [{ current_period_end: 1_900_000_000, quantity: 1 }] },
    ...extra,
  };
}

describe('Stripe checkout sessions', () => {
  it('Personal: subscription mode, $9.99 a month, 1 user, returning to the dashboard banners', async () => {
    const user = await createChatUser(server);
    const session = await checkout(user, 'personal');
    const call = stripe.lastCall('/v1/checkout/sessions');
    expect(call?.params.get('mode')).toBe('subscription');
    expect(call?.params.get('line_items[0][price_data][unit_amount]')).toBe('999');
    expect(call?.params.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(call?.params.get('line_items[0][price_data][recurring][interval]')).toBe('month');
    expect(call?.params.get('line_items[0][quantity]')).toBe('1');
    expect(call?.params.get('client_reference_id')).toBe(String(user.id));
    expect(call?.params.get('success_url')).toBe('https://parley.example/dashboard?success=true');
    expect(call?.params.get('cancel_url')).toBe('https://parley.example/dashboard?cancelled=true');
    expect(call?.idempotencyKey).toMatch(/^ref_/);
    expect(session).toMatch(/^cs_test_/);
    expect((await me(user)).subscription_active).toBe(false);
  });

  it('Organization: $5 per user per month with the seat count as quantity', async () => {
    const user = await createChatUser(server);
    await checkout(user, 'organization', 25);
    const call = stripe.lastCall('/v1/checkout/sessions');
    expect(call?.params.get('mode')).toBe('subscription');
    expect(call?.params.get('line_items[0][price_data][unit_amount]')).toBe('500');
    expect(call?.params.get('line_items[0][quantity]')).toBe('25');
  });

  it('Lifetime: payment mode, $99 once', async () => {
    const user = await createChatUser(server);
    await checkout(user, 'lifetime');
    const call = stripe.lastCall('/v1/checkout/sessions');
    expect(call?.params.get('mode')).toBe('payment');
    expect(call?.params.get('line_items[0][price_data][unit_amount]')).toBe('9900');
    expect(call?.params.has('line_items[0][price_data][recurring][interval]')).toBe(false);
  });

  it('a Stripe failure gives the spec’s checkout message', async () => {
    const user = await createChatUser(server);
    stripe.failNextCheckout = true;
    const response = await client.post<{ detail: string }>(
      '/accounts/create-checkout-session/',
      checkoutBody('personal'),
      { token: user.token },
    );
    expect(response.status).toBe(502);
    expect(response.body.detail).toBe(BILLING_MESSAGES.checkoutFailed);
  });
});

describe('Stripe webhooks', () => {
  it('only a correctly signed event grants the plan', async () => {
    const user = await createChatUser(server);
    const session = await checkout(user, 'personal');
    const object = {
      id: session,
      object: 'checkout.session',
      payment_status: 'paid',
      subscription: 'sub_a',
      customer: 'cus_a',
    };
    const forged = await webhook('checkout.session.completed', object, {
      secret: 'whsec_attacker',
    });
    expect(forged.status).toBe(400);
    expect(forged.body.detail).toBe(BILLING_MESSAGES.invalidSignature);
    const unsigned = await webhook('checkout.session.completed', object, {
      signature: 't=1,v1=00',
    });
    expect(unsigned.status).toBe(400);
    const old = await webhook('checkout.session.completed', object, {
      signature: signer.webhooks.generateTestHeaderString({
        payload: '{}',
        secret: WEBHOOK_SECRET,
      }),
    });
    expect(old.status).toBe(400);
    expect((await me(user)).subscription_active).toBe(false);

    const real = await webhook('checkout.session.completed', object);
    expect(real).toMatchObject({ status: 200, body: { outcome: 'applied' } });
    expect((await me(user)).subscription_active).toBe(true);
  });

  it('an unpaid completion (async payment pending) grants nothing yet', async () => {
    const user = await createChatUser(server);
    const session = await checkout(user, 'personal');
    const pending = await webhook('checkout.session.completed', {
      id: session,
      payment_status: 'unpaid',
      subscription: 'sub_unpaid',
    });
    expect(pending.body.outcome).toBe('ignored');
    expect((await me(user)).subscription_active).toBe(false);
  });

  it('a signed event for a checkout we never started grants nothing', async () => {
    const result = await completed('cs_test_unknown', 'sub_unknown');
    expect(result.body.outcome).toBe('ignored');
  });

  it('a replayed event changes nothing: a cancelled plan is not granted again', async () => {
    const user = await createChatUser(server);
    const session = await checkout(user, 'personal');
    const first = await completed(session, 'sub_replay');
    expect((await me(user)).subscription_active).toBe(true);
    const deleted = await webhook(
      'customer.subscription.deleted',
      subscriptionObject('sub_replay', 'canceled'),
    );
    expect(deleted.body.outcome).toBe('applied');
    expect((await me(user)).subscription_active).toBe(false);
    // A new delivery of the completion (new event id) cannot revive a cancelled subscription…
    expect((await completed(session, 'sub_replay')).body.outcome).toBe('ignored');
    // …and the very same event again is recognised as a duplicate.
    const sameId = await webhook(
      'checkout.session.completed',
      { id: session, payment_status: 'paid', subscription: 'sub_replay' },
      { id: first.id },
    );
    expect(sameId.body.outcome).toBe('duplicate');
    expect((await me(user)).subscription_active).toBe(false);
  });

  it('an older event arriving after a newer one is ignored', async () => {
    const user = await createChatUser(server);
    const session = await checkout(user, 'personal');
    await completed(session, 'sub_order');
    const now = Math.floor(Date.now() / 1000);
    const newer = await webhook(
      'customer.subscription.updated',
      subscriptionObject('sub_order', 'active'),
      {
        created: now + 20,
      },
    );
    expect(newer.body.outcome).toBe('applied');
    const older = await webhook(
      'customer.subscription.updated',
      subscriptionObject('sub_order', 'unpaid'),
      {
        created: now + 10,
      },
    );
    expect(older.body.outcome).toBe('ignored');
    expect((await me(user)).subscription_active).toBe(true);
  });

  it('a deletion that overtakes the checkout completion leaves the user without the plan', async () => {
    const user = await createChatUser(server);
    const session = await checkout(user, 'personal');
    const reference = stripe
      .lastCall('/v1/checkout/sessions')
      ?.params.get('metadata[parley_reference]');
    expect(reference).toMatch(/^ref_/);
    const deleted = await webhook(
      'customer.subscription.deleted',
      subscriptionObject('sub_overtaken', 'canceled', {
        metadata: { parley_reference: reference },
      }),
    );
    expect(deleted.body.outcome).toBe('applied');
    const late = await completed(session, 'sub_overtaken');
    expect(late.body.outcome).toBe('ignored');
    expect((await me(user)).subscription_active).toBe(false);
  });

  it('a failed payment keeps the plan while Stripe retries; the provider’s cancellation ends it', async () => {
    const user = await createChatUser(server);
    const session = await checkout(user, 'personal');
    await completed(session, 'sub_failing', 'cus_failing');
    const failed = await webhook('invoice.payment_failed', {
      id: 'in_1',
      object: 'invoice',
      parent: { subscription_details: { subscription: 'sub_failing' } },
    });
    expect(failed.body.outcome).toBe('applied');
    const status = await client.get<BillingStatus>('/accounts/billing/', { token: user.token });
    expect(status.body).toMatchObject({
      plan: 'personal',
      status: 'past_due',
      provider: 'stripe',
      manage: 'portal',
    });
    expect((await me(user)).subscription_active).toBe(true);

    const ended = await webhook(
      'customer.subscription.updated',
      subscriptionObject('sub_failing', 'canceled'),
      { created: Math.floor(Date.now() / 1000) + 60 },
    );
    expect(ended.body.outcome).toBe('applied');
    expect((await me(user)).subscription_active).toBe(false);
  });

  it('an Organization admin’s seat change in Stripe updates the organisation', async () => {
    const user = await createChatUser(server);
    const session = await checkout(user, 'organization', 10);
    await completed(session, 'sub_org', 'cus_org');
    expect(await me(user)).toMatchObject({ is_org_admin: true, org_max_users: 10 });
    await webhook(
      'customer.subscription.updated',
      subscriptionObject('sub_org', 'active', {
        items: { data: [{ current_period_end: 1_900_000_000, quantity: 15 }] },
      }),
      { created: Math.floor(Date.now() / 1000) + 60 },
    );
    expect(await me(user)).toMatchObject({ is_org_admin: true, org_max_users: 15 });
  });

  it('the billing portal is Stripe’s, for the paying customer, returning to /billing', async () => {
    const user = await createChatUser(server);
    const session = await checkout(user, 'personal');
    await completed(session, 'sub_portal', 'cus_portal');
    const portal = await client.post<{ url: string }>(
      '/accounts/billing/portal/',
      {},
      { token: user.token },
    );
    expect(portal.status).toBe(200);
    expect(portal.body.url).toMatch(/^https:\/\/billing\.stripe\.test\//);
    const call = stripe.lastCall('/v1/billing_portal/sessions');
    expect(call?.params.get('customer')).toBe('cus_portal');
    expect(call?.params.get('return_url')).toBe('https://parley.example/billing');
    const cancel = await client.post('/accounts/billing/cancel/', {}, { token: user.token });
    expect(cancel.status).toBe(400);
  });
});
