import type { CurrentUser } from '@parley/chat-sdk';
import { expect } from 'vitest';
import type { HttpClient } from './httpClient.js';

export type PlanChoice = 'personal' | 'organization' | 'lifetime';

export function checkoutBody(plan: PlanChoice, seats = 10) {
  return {
    is_org: plan === 'organization',
    user_count: plan === 'organization' ? seats : 1,
    is_lifetime: plan === 'lifetime',
  };
}

/** Starts a checkout and returns the test checkout page's path. */
export async function startCheckout(
  client: HttpClient,
  token: string,
  plan: PlanChoice,
  seats = 10,
): Promise<string> {
  const response = await client.post<{ url: string }>(
    '/accounts/create-checkout-session/',
    checkoutBody(plan, seats),
    { token },
  );
  expect(response.status, response.text).toBe(200);
  return new URL(response.body.url).pathname;
}

/**
 * Submits the test checkout page's Pay or Cancel form, as a browser would (no redirect followed):
 * `browser` is the client that started the checkout (its cookie jar holds the checkout's
 * binding), or a bare base URL for a browser that never saw it. `headers` adds e.g. the Origin a
 * browser sends.
 */
export async function submitTestCheckout(
  browser: HttpClient | string,
  pagePath: string,
  action: 'pay' | 'cancel',
  headers: Record<string, string> = {},
): Promise<{ status: number; location: string | null; text: string }> {
  const baseUrl = typeof browser === 'string' ? browser : browser.baseUrl;
  const cookie =
    typeof browser === 'string'
      ? undefined
      : [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const response = await fetch(new URL(`${pagePath}${action}`, baseUrl), {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
    body: '',
    redirect: 'manual',
  });
  return {
    status: response.status,
    location: response.headers.get('location'),
    text: await response.text(),
  };
}

/** Buys a plan in test mode: checkout, then the page's Pay form. */
export async function buyInTestMode(
  client: HttpClient,
  token: string,
  plan: PlanChoice,
  seats = 10,
): Promise<CurrentUser> {
  const page = await startCheckout(client, token, plan, seats);
  const paid = await submitTestCheckout(client, page, 'pay');
  expect(paid.status, paid.text).toBe(303);
  const me = await client.get<CurrentUser>('/accounts/me/', { token });
  return me.body;
}
