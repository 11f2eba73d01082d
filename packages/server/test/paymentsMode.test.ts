import type { Capabilities } from '@parley/chat-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES } from '../src/billing/index.js';
import {
  isLoopbackHost,
  paymentSettingsFromEnv,
  paymentsModeOf,
} from '../src/billing/paymentsFromEnv.js';
import { checkoutBody } from './support/billing.js';
import { createChatUser } from './support/chatClients.js';
import { startTestServer, type TestServer } from './support/testServer.js';

const STRIPE = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };

describe('payments mode from the environment (issue 22)', () => {
  it('a local start gets the test checkout: HOST unset or loopback, not production', () => {
    for (const HOST of [undefined, '', '127.0.0.1', '127.0.0.2', '::1', '[::1]', 'localhost']) {
      expect(paymentsModeOf(paymentSettingsFromEnv({ HOST })), String(HOST)).toBe('test');
    }
  });

  it('beyond loopback or in production without Stripe keys: unavailable, never silently test', () => {
    for (const env of [
      { HOST: '0.0.0.0' },
      { HOST: '::' },
      { HOST: '192.168.1.20' },
      { HOST: 'parley.example.com' },
      { NODE_ENV: 'production' },
      { NODE_ENV: 'production', HOST: '127.0.0.1' },
    ]) {
      expect(paymentsModeOf(paymentSettingsFromEnv(env)), JSON.stringify(env)).toBe('unavailable');
    }
  });

  it('PAYMENTS_MODE=test is the explicit way to a test checkout in production; off turns payments off', () => {
    expect(
      paymentsModeOf(
        paymentSettingsFromEnv({ NODE_ENV: 'production', HOST: '0.0.0.0', PAYMENTS_MODE: 'test' }),
      ),
    ).toBe('test');
    expect(paymentsModeOf(paymentSettingsFromEnv({ PAYMENTS_MODE: 'off' }))).toBe('unavailable');
    expect(paymentsModeOf(paymentSettingsFromEnv({ NODE_ENV: 'production', ...STRIPE }))).toBe(
      'stripe',
    );
  });

  it('refuses contradictory or unknown settings at start with a clear message', () => {
    expect(() => paymentSettingsFromEnv({ PAYMENTS_MODE: 'free' })).toThrow(/PAYMENTS_MODE/);
    expect(() => paymentSettingsFromEnv({ PAYMENTS_MODE: 'test', ...STRIPE })).toThrow(
      /choose one/,
    );
    expect(() => paymentSettingsFromEnv({ PAYMENTS_MODE: 'stripe' })).toThrow(/STRIPE_SECRET_KEY/);
  });

  it('knows loopback hosts', () => {
    expect(isLoopbackHost('127.0.0.1')).toBe(true);
    expect(isLoopbackHost('0.0.0.0')).toBe(false);
    expect(isLoopbackHost('::ffff:127.0.0.1')).toBe(true);
    expect(isLoopbackHost('10.0.0.1')).toBe(false);
  });
});

describe('a server without a payment provider (issue 22)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ payments: paymentSettingsFromEnv({ HOST: '0.0.0.0' }) });
  });
  afterAll(() => server?.close());

  it('answers checkout with a clear 503, grants nothing and has no test checkout', async () => {
    const user = await createChatUser(server);
    const client = server.client();
    for (const plan of ['personal', 'organization', 'lifetime'] as const) {
      const answer = await client.post<{ detail?: string; url?: string }>(
        '/accounts/create-checkout-session/',
        checkoutBody(plan),
        { token: user.token },
      );
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({ detail: BILLING_MESSAGES.unavailable });
    }
    const me = await client.get<{ subscription_active: boolean }>('/accounts/me/', {
      token: user.token,
    });
    expect(me.body.subscription_active).toBe(false);
    expect((await client.get('/accounts/test-checkout/test_cs_x/')).status).toBe(404);
    const billing = await client.get<{ provider: string; manage: unknown }>('/accounts/billing/', {
      token: user.token,
    });
    expect(billing.body).toMatchObject({ provider: 'none', manage: null });
  });

  it('says so in /meta/capabilities', async () => {
    const answer = await server.client().get<Capabilities>('/meta/capabilities');
    expect(answer.body.payments).toEqual({ mode: 'unavailable' });
  });
});
