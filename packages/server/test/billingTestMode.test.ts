import type { BillingStatus, CurrentUser } from '@parley/chat-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES, TEST_CHECKOUT_TEXT } from '../src/billing/index.js';
import { hasUnlimitedPlan } from '../src/usage/index.js';
import {
  buyInTestMode,
  checkoutBody,
  startCheckout,
  submitTestCheckout,
} from './support/billing.js';
import { type ChatUser, createChatUser } from './support/chatClients.js';
import type { HttpClient } from './support/httpClient.js';
import { startTestServer, type TestServer } from './support/testServer.js';

let server: TestServer;
let client: HttpClient;

beforeAll(async () => {
  server = await startTestServer({ payments: {} });
  client = server.client();
});
afterAll(() => server?.close());

async function me(user: ChatUser): Promise<CurrentUser> {
  return (await client.get<CurrentUser>('/accounts/me/', { token: user.token })).body;
}

async function planRow(userId: number) {
  const result = await server.pglite.query<{
    subscriptionActive: boolean;
    isLifetime: boolean;
    isOrgAdmin: boolean;
  }>(
    `select subscription_active as "subscriptionActive", is_lifetime as "isLifetime",
            is_org_admin as "isOrgAdmin" from users where id = $1`,
    [userId],
  );
  return result.rows[0] as {
    subscriptionActive: boolean;
    isLifetime: boolean;
    isOrgAdmin: boolean;
  };
}

describe('test-mode checkout (no payment provider configured)', () => {
  it('answers a checkout url to our own test page, clearly labelled, and grants nothing yet', async () => {
    const user = await createChatUser(server);
    const path = await startCheckout(client, user.token, 'personal');
    expect(path).toMatch(/^\/accounts\/test-checkout\/test_cs_[\w-]+\/$/);
    const page = await client.get(path, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.text).toContain(TEST_CHECKOUT_TEXT.banner);
    expect(page.text).toContain('$9.99 per month');
    expect(page.text).toContain('>Pay</button>');
    expect(page.text).toContain('>Cancel</button>');
    expect((await me(user)).subscription_active).toBe(false);
  });

  it('Pay grants Personal through the event path and returns to the success banner', async () => {
    const user = await createChatUser(server);
    expect(hasUnlimitedPlan(await planRow(user.id))).toBe(false);
    const path = await startCheckout(client, user.token, 'personal');
    const paid = await submitTestCheckout(client, path, 'pay');
    expect(paid.status).toBe(303);
    expect(paid.location).toBe('/dashboard?success=true');
    const after = await me(user);
    expect(after).toMatchObject({
      subscription_active: true,
      is_lifetime: false,
      is_org_admin: false,
    });
    // The free plan's translation limit stops applying at once.
    expect(hasUnlimitedPlan(await planRow(user.id))).toBe(true);

    const again = await submitTestCheckout(client, path, 'pay');
    expect(again.status).toBe(404);
    const held = await client.post<{ detail: string }>(
      '/accounts/create-checkout-session/',
      checkoutBody('personal'),
      { token: user.token },
    );
    expect(held.status).toBe(409);
    expect(held.body.detail).toBe(BILLING_MESSAGES.alreadyHeld);
  });

  it('Cancel returns to the cancelled banner and grants nothing', async () => {
    const user = await createChatUser(server);
    const path = await startCheckout(client, user.token, 'lifetime');
    const cancelled = await submitTestCheckout(client, path, 'cancel');
    expect(cancelled.status).toBe(303);
    expect(cancelled.location).toBe('/dashboard?cancelled=true');
    expect((await me(user)).subscription_active).toBe(false);
  });

  it('Lifetime Founder sets is_lifetime and has nothing to cancel', async () => {
    const user = await createChatUser(server);
    const after = await buyInTestMode(client, user.token, 'lifetime');
    expect(after).toMatchObject({ subscription_active: true, is_lifetime: true });
    const status = await client.get<BillingStatus>('/accounts/billing/', { token: user.token });
    expect(status.body).toMatchObject({
      plan: 'lifetime',
      status: 'active',
      provider: 'test',
      current_period_end: null,
      manage: null,
    });
    const cancel = await client.post<{ detail: string }>(
      '/accounts/billing/cancel/',
      {},
      {
        token: user.token,
      },
    );
    expect(cancel.status).toBe(400);
    expect(cancel.body.detail).toBe(BILLING_MESSAGES.lifetimeNotCancellable);
  });

  it('Organization needs at least 10 seats and makes the buyer its administrator', async () => {
    const user = await createChatUser(server);
    for (const seats of [9, 0, -3]) {
      const refused = await client.post<Record<string, string[]>>(
        '/accounts/create-checkout-session/',
        checkoutBody('organization', seats),
        { token: user.token },
      );
      expect(refused.status).toBe(400);
      expect(refused.body.user_count).toEqual([BILLING_MESSAGES.minimumSeats]);
    }
    const typo = await client.post(
      '/accounts/create-checkout-session/',
      checkoutBody('organization', 1e9),
      {
        token: user.token,
      },
    );
    expect(typo.status).toBe(400);
    const page = await startCheckout(client, user.token, 'organization', 12);
    const html = await client.get(page);
    expect(html.text).toContain('12 users × $5.00 = $60.00 per month');
    await submitTestCheckout(client, page, 'pay');
    const after = await me(user);
    expect(after).toMatchObject({
      subscription_active: true,
      is_org_admin: true,
      org_max_users: 12,
    });
    expect(after.org_invite_token).toMatch(/^[\w-]{20,}$/);
  });

  it('refuses malformed checkout bodies with clear messages', async () => {
    const user = await createChatUser(server);
    const both = await client.post<{ detail: string }>(
      '/accounts/create-checkout-session/',
      { is_org: true, is_lifetime: true, user_count: 10 },
      { token: user.token },
    );
    expect(both.status).toBe(400);
    expect(both.body.detail).toBe(BILLING_MESSAGES.twoPlans);
    const wrongType = await client.post<Record<string, string[]>>(
      '/accounts/create-checkout-session/',
      { is_org: 'yes', is_lifetime: false, user_count: 10 },
      { token: user.token },
    );
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.is_org).toBeDefined();
    const notObject = await client.post('/accounts/create-checkout-session/', [1, 2], {
      token: user.token,
    });
    expect(notObject.status).toBe(400);
  });

  it('billing shows the renewal date, and the test-mode cancel ends the plan', async () => {
    const user = await createChatUser(server);
    await buyInTestMode(client, user.token, 'personal');
    const status = await client.get<BillingStatus>('/accounts/billing/', { token: user.token });
    expect(status.body).toMatchObject({ plan: 'personal', status: 'active', manage: 'cancel' });
    expect(Date.parse(status.body.current_period_end ?? '')).toBeGreaterThan(Date.now());
    const portal = await client.post('/accounts/billing/portal/', {}, { token: user.token });
    expect(portal.status).toBe(400);

    const cancelled = await client.post<BillingStatus>(
      '/accounts/billing/cancel/',
      {},
      {
        token: user.token,
      },
    );
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ plan: 'free', status: 'none' });
    expect((await me(user)).subscription_active).toBe(false);
    expect(hasUnlimitedPlan(await planRow(user.id))).toBe(false);
    const nothing = await client.post('/accounts/billing/cancel/', {}, { token: user.token });
    expect(nothing.status).toBe(404);
  });

  it('an unknown or forged checkout id shows a closed page and grants nothing', async () => {
    const page = await client.get('/accounts/test-checkout/test_cs_forged/');
    expect(page.status).toBe(404);
    expect(page.text).toContain(TEST_CHECKOUT_TEXT.closed);
    const pay = await submitTestCheckout(
      server.url,
      '/accounts/test-checkout/test_cs_forged/',
      'pay',
    );
    expect(pay.status).toBe(404);
  });

  it('the Stripe webhook does not exist in test mode', async () => {
    const response = await client.post('/accounts/stripe-webhook/', {
      type: 'checkout.session.completed',
    });
    expect(response.status).toBe(404);
  });

  it.each([
    ['POST', '/accounts/create-checkout-session/'],
    ['GET', '/accounts/billing/'],
    ['POST', '/accounts/billing/portal/'],
    ['POST', '/accounts/billing/cancel/'],
  ])('%s %s refuses anonymous callers', async (method, path) => {
    const response = await client.request(method, path, method === 'GET' ? undefined : {});
    expect(response.status).toBe(401);
  });
});

