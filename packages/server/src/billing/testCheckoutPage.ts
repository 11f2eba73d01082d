import {
  BILLING_PATHS,
  type InterfaceLocale,
  localeDirection,
  type PaidPlanName,
  PLAN_PRICES_CENTS,
  SOURCE_LOCALE,
} from '@parley/chat-sdk';
import { SERVER_MESSAGE_SOURCE } from '../i18n/serverMessageSource.js';
import { textsFor } from '../i18n/serverTexts.js';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function dollars(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/** What the test checkout shows as the price, exactly as Stripe would charge it. */
export function priceLine(
  plan: PaidPlanName,
  seats: number,
  locale: InterfaceLocale = SOURCE_LOCALE,
): string {
  const words = textsFor(locale).server.checkout;
  if (plan === 'lifetime') return words.oneTime(dollars(PLAN_PRICES_CENTS.lifetime));
  if (plan === 'personal') return words.personalPrice(dollars(PLAN_PRICES_CENTS.personal));
  return words.organizationPrice(
    seats,
    dollars(PLAN_PRICES_CENTS.organizationPerUser),
    dollars(seats * PLAN_PRICES_CENTS.organizationPerUser),
  );
}

const STYLE = `
body{font-family:system-ui,sans-serif;background:#f8fafc;color:#0f172a;margin:0;display:grid;place-items:center;min-height:100vh}
main{background:#fff;border-radius:12px;box-shadow:0 4px 24px #0f172a1f;padding:2rem;max-width:28rem;width:calc(100% - 2rem)}
.banner{background:#fef3c7;color:#78350f;border:2px dashed #b45309;border-radius:8px;padding:.75rem 1rem;font-weight:600;margin-bottom:1.5rem}
h1{font-size:1.4rem;margin:0 0 .5rem}
.price{font-size:1.1rem;margin:0 0 1.5rem}
.actions{display:flex;gap:.75rem}
button{font:inherit;font-weight:600;border-radius:8px;padding:.65rem 1.25rem;cursor:pointer;border:1px solid #1d4ed8}
.pay{background:#1d4ed8;color:#fff}
.cancel{background:#fff;color:#1d4ed8}
button:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
`;

function page(title: string, body: string, locale: InterfaceLocale): string {
  return `<!doctype html><html lang="${locale}" dir="${localeDirection(locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/** The pages' English (the catalog is their one source; each locale's words come from it). */
const { banner, pay, cancel, closed, refused } = SERVER_MESSAGE_SOURCE.checkout;
export const TEST_CHECKOUT_TEXT = { banner, pay, cancel, closed, refused } as const;

/** Test mode's checkout page: the plan and price, and Pay / Cancel as plain forms. */
export function testCheckoutPage(
  checkoutId: string,
  plan: PaidPlanName,
  seats: number,
  locale: InterfaceLocale = SOURCE_LOCALE,
): string {
  const base = BILLING_PATHS.testCheckout(checkoutId);
  const words = textsFor(locale).server.checkout;
  const planName = words.plan(plan);
  return page(
    words.title(planName),
    `<p class="banner" role="note">${escapeHtml(words.banner)}</p>
<h1>Parley ${escapeHtml(planName)}</h1>
<p class="price">${escapeHtml(priceLine(plan, seats, locale))}</p>
<div class="actions">
<form method="post" action="${base}pay"><button class="pay" type="submit">${escapeHtml(words.pay)}</button></form>
<form method="post" action="${base}cancel"><button class="cancel" type="submit">${escapeHtml(words.cancel)}</button></form>
</div>`,
    locale,
  );
}

export function closedCheckoutPage(locale: InterfaceLocale = SOURCE_LOCALE): string {
  const words = textsFor(locale).server.checkout;
  return page(
    words.closedTitle,
    `<p class="banner" role="note">${escapeHtml(words.banner)}</p>
<h1>${escapeHtml(words.closed)}</h1>
<p><a href="/dashboard">${escapeHtml(words.backToDashboard)}</a></p>`,
    locale,
  );
}

/** A checkout opened or posted without its browser binding, or from another site. */
export function refusedCheckoutPage(locale: InterfaceLocale = SOURCE_LOCALE): string {
  const words = textsFor(locale).server.checkout;
  return page(
    words.refusedTitle,
    `<p class="banner" role="note">${escapeHtml(words.banner)}</p>
<h1>${escapeHtml(words.refused)}</h1>
<p><a href="/dashboard">${escapeHtml(words.backToDashboard)}</a></p>`,
    locale,
  );
}
