import type { ModerationOverviewResponse, ModerationRoleRequest } from '@parley/chat-sdk';
import { HttpResponse, http } from 'msw';

// The operators' fixtures (issue 29, staff): the dashboard's counts and the roles form.

export const overviewCounts: ModerationOverviewResponse = {
  open_reports: 14,
  open_translation_reports: 3,
  actions_this_week: 27,
  suspended_accounts: 2,
};

export const overviewZero: ModerationOverviewResponse = {
  open_reports: 0,
  open_translation_reports: 0,
  actions_this_week: 0,
  suspended_accounts: 0,
};

/** GET /moderation/overview/ answering `body`, a 500, or never. */
export function overviewAnswer(
  body: ModerationOverviewResponse = overviewCounts,
  options: { status?: number; hang?: boolean } = {},
) {
  return http.get('/moderation/overview/', async () => {
    if (options.hang) await new Promise(() => undefined);
    if (options.status && options.status !== 200) {
      return HttpResponse.json({ detail: 'Server error' }, { status: options.status });
    }
    return HttpResponse.json(body);
  });
}

/** The server's words when the last staff member revokes their own role. */
export const lastStaffRefusal =
  'You are the last staff member: grant someone else staff before revoking your own role.';

/** POST /moderation/roles/: 201 with the person's roles after the change, or `status` refused. */
export function rolesAnswer(options: { status?: number; detail?: string } = {}) {
  return http.post('/moderation/roles/', async ({ request }) => {
    const body = (await request.json()) as ModerationRoleRequest;
    if (options.status) {
      return HttpResponse.json(
        { detail: options.detail ?? lastStaffRefusal },
        { status: options.status },
      );
    }
    const username = body.username ?? 'someone';
    return HttpResponse.json(
      {
        entry: {
          id: 40,
          action: `${body.granted ? 'grant' : 'revoke'}_${body.role}`,
          actor: { id: 1, username: 'ana' },
          target: { id: 9, username },
          message_id: null,
          message_text: null,
          reason: '',
          suspended_until: null,
          created_at: '2026-11-27T03:00:00Z',
        },
        user: {
          id: 9,
          username,
          staff: body.role === 'staff' && body.granted,
          moderator: body.role === 'moderator' && body.granted,
        },
      },
      { status: 201 },
    );
  });
}