describe('the test checkout belongs to its buyer (issue 22)', () => {
  it('another browser that knows the checkout id cannot see, pay or cancel it', async () => {
    const user = await createChatUser(server);
    const buyer = server.client();
    const path = await startCheckout(buyer, user.token, 'personal');
    // A stranger (no cookie) and a signed-in other person (their own binding) are refused.
    const stranger = await submitTestCheckout(server.url, path, 'pay');
    expect(stranger.status).toBe(403);
    expect(stranger.text).toContain(TEST_CHECKOUT_TEXT.refused);
    const other = await createChatUser(server);
    const otherBrowser = server.client();
    await startCheckout(otherBrowser, other.token, 'lifetime');
    expect((await submitTestCheckout(otherBrowser, path, 'pay')).status).toBe(403);
    expect((await server.client().get(path)).status).toBe(403);
    expect((await me(user)).subscription_active).toBe(false);
    // The buyer's own browser still completes it.
    expect((await submitTestCheckout(buyer, path, 'pay')).status).toBe(303);
    expect((await me(user)).subscription_active).toBe(true);
  });

  it('refuses a form posted from another site, even with the cookie', async () => {
    const user = await createChatUser(server);
    const buyer = server.client();
    const path = await startCheckout(buyer, user.token, 'personal');
    const foreign = await submitTestCheckout(buyer, path, 'pay', {
      origin: 'https://evil.example',
    });
    expect(foreign.status).toBe(403);
    const crossSite = await submitTestCheckout(buyer, path, 'pay', {
      'sec-fetch-site': 'cross-site',
    });
    expect(crossSite.status).toBe(403);
    expect((await me(user)).subscription_active).toBe(false);
    const sameOrigin = await submitTestCheckout(buyer, path, 'pay', {
      origin: server.url,
      'sec-fetch-site': 'same-origin',
    });
    expect(sameOrigin.status).toBe(303);
    expect((await me(user)).subscription_active).toBe(true);
  });

  it('binds with an HttpOnly, SameSite=Strict cookie scoped to the checkout pages', async () => {
    const user = await createChatUser(server);
    const response = await fetch(`${server.url}/accounts/create-checkout-session/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(checkoutBody('personal')),
    });
    expect(response.status).toBe(200);
    const cookie = response.headers
      .getSetCookie()
      .find((c) => c.startsWith('parley_test_checkout='));
    expect(cookie).toMatch(/Path=\/accounts\/test-checkout\//);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
  });
});
