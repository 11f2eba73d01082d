/** MSW handlers for the plan, billing and organisation calls in stories. */
import type { BillingStatus, OrgInvitePreview, OrgMemberSummary } from '@parley/chat-sdk';
import { delay, HttpResponse, http } from 'msw';

export const members: OrgMemberSummary[] = [
  { id: 1, username: 'ana', profile_image: null, email: 'ana@example.com' },
  { id: 2, username: 'bruno', profile_image: null, email: 'bruno@example.com' },
  {
    id: 3,
    username: 'a_member_with_a_very_long_username_indeed',
    profile_image: null,
    email: 'long@example.com',
  },
];

export function checkoutAnswers(url = 'https://checkout.example/cs_1') {
  return http.post('/accounts/create-checkout-session/', () => HttpResponse.json({ url }));
}

export function checkoutFails(status: number) {
  return http.post('/accounts/create-checkout-session/', () =>
    HttpResponse.json({ detail: 'refused' }, { status }),
  );
}

export const checkoutHangs = http.post('/accounts/create-checkout-session/', async () => {
  await delay('infinite');
  return HttpResponse.json({});
});

export function joinAnswers(status = 200, detail = 'Invalid or expired invite token.') {
  return http.post('/accounts/join-org/', () =>
    status === 200 ? HttpResponse.json({}) : HttpResponse.json({ detail }, { status }),
  );
}

export const joinHangs = http.post('/accounts/join-org/', async () => {
  await delay('infinite');
  return HttpResponse.json({});
});

/** POST /accounts/organization/invite/preview/ (Parley extension): who invites, or an error. */
export function previewAnswers(
  status = 200,
  preview: Partial<OrgInvitePreview> = {},
): ReturnType<typeof http.post> {
  return http.post('/accounts/organization/invite/preview/', () =>
    status === 200
      ? HttpResponse.json({
          admin_username: 'ana',
          admin_profile_image: null,
          members_count: 3,
          max_users: 10,
          ...preview,
        } satisfies OrgInvitePreview)
      : HttpResponse.json({ detail: 'Invalid or expired invite token.' }, { status }),
  );
}

/** POST /accounts/organization/invite/rotate/: a new token, or a failure. */
export function rotateAnswers(status = 200, token = 'fresh-invite-456') {
  return http.post('/accounts/organization/invite/rotate/', () =>
    status === 200
      ? HttpResponse.json({ org_invite_token: token })
      : HttpResponse.json({ detail: 'no' }, { status }),
  );
}

export const rotateHangs = http.post('/accounts/organization/invite/rotate/', async () => {
  await delay('infinite');
  return HttpResponse.json({});
});

export function membersAnswer(list: OrgMemberSummary[] = members, status = 200) {
  return http.get('/accounts/organization/members/', () =>
    status === 200
      ? HttpResponse.json({ members: list, max_users: 10 })
      : HttpResponse.json(
          { detail: 'Only the organization administrator can manage its members.' },
          { status },
        ),
  );
}

export function removeAnswers(status = 204) {
  return http.delete('/accounts/organization/members/:id/', () =>
    status === 204
      ? new HttpResponse(null, { status })
      : HttpResponse.json({ detail: 'no' }, { status }),
  );
}

export function billingAnswer(billing: Partial<BillingStatus>) {
  return http.get('/accounts/billing/', () =>
    HttpResponse.json({
      plan: 'free',
      via_organization: false,
      status: 'none',
      provider: 'test',
      current_period_end: null,
      cancel_at_period_end: false,
      seats: null,
      manage: null,
      ...billing,
    } satisfies BillingStatus),
  );
}

export const cancelAnswers = http.post('/accounts/billing/cancel/', () =>
  HttpResponse.json({
    plan: 'free',
    via_organization: false,
    status: 'none',
    provider: 'test',
    current_period_end: null,
    cancel_at_period_end: false,
    seats: null,
    manage: null,
  } satisfies BillingStatus),
);

export const portalAnswers = http.post('/accounts/billing/portal/', () =>
  HttpResponse.json({ url: 'https://billing.example/session' }),
);
