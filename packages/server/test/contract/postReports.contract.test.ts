import { type Category, MODERATION_PATHS, type Post } from '@parley/chat-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { registerSpecUser, type SpecUser } from './support/specClient.js';

// Parley's post reports (issue 29; docs/protocol.md, Moderation (issue 29), Reporting a post):
// an optional `post_id` on POST /accounts/report/, a `kind: 'post'` queue group and the
// `remove_post` action. The spec-only report body stays valid and unchanged.

let server: TestServer;
let mod: SpecUser;
let ana: SpecUser;
let bo: SpecUser;

async function postOf(user: SpecUser, caption: string): Promise<Post> {
  const categories = await user.http.call<Category[]>('GET', '/posts/categories/');
  const form = new FormData();
  form.append('content_type', 'text');
  form.append('caption', caption);
  form.append('categories', String(categories.body[0]?.id ?? 0));
  const created = await user.http.call<Post>('POST', '/posts/create/', form);
  expect(created.status).toBe(201);
  return created.body;
}

beforeAll(async () => {
  server = await startTestServer();
  [mod, ana, bo] = await Promise.all([
    registerSpecUser(server.url, 'English'),
    registerSpecUser(server.url, 'English'),
    registerSpecUser(server.url, 'English'),
  ]);
  await server.pglite.query('update users set moderator = true where id = $1', [mod.id]);
});
afterAll(() => server.close());

describe('Post reports (ext)', () => {
  it('POST /accounts/report/ {user_id, reason, post_id} → 201 {id}; again → 409 {detail}', async () => {
    const post = await postOf(bo, 'cheap followers');
    const body = { user_id: bo.id, reason: 'Spam', post_id: post.id };
    const first = await ana.http.call('POST', '/accounts/report/', body);
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ id: expect.any(Number) });
    const again = await ana.http.call('POST', '/accounts/report/', body);
    expect(again.status).toBe(409);
    expect(typeof again.body.detail).toBe('string');
  });

  it('the spec-only body is unchanged; a post of someone else is 404 {detail}', async () => {
    const spec = await ana.http.call('POST', '/accounts/report/', { user_id: bo.id, reason: 'x' });
    expect(spec.status).toBe(201);
    const own = await postOf(ana, 'mine');
    const wrong = await mod.http.call('POST', '/accounts/report/', {
      user_id: bo.id,
      reason: 'x',
      post_id: own.id,
    });
    expect(wrong.status).toBe(404);
    expect(typeof wrong.body.detail).toBe('string');
  });

  it("GET /moderation/reports/ has a 'post' group; remove_post → 201 {entry, resolved_reports}", async () => {
    const queue = await mod.http.call<{ results: Record<string, unknown>[] }>(
      'GET',
      MODERATION_PATHS.reports,
    );
    const group = queue.body.results.find((g) => g.kind === 'post');
    expect(group).toMatchObject({
      key: expect.stringMatching(/^post:\d+$/),
      message: null,
      context: [],
      post: {
        id: expect.any(Number),
        caption: 'cheap followers',
        original_caption: 'cheap followers',
        translated: false,
        content_type: 'text',
        content_url: null,
        created_at: expect.any(String),
        removed: false,
      },
    });
    const postId = (group?.post as { id: number } | undefined)?.id;
    const acted = await mod.http.call('POST', MODERATION_PATHS.actions, {
      action: 'remove_post',
      post_id: postId,
    });
    expect(acted.status).toBe(201);
    expect(acted.body).toMatchObject({
      entry: { action: 'remove_post', target: { id: bo.id }, message_text: 'cheap followers' },
      resolved_reports: 1,
    });
    const malformed = await mod.http.call('POST', MODERATION_PATHS.actions, {
      action: 'remove_post',
      post_id: 'nope',
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toHaveProperty('post_id');
  });
});
