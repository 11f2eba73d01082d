// Contract rows for spec §7's plan and organisation calls: plain fetch, spec-shaped bodies only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.js';

let server: TestServer;
let seq = 0;

beforeAll(async () => {
  server = await startTestServer({ payments: {} });
});
afterAll(() => server?.close());

async function call(method: string, path: string, token?: string, body?: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    redirect: 'manual',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {}
  // The browser keeps the test checkout's binding cookie (Parley, issue 22) for the Pay form.
  const binding = response.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith('parley_test_checkout='));
  if (binding) checkoutCookie = binding.split(';')[0] as string;
  return {
    status: response.status,
    json: json as Record<string, unknown>,
    location: response.headers.get('location'),
  };
}

let checkoutCookie = '';

/** Spec §7: GET /accounts/csrf/, then POST /accounts/register/ with the six fields. */
async function register(): Promise<{ token: string; id: number; username: string }> {
  seq += 1;
  const csrf = await fetch(`${server.url}/accounts/csrf/`);
  const cookie = csrf.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const username = `contract${process.pid}x${seq}`;
  const response = await fetch(`${server.url}/accounts/register/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'X-CSRFToken': csrfToken },
    body: JSON.stringify({
      username,
      email: `${username}@example.com`,
      phone: '+1 555 0100',
      password: 'a long enough password',
      language: 'English',
      gender: 'OTHER',
    }),
  });
  const body = (await response.json()) as { access_token: string; user_id: number };
  return { token: body.access_token, id: body.user_id, username };
}

/** The browser goes to `url`; in test mode that is our checkout page, whose Pay form we submit. */
async function pay(url: string) {
  const path = new URL(url).pathname;
  const response = await fetch(`${server.url}${path}pay`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: checkoutCookie },
    body: '',
  });
  expect(response.status).toBe(303);
}

describe('contract: POST /accounts/create-checkout-session/ {is_org, user_count, is_lifetime} → url', () => {
  it.each([
    [
      'personal',
      { is_org: false, user_count: 1, is_lifetime: false },
      { is_lifetime: false, is_org_admin: false },
    ],
    [
      'lifetime',
      { is_org: false, user_count: 1, is_lifetime: true },
      { is_lifetime: true, is_org_admin: false },
    ],
    [
      'organization',
      { is_org: true, user_count: 10, is_lifetime: false },
      { is_org_admin: true, org_max_users: 10 },
    ],
  ])('%s', async (_plan, body, flags) => {
    const user = await register();
    const checkout = await call('POST', '/accounts/create-checkout-session/', user.token, body);
    expect(checkout.status).toBe(200);
    expect(typeof checkout.json.url).toBe('string');
    await pay(checkout.json.url as string);
    const me = await call('GET', '/accounts/me/', user.token);
    expect(me.json).toMatchObject({ subscription_active: true, ...flags });
    const again = await call('POST', '/accounts/create-checkout-session/', user.token, body);
    expect(again.json.detail).toBe('You already have this subscription plan.');
  });

  it('below 10 seats: the spec’s message', async () => {
    const user = await register();
    const response = await call('POST', '/accounts/create-checkout-session/', user.token, {
      is_org: true,
      user_count: 9,
      is_lifetime: false,
    });
    expect(response.status).toBe(400);
    expect(response.json.user_count).toEqual([
      'Minimum of 10 users required for Organization Plan.',
    ]);
  });
});

describe('contract: join-org and organisation members', () => {
  it('POST /accounts/join-org/ {token}; GET members → {members, max_users}; DELETE member', async () => {
    const admin = await register();
    const checkout = await call('POST', '/accounts/create-checkout-session/', admin.token, {
      is_org: true,
      user_count: 10,
      is_lifetime: false,
    });
    await pay(checkout.json.url as string);
    const token = (await call('GET', '/accounts/me/', admin.token)).json.org_invite_token as string;
    const member = await register();
    const joined = await call('POST', '/accounts/join-org/', member.token, { token });
    expect(joined.status).toBe(200);

    const list = await call('GET', '/accounts/organization/members/', admin.token);
    expect(list.status).toBe(200);
    expect(list.json.max_users).toBe(10);
    const members = list.json.members as Record<string, unknown>[];
    expect(members.map((m) => m.id)).toEqual([admin.id, member.id]);
    for (const m of members) {
      expect(Object.keys(m).sort()).toEqual(['email', 'id', 'profile_image', 'username']);
    }

    const removed = await call(
      'DELETE',
      `/accounts/organization/members/${member.id}/`,
      admin.token,
    );
    expect(removed.status).toBeGreaterThanOrEqual(200);
    expect(removed.status).toBeLessThan(300);
    const bad = await call('POST', '/accounts/join-org/', member.token, { token: 'nope' });
    expect(bad.status).toBe(400);
  });
});

describe('contract: GET /meta/capabilities payments (Parley extension, issue 22)', () => {
  it('says how plans are paid for: {mode: "test"} here', async () => {
    const capabilities = await call('GET', '/meta/capabilities');
    expect(capabilities.status).toBe(200);
    expect(capabilities.json.payments).toEqual({ mode: 'test' });
  });
});

describe('contract: Parley organisation invite calls (issue 22)', () => {
  it('POST /accounts/organization/invite/preview/ {token} → {admin_username, admin_profile_image, members_count, max_users}; POST /accounts/organization/invite/rotate/ → {org_invite_token}', async () => {
    const admin = await register();
    const checkout = await call('POST', '/accounts/create-checkout-session/', admin.token, {
      is_org: true,
      user_count: 10,
      is_lifetime: false,
    });
    await pay(checkout.json.url as string);
    const token = (await call('GET', '/accounts/me/', admin.token)).json.org_invite_token as string;
    const guest = await register();
    const preview = await call('POST', '/accounts/organization/invite/preview/', guest.token, {
      token,
    });
    expect(preview.status).toBe(200);
    expect(preview.json).toEqual({
      admin_username: admin.username,
      admin_profile_image: null,
      members_count: 1,
      max_users: 10,
    });
    const rotated = await call('POST', '/accounts/organization/invite/rotate/', admin.token, {});
    expect(rotated.status).toBe(200);
    expect(Object.keys(rotated.json)).toEqual(['org_invite_token']);
    expect(rotated.json.org_invite_token).not.toBe(token);
    const old = await call('POST', '/accounts/join-org/', guest.token, { token });
    expect(old.status).toBe(400);
    expect(old.json.detail).toBe('Invalid or expired invite token.');
    const refused = await call('POST', '/accounts/organization/invite/rotate/', guest.token, {});
    expect(refused.status).toBe(403);
    expect(typeof refused.json.detail).toBe('string');
  });
});

describe('contract: Parley billing calls', () => {
  it('GET /accounts/billing/, POST /accounts/billing/portal/, POST /accounts/billing/cancel/', async () => {
    const user = await register();
    const free = await call('GET', '/accounts/billing/', user.token);
    expect(free.status).toBe(200);
    expect(free.json).toMatchObject({ plan: 'free', status: 'none', provider: 'test' });
    const checkout = await call('POST', '/accounts/create-checkout-session/', user.token, {
      is_org: false,
      user_count: 1,
      is_lifetime: false,
    });
    await pay(checkout.json.url as string);
    const paid = await call('GET', '/accounts/billing/', user.token);
    expect(paid.json).toMatchObject({ plan: 'personal', status: 'active', manage: 'cancel' });
    expect(typeof paid.json.current_period_end).toBe('string');
    const portal = await call('POST', '/accounts/billing/portal/', user.token, {});
    expect(portal.status).toBe(400);
    const cancelled = await call('POST', '/accounts/billing/cancel/', user.token, {});
    expect(cancelled.status).toBe(200);
    expect(cancelled.json).toMatchObject({ plan: 'free' });
    const me = await call('GET', '/accounts/me/', user.token);
    expect(me.json.subscription_active).toBe(false);
  });

  it('every billing and organisation call refuses anonymous callers', async () => {
    for (const [method, path] of [
      ['POST', '/accounts/create-checkout-session/'],
      ['POST', '/accounts/join-org/'],
      ['GET', '/accounts/organization/members/'],
      ['POST', '/accounts/organization/invite/preview/'],
      ['POST', '/accounts/organization/invite/rotate/'],
      ['DELETE', '/accounts/organization/members/1/'],
      ['GET', '/accounts/billing/'],
      ['POST', '/accounts/billing/portal/'],
      ['POST', '/accounts/billing/cancel/'],
    ] as const) {
      const response = await call(method, path, undefined, method === 'POST' ? {} : undefined);
      expect(response.status, `${method} ${path}`).toBe(401);
    }
  });
});
