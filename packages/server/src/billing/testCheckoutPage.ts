import { BILLING_PATHS, type PaidPlanName, PLAN_PRICES_CENTS } from '@parley/chat-sdk';

const PLAN_LABELS: Record<PaidPlanName, string> = {
  personal: 'Personal',
  organization: 'Organization',
  lifetime: 'Lifetime Founder',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function dollars(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/** What the test checkout shows as the price, exactly as Stripe would charge it. */
export function priceLine(plan: PaidPlanName, seats: number): string {
  if (plan === 'lifetime') return `${dollars(PLAN_PRICES_CENTS.lifetime)} one-time`;
  if (plan === 'personal') return `${dollars(PLAN_PRICES_CENTS.personal)} per month, 1 user`;
  return `${seats} users × ${dollars(PLAN_PRICES_CENTS.organizationPerUser)} = ${dollars(
    seats * PLAN_PRICES_CENTS.organizationPerUser,
  )} per month`;
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

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

export const TEST_CHECKOUT_TEXT = {
  banner: 'TEST MODE — no real payment is taken. This server has no payment provider configured.',
  pay: 'Pay',
  cancel: 'Cancel',
  closed: 'This checkout is no longer open.',
  refused:
    'This checkout can only be completed in the browser that started it, signed in as its buyer. Start again from your dashboard.',
} as const;

/** Test mode's checkout page: the plan and price, and Pay / Cancel as plain forms. */
export function testCheckoutPage(checkoutId: string, plan: PaidPlanName, seats: number): string {
  const base = BILLING_PATHS.testCheckout(checkoutId);
  return page(
    `Test checkout — ${PLAN_LABELS[plan]}`,
    `<p class="banner" role="note">${escapeHtml(TEST_CHECKOUT_TEXT.banner)}</p>
<h1>Parley ${escapeHtml(PLAN_LABELS[plan])}</h1>
<p class="price">${escapeHtml(priceLine(plan, seats))}</p>
<div class="actions">
<form method="post" action="${base}pay"><button class="pay" type="submit">${TEST_CHECKOUT_TEXT.pay}</button></form>
<form method="post" action="${base}cancel"><button class="cancel" type="submit">${TEST_CHECKOUT_TEXT.cancel}</button></form>
</div>`,
  );
}

export function closedCheckoutPage(): string {
  return page(
    'Checkout closed',
    `<p class="banner" role="note">${escapeHtml(TEST_CHECKOUT_TEXT.banner)}</p>
<h1>${escapeHtml(TEST_CHECKOUT_TEXT.closed)}</h1>
<p><a href="/dashboard">Back to the dashboard</a></p>`,
  );
}

/** A checkout opened or posted without its browser binding, or from another site. */
export function refusedCheckoutPage(): string {
  return page(
    'Checkout refused',
    `<p class="banner" role="note">${escapeHtml(TEST_CHECKOUT_TEXT.banner)}</p>
<h1>${escapeHtml(TEST_CHECKOUT_TEXT.refused)}</h1>
<p><a href="/dashboard">Back to the dashboard</a></p>`,
  );
}
