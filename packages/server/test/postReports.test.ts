import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  type Category,
  MODERATION_PATHS,
  type ModerationActionResponse,
  type ModerationReportsResponse,
  type Post,
} from '@parley/chat-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TranslationResult, Translator } from '../src/translation/translator.js';
import { registerSpecUser, type SpecUser } from './contract/support/specClient.js';
import { startTestServer, type TestServer } from './support/testServer.js';

/** Marks every translation with its target, so a test sees which language a caption is in. */
class TargetMarkingTranslator implements Translator {
  readonly engine = 'apertium';
  capabilities() {
    return Promise.resolve({
      pairs: [
        { from: 'en', to: 'es' },
        { from: 'es', to: 'en' },
      ],
    });
  }
  translate(text: string, _from: string, to: string): Promise<TranslationResult> {
    return Promise.resolve({ text: `[${to}] ${text}`, engine: 'apertium-apy' });
  }
  close() {
    return Promise.resolve();
  }
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const REPORT = '/accounts/report/';

let server: TestServer;
let moderator: SpecUser; // English
let reporter: SpecUser; // English
let author: SpecUser; // Spanish
let blocked: SpecUser; // English, blocked by the author
let category: number;

async function publish(user: SpecUser, caption: string, image = false): Promise<Post> {
  const form = new FormData();
  form.append('content_type', image ? 'image' : 'text');
  form.append('caption', caption);
  form.append('categories', String(category));
  if (image) form.append('file', new Blob([PNG], { type: 'image/png' }), 'pixel.png');
  const answer = await user.http.call<Post>('POST', '/posts/create/', form);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

beforeAll(async () => {
  server = await startTestServer({ translator: new TargetMarkingTranslator() });
  [moderator, reporter, author, blocked] = await Promise.all([
    registerSpecUser(server.url, 'English'),
    registerSpecUser(server.url, 'English'),
    registerSpecUser(server.url, 'Spanish'),
    registerSpecUser(server.url, 'English'),
  ]);
  await server.pglite.query('update users set moderator = true where id = $1', [moderator.id]);
  const categories = await author.http.call<Category[]>('GET', '/posts/categories/');
  category = categories.body[0]?.id ?? 0;
  expect((await author.http.call('POST', '/accounts/block/', { user_id: blocked.id })).status).toBe(
    204,
  );
});
afterAll(() => server.close());

describe('reporting a post (issue 29)', () => {
  it('files a report of a visible post with its caption; a second is 409', async () => {
    const post = await publish(author, 'Hola amigos, esta es mi casa nueva');
    const body = { user_id: author.id, reason: 'Spam', post_id: post.id };
    const first = await reporter.http.call('POST', REPORT, body);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const stored = await server.pglite.query<{ post_id: number; message_text: string }>(
      'select post_id, message_text from reports where id = $1',
      [first.body.id],
    );
    expect(stored.rows[0]).toEqual({
      post_id: post.id,
      message_text: 'Hola amigos, esta es mi casa nueva',
    });
    const again = await reporter.http.call('POST', REPORT, body);
    expect(again.status).toBe(409);
    expect(typeof again.body.detail).toBe('string');
    // The post is its own target: reporting the person (no post) is still possible.
    const person = await reporter.http.call('POST', REPORT, { user_id: author.id, reason: 'Spam' });
    expect(person.status).toBe(201);
  });

  it('404 for a post that is not theirs, hidden from the reporter or missing', async () => {
    const post = await publish(author, 'Otra publicación');
    const notTheirs = await reporter.http.call('POST', REPORT, {
      user_id: moderator.id,
      reason: 'Spam',
      post_id: post.id,
    });
    expect(notTheirs.status).toBe(404);
    const hidden = await blocked.http.call('POST', REPORT, {
      user_id: author.id,
      reason: 'Spam',
      post_id: post.id,
    });
    expect(hidden.status).toBe(404);
    const missing = await reporter.http.call('POST', REPORT, {
      user_id: author.id,
      reason: 'Spam',
      post_id: post.id + 1000,
    });
    expect(missing.status).toBe(404);
    const both = await reporter.http.call('POST', REPORT, {
      user_id: author.id,
      reason: 'Spam',
      post_id: 'x',
    });
    expect(both.status).toBe(400);
    expect(both.body).toHaveProperty('post_id');
  });

  it('the moderator sees a post group in both languages; remove_post deletes it with one audit row', async () => {
    const post = await publish(author, 'Compra mis cosas ahora', true);
    const file = join(
      server.dataDir,
      'media',
      'posts',
      String(post.content_url).split('/').pop() ?? '',
    );
    expect(existsSync(file)).toBe(true);
    expect(
      (
        await reporter.http.call('POST', REPORT, {
          user_id: author.id,
          reason: 'Scam',
          post_id: post.id,
        })
      ).status,
    ).toBe(201);

    const queue = await moderator.http.call<ModerationReportsResponse>(
      'GET',
      MODERATION_PATHS.reports,
    );
    expect(queue.status).toBe(200);
    const group = queue.body.results.find((g) => g.key === `post:${post.id}`);
    expect(group).toMatchObject({
      kind: 'post',
      reported_user: { id: author.id },
      message: null,
      report_count: 1,
      reports: [{ reason: 'Scam', reporter: { id: reporter.id } }],
      post: {
        id: post.id,
        caption: '[en] Compra mis cosas ahora',
        original_caption: 'Compra mis cosas ahora',
        translated: true,
        content_type: 'image',
        content_url: post.content_url,
        created_at: post.created_at,
        removed: false,
      },
    });

    const before = await server.pglite.query<{ n: number }>(
      'select count(*)::int as n from moderation_actions',
    );
    const removed = await moderator.http.call<ModerationActionResponse>(
      'POST',
      MODERATION_PATHS.actions,
      { action: 'remove_post', post_id: post.id, reason: 'scam' },
    );
    expect(removed.status, JSON.stringify(removed.body)).toBe(201);
    expect(removed.body.resolved_reports).toBe(1);
    expect(removed.body.entry).toMatchObject({
      action: 'remove_post',
      target: { id: author.id },
      message_text: 'Compra mis cosas ahora',
    });
    const after = await server.pglite.query<{ n: number }>(
      'select count(*)::int as n from moderation_actions',
    );
    expect(after.rows[0]?.n).toBe((before.rows[0]?.n ?? 0) + 1);
    const rows = await server.pglite.query('select id from posts where id = $1', [post.id]);
    expect(rows.rows).toHaveLength(0);
    expect(existsSync(file)).toBe(false);
    // Gone for everyone: the author's profile no longer lists it.
    const profile = await reporter.http.call<{ posts: Post[] }>(
      'GET',
      `/accounts/profile/${author.username}/`,
    );
    expect(profile.body.posts.map((p) => p.id)).not.toContain(post.id);
    // The reporter was told.
    const notices = await reporter.http.call<{ results: { kind: string }[] }>(
      'GET',
      MODERATION_PATHS.notices,
    );
    expect(notices.body.results.map((n) => n.kind)).toContain('report_resolved');
    // Twice: the post is gone.
    const twice = await moderator.http.call('POST', MODERATION_PATHS.actions, {
      action: 'remove_post',
      post_id: post.id,
    });
    expect(twice.status).toBe(400);
  });
});
