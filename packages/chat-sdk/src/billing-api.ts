import { ApiError } from './errors';
import type { HttpClient } from './http/http-client';
import { SDK_MESSAGES } from './messages';
import type { PlanName } from './pending-plan';
import type { CurrentUser } from './protocol/accounts';
import {
  BILLING_PATHS,
  type BillingPortalResponse,
  type BillingStatus,
  type CreateCheckoutSessionRequest,
  type CreateCheckoutSessionResponse,
  ORG_MIN_USERS,
  type OrganizationMembersResponse,
  type OrgInvitePreview,
  type OrgInviteRotateResponse,
} from './protocol/billing';

/** Checkout failed; `message` is the spec's (§8) text for the case. */
export class CheckoutError extends Error {
  override readonly name = 'CheckoutError';
  constructor(
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
  }
}

/** Joining an organisation failed; the spec's message, or the server's reason for a full one. */
export class JoinOrgError extends Error {
  override readonly name = 'JoinOrgError';
  constructor(
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
  }
}

/** The spec's checkout body for a plan (spec §7: organization, seat quantity and lifetime flags). */
export function checkoutRequestFor(
  plan: Exclude<PlanName, 'free'>,
  seats: number = ORG_MIN_USERS,
): CreateCheckoutSessionRequest {
  return {
    is_org: plan === 'organization',
    user_count: plan === 'organization' ? seats : 1,
    is_lifetime: plan === 'lifetime',
  };
}

/** Plans and payments (spec §7 create-checkout-session; Parley's billing calls). */
export interface BillingApi {
  /** POST /accounts/create-checkout-session/ → the url to send the browser to. */
  createCheckoutSession(body: CreateCheckoutSessionRequest): Promise<CreateCheckoutSessionResponse>;
  /**
   * Checkout for a plan by name: the url, or a CheckoutError with the spec's message ('You
   * already have this subscription plan.', 'No subscription plan specified.', 'Something went
   * wrong while creating checkout session.').
   */
  checkout(plan: PlanName | null | undefined, seats?: number): Promise<string>;
  /** GET /accounts/billing/: the current plan, renewal and how to manage it. */
  status(): Promise<BillingStatus>;
  /** POST /accounts/billing/portal/: the provider's page to manage or cancel. */
  portal(): Promise<BillingPortalResponse>;
  /** POST /accounts/billing/cancel/: ends a test-mode subscription at once. */
  cancel(): Promise<BillingStatus>;
}

/** The organisation of the signed-in user (spec §7). */
export interface OrgApi {
  /** POST /accounts/join-org/ → the updated user; JoinOrgError on failure. */
  join(token: string): Promise<CurrentUser>;
  /** GET /accounts/organization/members/ (administrators only). */
  members(): Promise<OrganizationMembersResponse>;
  /**
   * DELETE /accounts/organization/members/:id/ (administrators only; not the administrator). A
   * Parley server then replaces the invite link, so the removed member cannot walk back in.
   */
  removeMember(id: number): Promise<void>;
  /**
   * POST /accounts/organization/invite/preview/ (Parley extension): who invites, for the join
   * screen's confirmation. JoinOrgError with the spec's message for an invalid or expired token;
   * null from a backend without the extension (the screen then asks without the details).
   */
  invitePreview(token: string): Promise<OrgInvitePreview | null>;
  /**
   * POST /accounts/organization/invite/rotate/ (Parley extension, administrators only): a new
   * invite token; the old link stops working.
   */
  rotateInvite(): Promise<string>;
}

export function createBillingApi(http: HttpClient): BillingApi {
  const createCheckoutSession = (body: CreateCheckoutSessionRequest) =>
    http.request<CreateCheckoutSessionResponse>(BILLING_PATHS.createCheckoutSession, {
      method: 'POST',
      json: body,
    });
  return {
    createCheckoutSession,
    async checkout(plan, seats) {
      if (!plan) throw new CheckoutError(SDK_MESSAGES.noPlanSpecified);
      // Free needs no checkout: whoever asks for it already has it or must cancel on /billing.
      if (plan === 'free') throw new CheckoutError(SDK_MESSAGES.planAlreadyHeld);
      if (plan === 'organization' && (seats ?? ORG_MIN_USERS) < ORG_MIN_USERS) {
        throw new CheckoutError(SDK_MESSAGES.orgMinimumSeats);
      }
      try {
        const { url } = await createCheckoutSession(checkoutRequestFor(plan, seats));
        if (typeof url !== 'string' || url === '') throw new Error('The answer had no url');
        return url;
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) {
          throw new CheckoutError(SDK_MESSAGES.planAlreadyHeld, error);
        }
        // A Parley server without a payment provider says so (issue 22); show its reason.
        if (error instanceof ApiError && error.status === 503 && error.detail) {
          throw new CheckoutError(error.detail, error);
        }
        throw new CheckoutError(SDK_MESSAGES.checkoutFailed, error);
      }
    },
    status: () => http.request<BillingStatus>(BILLING_PATHS.billing),
    portal: () =>
      http.request<BillingPortalResponse>(BILLING_PATHS.billingPortal, {
        method: 'POST',
        json: {},
      }),
    cancel: () =>
      http.request<BillingStatus>(BILLING_PATHS.billingCancel, { method: 'POST', json: {} }),
  };
}

export function createOrgApi(http: HttpClient): OrgApi {
  return {
    async join(token) {
      try {
        return await http.request<CurrentUser>(BILLING_PATHS.joinOrg, {
          method: 'POST',
          json: { token },
        });
      } catch (error) {
        // A full organisation (or another one already joined) deserves its own reason.
        if (error instanceof ApiError && error.status === 409 && error.detail) {
          throw new JoinOrgError(error.detail, error);
        }
        throw new JoinOrgError(SDK_MESSAGES.joinOrgFailed, error);
      }
    },
    members: () => http.request<OrganizationMembersResponse>(BILLING_PATHS.organizationMembers),
    async removeMember(id) {
      await http.request<unknown>(BILLING_PATHS.organizationMember(id), { method: 'DELETE' });
    },
    async invitePreview(token) {
      try {
        return await http.request<OrgInvitePreview>(BILLING_PATHS.orgInvitePreview, {
          method: 'POST',
          json: { token },
        });
      } catch (error) {
        if (error instanceof ApiError && (error.status === 404 || error.status === 405)) {
          return null;
        }
        throw new JoinOrgError(SDK_MESSAGES.joinOrgFailed, error);
      }
    },
    async rotateInvite() {
      const answer = await http.request<OrgInviteRotateResponse>(BILLING_PATHS.orgInviteRotate, {
        method: 'POST',
        json: {},
      });
      return answer.org_invite_token;
    },
  };
}
