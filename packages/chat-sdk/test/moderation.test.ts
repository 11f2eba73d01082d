import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  ApiError,
  MODERATION_PATHS,
  type ModerationActionResponse,
  type ModerationReportsResponse,
} from '../src/index';
import { decodeServerFrames } from '../src/socket/decode-frame';
import { API_URL, ana, persistedValue } from './support/fixtures';
import { createTestClient, csrfHandler, useApiServer } from './support/test-client';

// Issue 29: client.api.moderation calls the review queue, actions and audit log.
const server = useApiServer();

const silent = { debug() {}, info() {}, warn() {}, error() {} };

async function signedIn() {
  const { client } = createTestClient({ stored: { 'persist:root': persistedValue('tok', ana) } });
  await client.ready;
  return client;
}

describe('client.api.moderation', () => {
  it('reports() asks for the sort with the bearer token; act() posts the action', async () => {
    const queue: ModerationReportsResponse = { results: [], count: 0, translation_reports: [] };
    const answer: ModerationActionResponse = {
      entry: {
        id: 1,
        action: 'warn',
        actor: { id: 1, username: 'mod' },
        target: { id: 2, username: 'bo' },
        message_id: null,
        message_text: null,
        reason: 'be kind',
        suspended_until: null,
        created_at: '2026-11-27T00:00:00.000Z',
      },
      resolved_reports: 0,
    };
    let seen: { url: string; auth: string | null } | undefined;
    let posted: unknown;
    server.use(
      csrfHandler(),
      http.get(`${API_URL}${MODERATION_PATHS.reports}`, ({ request }) => {
        seen = { url: request.url, auth: request.headers.get('authorization') };
        return HttpResponse.json(queue);
      }),
      http.post(`${API_URL}${MODERATION_PATHS.actions}`, async ({ request }) => {
        posted = await request.json();
        return HttpResponse.json(answer, { status: 201 });
      }),
    );
    const client = await signedIn();
    await expect(client.api.moderation.reports({ sort: 'most' })).resolves.toEqual(queue);
    expect(new URL(seen?.url ?? '').searchParams.get('sort')).toBe('most');
    expect(seen?.auth).toBe('Bearer tok');
    await expect(
      client.api.moderation.act({ action: 'warn', user_id: 2, reason: 'be kind' }),
    ).resolves.toEqual(answer);
    expect(posted).toEqual({ action: 'warn', user_id: 2, reason: 'be kind' });
  });

  it('audit() sends only the filters given; a 403 rejects with the server’s detail', async () => {
    let url = '';
    server.use(
      csrfHandler(),
      http.get(`${API_URL}${MODERATION_PATHS.audit}`, ({ request }) => {
        url = request.url;
        return HttpResponse.json({ detail: 'Only staff may read the audit log.' }, { status: 403 });
      }),
    );
    const client = await signedIn();
    const refused = client.api.moderation.audit({ target_id: 7, action: 'suspend' });
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toMatchObject({ status: 403 });
    const params = new URL(url).searchParams;
    expect([...params.keys()].sort()).toEqual(['action', 'target_id']);
  });

  it('notices() lists the signed-in person’s own notices', async () => {
    const answer = {
      results: [{ id: 3, kind: 'report_resolved', message: 'Thanks', created_at: 'x' }],
    };
    server.use(
      csrfHandler(),
      http.get(`${API_URL}${MODERATION_PATHS.notices}`, () => HttpResponse.json(answer)),
    );
    const client = await signedIn();
    await expect(client.api.moderation.notices()).resolves.toEqual(answer);
  });

  it('overview() reads the staff counts; setRole() posts the role change', async () => {
    const counts = {
      open_reports: 2,
      open_translation_reports: 1,
      actions_this_week: 5,
      suspended_accounts: 0,
    };
    let posted: unknown;
    server.use(
      csrfHandler(),
      http.get(`${API_URL}${MODERATION_PATHS.overview}`, () => HttpResponse.json(counts)),
      http.post(`${API_URL}${MODERATION_PATHS.roles}`, async ({ request }) => {
        posted = await request.json();
        return HttpResponse.json({ detail: 'You are the last staff member.' }, { status: 409 });
      }),
    );
    const client = await signedIn();
    await expect(client.api.moderation.overview()).resolves.toEqual(counts);
    const refused = client.api.moderation.setRole({ user_id: 1, role: 'staff', granted: false });
    await expect(refused).rejects.toMatchObject({ status: 409 });
    expect(posted).toEqual({ user_id: 1, role: 'staff', granted: false });
  });
});

describe('moderation_notice frame', () => {
  it('is read with its kind and text; an unknown kind is dropped', () => {
    const notice = {
      type: 'moderation_notice',
      id: 4,
      kind: 'warning',
      message: 'Un moderador te advirtió',
      created_at: '2026-11-27T00:00:00.000Z',
    };
    expect(decodeServerFrames(JSON.stringify(notice), silent)).toEqual([notice]);
    expect(decodeServerFrames(JSON.stringify({ ...notice, kind: 'ban_hammer' }), silent)).toEqual(
      [],
    );
  });
});
