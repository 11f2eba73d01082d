/** Wire types of plans, payments and organisations (spec §7 "Account", §9 "Plans"). */

import type { OrgMemberSummary } from './accounts';

/** REST paths; the first four are the spec's, the rest Parley additions (docs/protocol.md). */
export const BILLING_PATHS = {
  createCheckoutSession: '/accounts/create-checkout-session/',
  joinOrg: '/accounts/join-org/',
  organizationMembers: '/accounts/organization/members/',
  /** DELETE with the member's id: `/accounts/organization/members/:id/`. */
  organizationMember: (id: number) => `/accounts/organization/members/${id}/`,
  /** POST (administrator): a new invite token; the old link stops working. */
  orgInviteRotate: '/accounts/organization/invite/rotate/',
  /** POST `{token}`: who invites, for the join screen's confirmation. */
  orgInvitePreview: '/accounts/organization/invite/preview/',
  /** GET: the current plan and how to manage it. */
  billing: '/accounts/billing/',
  /** POST: `{url}` of the provider's page to manage or cancel the plan (Stripe's portal). */
  billingPortal: '/accounts/billing/portal/',
  /** POST: ends a test-mode subscription (test mode only). */
  billingCancel: '/accounts/billing/cancel/',
  /** Signed provider events (Stripe webhooks); never called by the client. */
  stripeWebhook: '/accounts/stripe-webhook/',
  /** Test mode's own checkout page: `/accounts/test-checkout/:id/`. */
  testCheckout: (id: string) => `/accounts/test-checkout/${encodeURIComponent(id)}/`,
} as const;

/** Spec §9: the Organization plan needs at least this many seats; also the default. */
export const ORG_MIN_USERS = 10;
/** An upper bound so a typo cannot order a million seats. */
export const ORG_MAX_USERS = 10_000;

/** Spec §9 prices, in cents (USD). */
export const PLAN_PRICES_CENTS = {
  personal: 999,
  organizationPerUser: 500,
  lifetime: 9900,
} as const;

/** Body of POST /accounts/create-checkout-session/ (spec §7). */
export interface CreateCheckoutSessionRequest {
  is_org: boolean;
  /** Seats; read for the Organization plan (at least ORG_MIN_USERS), ignored otherwise. */
  user_count: number;
  is_lifetime: boolean;
}

/** Answer of POST /accounts/create-checkout-session/: the browser goes to `url`. */
export interface CreateCheckoutSessionResponse {
  url: string;
}

/** Body of POST /accounts/join-org/. */
export interface JoinOrgRequest {
  token: string;
}

/** Answer of GET /accounts/organization/members/; the first member is the administrator. */
export interface OrganizationMembersResponse {
  members: OrgMemberSummary[];
  max_users: number;
}

/** Answer of POST /accounts/organization/invite/rotate/ (Parley extension, issue 22). */
export interface OrgInviteRotateResponse {
  org_invite_token: string;
}

/** Answer of POST /accounts/organization/invite/preview/ (Parley extension, issue 22). */
export interface OrgInvitePreview {
  admin_username: string;
  admin_profile_image: string | null;
  /** Seats taken, the administrator's included. */
  members_count: number;
  max_users: number;
}

export type PaidPlanName = 'personal' | 'organization' | 'lifetime';
/** 'none' (Parley, issue 22): payments are unavailable on this server. */
export type PaymentProviderName = 'test' | 'stripe' | 'none';

/** Answer of GET /accounts/billing/. */
export interface BillingStatus {
  /** 'free' when no paid plan is held (an organisation member shows 'organization'). */
  plan: 'free' | PaidPlanName;
  /** The plan came with an organisation the user belongs to but does not administer. */
  via_organization: boolean;
  status: 'none' | 'active' | 'past_due';
  provider: PaymentProviderName;
  /** ISO date the subscription renews (or ends, with cancel_at_period_end); null for lifetime. */
  current_period_end: string | null;
  cancel_at_period_end: boolean;
  seats: number | null;
  /** How the plan is managed: the provider's portal, test mode's cancel, or nothing to manage. */
  manage: 'portal' | 'cancel' | null;
}

/** Answer of POST /accounts/billing/portal/. */
export interface BillingPortalResponse {
  url: string;
}

// ---------------------------------------------------------------------------------------------
// Socket frames of the plans (spec §7)

export interface TierLimitAction {
  label: string;
  url: string;
}

/** Over the free plan's limit (message delivered untranslated): shown as a modal. */
export interface TierLimitWarningFrame {
  type: 'tier_limit_warning';
  title: string;
  message: string;
  actions: TierLimitAction[];
}

/** Opens the upgrade modal. */
export interface SubscriptionRequiredFrame {
  type: 'subscription_required';
  detail?: string;
}
