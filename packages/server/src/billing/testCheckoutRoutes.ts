import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PaidPlanName } from '@parley/chat-sdk';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { answerLocale, varyOnLanguage } from '../i18n/answerLanguage.js';
import type { BillingLedger } from './billingLedger.js';
import { closedCheckoutPage, refusedCheckoutPage, testCheckoutPage } from './testCheckoutPage.js';
import { testId } from './testPaymentProvider.js';

export interface TestCheckoutRoutesOptions {
  ledger: BillingLedger;
  /** Signs the checkout's browser binding (the server's secret). */
  secret: Uint8Array;
  /** The app's public origin; default: the request's own origin. */
  publicUrl?: string;
}

/**
 * The test checkout belongs to the browser that started it, signed in as its buyer: the
 * create-checkout-session answer sets an HttpOnly, SameSite=Strict cookie scoped to the checkout
 * pages holding an HMAC of (checkout id, user id) under the server's secret. The page and its Pay
 * and Cancel forms need it, so a checkout id alone (a link, a log line) completes nothing, and a
 * form posted from another site arrives without it. A newer checkout replaces it.
 */
const TEST_CHECKOUT_COOKIE = 'parley_test_checkout';
const TEST_CHECKOUT_COOKIE_PATH = '/accounts/test-checkout/';

function checkoutBinding(secret: Uint8Array, checkoutId: string, userId: number): string {
  return createHmac('sha256', Buffer.from(secret))
    .update(`parley test checkout\0${checkoutId}\0${userId}`)
    .digest('base64url');
}

export function bindTestCheckout(
  request: FastifyRequest,
  reply: FastifyReply,
  options: Pick<TestCheckoutRoutesOptions, 'secret' | 'publicUrl'>,
  checkoutId: string,
  userId: number,
): void {
  const secure = request.protocol === 'https' || options.publicUrl?.startsWith('https:') === true;
  reply.header(
    'set-cookie',
    `${TEST_CHECKOUT_COOKIE}=${checkoutBinding(options.secret, checkoutId, userId)}; Path=${TEST_CHECKOUT_COOKIE_PATH}; Max-Age=3600; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`,
  );
}

function cookieValue(request: FastifyRequest, name: string): string | null {
  const header = request.headers.cookie;
  if (typeof header !== 'string') return null;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return null;
}

function sameBinding(given: string | null, expected: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * A form post from another site: the browser says so (Sec-Fetch-Site) or names another origin.
 * Requests without either header (not a browser) still need the binding cookie.
 */
function crossSite(request: FastifyRequest, ownOrigin: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string' && site !== 'same-origin') return true;
  const origin = request.headers.origin;
  return typeof origin === 'string' && origin !== ownOrigin;
}

/** Test mode's checkout page and its Pay and Cancel forms (never with a real provider). */
export const testCheckoutRoutes: FastifyPluginAsync<TestCheckoutRoutesOptions> = async (
  app,
  options,
) => {
  const { ledger } = options;
  // Pay and Cancel are plain HTML forms.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, done) => done(null, undefined),
  );
  const ownOrigin = (request: FastifyRequest) =>
    options.publicUrl?.replace(/\/+$/, '') ?? `${request.protocol}://${request.host}`;
  // The pages speak the browser's language (issue 27), so they vary with Accept-Language.
  const html = (reply: FastifyReply) => {
    varyOnLanguage(reply);
    return reply.type('text/html; charset=utf-8');
  };
  /** The checkout's row when this browser may use it; otherwise the refusal is sent. */
  async function checkoutFor(
    request: FastifyRequest<{ Params: { id: string } }>,
    reply: FastifyReply,
    post: boolean,
  ) {
    if (post && crossSite(request, ownOrigin(request))) {
      html(reply)
        .code(403)
        .send(refusedCheckoutPage(answerLocale(request)));
      return null;
    }
    const row = await ledger.openTestCheckout(request.params.id);
    if (!row) {
      html(reply)
        .code(404)
        .send(closedCheckoutPage(answerLocale(request)));
      return null;
    }
    const binding = checkoutBinding(options.secret, row.checkoutId, row.userId);
    if (!sameBinding(cookieValue(request, TEST_CHECKOUT_COOKIE), binding)) {
      html(reply)
        .code(403)
        .send(refusedCheckoutPage(answerLocale(request)));
      return null;
    }
    return row;
  }

  const base = '/accounts/test-checkout/:id/';

  app.get<{ Params: { id: string } }>(base, async (request, reply) => {
    const row = await checkoutFor(request, reply, false);
    if (!row) return reply;
    return html(reply).send(
      testCheckoutPage(row.checkoutId, row.plan as PaidPlanName, row.seats, answerLocale(request)),
    );
  });

  app.post<{ Params: { id: string } }>(`${base}pay`, async (request, reply) => {
    const row = await checkoutFor(request, reply, true);
    if (!row) return reply;
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

  app.post<{ Params: { id: string } }>(`${base}cancel`, async (request, reply) => {
    const row = await checkoutFor(request, reply, true);
    if (!row) return reply;
    return reply.redirect('/dashboard?cancelled=true', 303);
  });
};
