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

/** Submits the test checkout page's Pay or Cancel form, as a browser would (no redirect followed). */
export async function submitTestCheckout(
  baseUrl: string,
  pagePath: string,
  action: 'pay' | 'cancel',
): Promise<{ status: number; location: string | null; text: string }> {
  const response = await fetch(new URL(`${pagePath}${action}`, baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
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
  const paid = await submitTestCheckout(client.baseUrl, page, 'pay');
  expect(paid.status, paid.text).toBe(303);
  const me = await client.get<CurrentUser>('/accounts/me/', { token });
  return me.body;
}
