import { MODERATION_PATHS } from '@parley/chat-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { registerSpecUser, SpecHttp, type SpecUser } from './support/specClient.js';

// Parley's operators' calls (issue 29; docs/protocol.md, Moderation (issue 29)): the overview's
// counts and granting or revoking roles. Staff only; a spec client never calls them.

let server: TestServer;
let boss: SpecUser;
let mod: SpecUser;
let ana: SpecUser;
let bo: SpecUser;

beforeAll(async () => {
  server = await startTestServer();
  [boss, mod, ana, bo] = await Promise.all([
    registerSpecUser(server.url, 'English'),
    registerSpecUser(server.url, 'English'),
    registerSpecUser(server.url, 'English'),
    registerSpecUser(server.url, 'Spanish'),
  ]);
  await server.pglite.query('update users set staff = false, moderator = false');
  await server.pglite.query('update users set staff = true where id = $1', [boss.id]);
  await server.pglite.query('update users set moderator = true where id = $1', [mod.id]);
});
afterAll(() => server.close());

describe('Moderation: operators (ext)', () => {
  it('GET /moderation/overview/ → the four counts; 403 {detail} to moderators and members', async () => {
    await server.pglite.query(
      `insert into reports (reporter_id, reported_user_id, reason) values ($1, $2, 'spam')`,
      [ana.id, bo.id],
    );
    await server.pglite.query(
      `update users set suspended_until = now() + interval '1 day'
      where id = $1`,
      [bo.id],
    );
    // One action today, one older than the 7 days, one role change (not counted).
    await server.pglite.query(
      `insert into moderation_actions (actor_id, actor_username, action, target_user_id,
         target_username, created_at)
       values ($1, 'boss', 'warn', $2, 'bo', now()),
              ($1, 'boss', 'warn', $2, 'bo', now() - interval '8 days'),
              ($1, 'boss', 'grant_moderator', $2, 'bo', now())`,
      [boss.id, bo.id],
    );
    const answer = await boss.http.call('GET', MODERATION_PATHS.overview);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      open_reports: 1,
      open_translation_reports: 0,
      actions_this_week: 1,
      suspended_accounts: 1,
    });
    for (const who of [mod, ana]) {
      const refused = await who.http.call('GET', MODERATION_PATHS.overview);
      expect(refused.status).toBe(403);
      expect(typeof refused.body.detail).toBe('string');
    }
    expect((await new SpecHttp(server.url).call('GET', MODERATION_PATHS.overview)).status).toBe(
      401,
    );
  });

  it('POST /moderation/roles/ grants and revokes, one audit row each; 403 to moderators', async () => {
    const granted = await boss.http.call('POST', MODERATION_PATHS.roles, {
      user_id: ana.id,
      role: 'moderator',
      granted: true,
    });
    expect(granted.status).toBe(201);
    expect(granted.body).toMatchObject({
      entry: { action: 'grant_moderator', actor: { id: boss.id }, target: { id: ana.id } },
      user: { id: ana.id, moderator: true, staff: false },
    });
    expect((await ana.http.call('GET', '/accounts/me/')).body).toMatchObject({ moderator: true });

    const me = (await ana.http.call('GET', '/accounts/me/')).body as { username: string };
    const revoked = await boss.http.call('POST', MODERATION_PATHS.roles, {
      username: me.username.toUpperCase(),
      role: 'moderator',
      granted: false,
    });
    expect(revoked.status).toBe(201);
    expect(revoked.body).toMatchObject({ entry: { action: 'revoke_moderator' } });
    const audit = await boss.http.call('GET', `${MODERATION_PATHS.audit}?target_id=${ana.id}`);
    expect((audit.body.results as { action: string }[]).map((e) => e.action)).toEqual([
      'revoke_moderator',
      'grant_moderator',
    ]);

    const byModerator = await mod.http.call('POST', MODERATION_PATHS.roles, {
      user_id: mod.id,
      role: 'staff',
      granted: true,
    });
    expect(byModerator.status).toBe(403);
    expect(typeof byModerator.body.detail).toBe('string');
  });

  it('POST /moderation/roles/ validates: field errors, 404 for nobody', async () => {
    for (const body of [
      {},
      { role: 'admin', granted: true, user_id: ana.id },
      { role: 'staff', granted: 'yes', user_id: ana.id },
      { role: 'staff', granted: true },
      { role: 'staff', granted: true, user_id: ana.id, username: 'x' },
      { role: 'staff', granted: true, username: 'x'.repeat(10_000) },
    ]) {
      const answer = await boss.http.call('POST', MODERATION_PATHS.roles, body);
      expect(answer.status).toBe(400);
      expect(answer.body).not.toHaveProperty('detail');
    }
    const nobody = await boss.http.call('POST', MODERATION_PATHS.roles, {
      username: 'nobody-by-this-name',
      role: 'moderator',
      granted: true,
    });
    expect(nobody.status).toBe(404);
    expect(typeof nobody.body.detail).toBe('string');
  });

  it('the last staff member cannot revoke their own staff role (409); with another they can', async () => {
    const alone = await boss.http.call('POST', MODERATION_PATHS.roles, {
      user_id: boss.id,
      role: 'staff',
      granted: false,
    });
    expect(alone.status).toBe(409);
    expect(typeof alone.body.detail).toBe('string');
    expect((await boss.http.call('GET', '/accounts/me/')).body).toMatchObject({ staff: true });

    await boss.http.call('POST', MODERATION_PATHS.roles, {
      user_id: mod.id,
      role: 'staff',
      granted: true,
    });
    const handedOver = await boss.http.call('POST', MODERATION_PATHS.roles, {
      user_id: boss.id,
      role: 'staff',
      granted: false,
    });
    expect(handedOver.status).toBe(201);
    expect((await boss.http.call('GET', '/accounts/me/')).body).not.toHaveProperty('staff');
  });
});
