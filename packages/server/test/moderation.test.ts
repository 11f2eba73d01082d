import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  MEDIA_PATHS,
  MODERATION_PATHS,
  type ModerationActionResponse,
  type ModerationAuditResponse,
  type ModerationReportsResponse,
  SOCKET_CLOSE_CODES,
} from '@parley/chat-sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_CLOSE_REASONS } from '../src/chat/socketCloseReasons.js';
import { LIMIT_MESSAGES } from '../src/limits/limitMessages.js';
import { MODERATION_MESSAGES, suspensionMessage } from '../src/moderation/moderationMessages.js';
import type { TranslationResult, Translator } from '../src/translation/translator.js';
import {
  connectSpecUsers,
  registerSpecUser,
  SpecHttp,
  SpecSocket,
  type SpecUser,
} from './contract/support/specClient.js';
import { upload } from './support/media.js';
import { startTestServer, type TestServer } from './support/testServer.js';

/** Marks every translation with its target, so a test sees which language a text is in. */
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

const PASSWORD = 'correct horse battery';

let server: TestServer;
let moderator: SpecUser; // English
let staff: SpecUser; // English
let reporter: SpecUser; // English
let offender: SpecUser; // Spanish
const open: SpecSocket[] = [];

const privateRoom = (a: SpecUser, b: SpecUser) =>
  `private-${Math.min(a.id, b.id)}-${Math.max(a.id, b.id)}`;

async function role(user: SpecUser, column: 'staff' | 'moderator'): Promise<void> {
  await server.pglite.query(`update users set ${column} = true where id = $1`, [user.id]);
}

async function joined(user: SpecUser, room: string): Promise<SpecSocket> {
  const socket = await SpecSocket.open(server.url, user);
  open.push(socket);
  socket.send({ type: 'join_room', room_name: room });
  await socket.next('chat_history');
  return socket;
}

async function send(socket: SpecSocket, user: SpecUser, text: string): Promise<number> {
  socket.send({ type: 'chat_message', message: text, sender_id: user.id });
  const echo = await socket.next('chat_message', (f) => f.sender_id === user.id);
  return Number(echo.id);
}

async function auditRows(targetId: number): Promise<{ action: string }[]> {
  const rows = await server.pglite.query<{ action: string }>(
    'select action from moderation_actions where target_user_id = $1 order by id',
    [targetId],
  );
  return rows.rows;
}

async function act(user: SpecUser, body: Record<string, unknown>) {
  return user.http.call<ModerationActionResponse & { detail?: string }>(
    'POST',
    MODERATION_PATHS.actions,
    body,
  );
}

async function signIn(user: SpecUser) {
  const http = new SpecHttp(server.url);
  await http.fetchCsrf();
  return http.call('POST', '/accounts/login/', { username: user.username, password: PASSWORD });
}

beforeAll(async () => {
  server = await startTestServer({ translator: new TargetMarkingTranslator() });
  [moderator, staff, reporter, offender] = await Promise.all([
    registerSpecUser(server.url, 'English'),
    registerSpecUser(server.url, 'English'),
    registerSpecUser(server.url, 'English'),
    registerSpecUser(server.url, 'Spanish'),
  ]);
  await role(moderator, 'moderator');
  await role(staff, 'staff');
  await connectSpecUsers(reporter, offender);
  await server.pglite.query('update users set subscription_active = true where id = any($1)', [
    [reporter.id, offender.id],
  ]);
});
afterEach(() => {
  for (const socket of open.splice(0)) socket.close();
});
afterAll(() => server.close());

describe('roles', () => {
  it('the signed-in account says staff/moderator only when it is', async () => {
    const me = await moderator.http.call('GET', '/accounts/me/');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ moderator: true });
    expect(me.body).not.toHaveProperty('staff');
    const plain = await reporter.http.call('GET', '/accounts/me/');
    expect(plain.body).not.toHaveProperty('moderator');
    expect(plain.body).not.toHaveProperty('staff');
  });

  it('a member gets 403 for the queue, the actions and the audit log; a moderator for the audit log', async () => {
    const queue = await reporter.http.call('GET', MODERATION_PATHS.reports);
    expect(queue).toMatchObject({
      status: 403,
      body: { detail: MODERATION_MESSAGES.notModerator },
    });
    const action = await act(reporter, { action: 'warn', user_id: offender.id, reason: 'x' });
    expect(action.status).toBe(403);
    expect(await auditRows(offender.id)).toEqual([]);
    expect((await reporter.http.call('GET', MODERATION_PATHS.audit)).status).toBe(403);
    const modAudit = await moderator.http.call('GET', MODERATION_PATHS.audit);
    expect(modAudit).toMatchObject({ status: 403, body: { detail: MODERATION_MESSAGES.notStaff } });
  });
});

describe('queue and actions', () => {
  it('groups a reported message with both languages, reporters and what the reporter could see', async () => {
    const room = privateRoom(reporter, offender);
    const socket = await joined(offender, room);
    const before = await send(socket, offender, 'hola');
    const bad = await send(socket, offender, 'palabras feas');
    const after = await send(socket, offender, 'adios');
    const report = await reporter.http.call('POST', '/accounts/report/', {
      user_id: offender.id,
      message_id: bad,
      reason: 'harassment',
    });
    expect(report.status).toBe(201);
    // One open report per reporter and person: a second is refused while the first is open.
    const again = await reporter.http.call('POST', '/accounts/report/', {
      user_id: offender.id,
      reason: 'spam',
    });
    expect(again).toMatchObject({ status: 409, body: { detail: LIMIT_MESSAGES.reportOpen } });

    const queue = await moderator.http.call<ModerationReportsResponse>(
      'GET',
      `${MODERATION_PATHS.reports}?sort=most`,
    );
    expect(queue.status).toBe(200);
    const group = queue.body.results.find((g) => g.key === `message:${bad}`);
    expect(group).toMatchObject({
      kind: 'message',
      report_count: 1,
      reported_user: { id: offender.id, username: offender.username, suspended_until: null },
      message: {
        id: bad,
        message: '[en] palabras feas',
        original_message: 'palabras feas',
        translated: true,
        deleted: false,
      },
      reports: [
        { reporter: { id: reporter.id, username: reporter.username }, reason: 'harassment' },
      ],
      earlier_report_count: 0,
      earlier_actions: [],
    });
    expect(group?.context.map((m) => m.id)).toEqual(expect.arrayContaining([before, bad, after]));
    expect(Array.isArray(queue.body.translation_reports)).toBe(true);
    const badSort = await moderator.http.call('GET', `${MODERATION_PATHS.reports}?sort=oldest`);
    expect(badSort.status).toBe(400);
  });

  it('context in a group leaves out what the reporter could not see (before they joined)', async () => {
    const slug = `mod-group-${process.pid}`;
    const group = await server.pglite.query<{ id: number }>(
      'insert into groups (name, slug, creator_id) values ($1, $1, $2) returning id',
      [slug, offender.id],
    );
    const groupId = group.rows[0]?.id;
    await server.pglite.query(
      `insert into group_members (group_id, user_id, joined_at) values ($1, $2, now() - interval '1 hour')`,
      [groupId, offender.id],
    );
    const early = await server.pglite.query<{ id: number }>(
      `insert into messages (room, sender_id, message, original_message, original_language, created_at)
       values ($1, $2, 'antes', 'antes', 'es', now() - interval '30 minutes') returning id`,
      [slug, offender.id],
    );
    await server.pglite.query(
      `insert into group_members (group_id, user_id, joined_at) values ($1, $2, now() - interval '10 minutes')`,
      [groupId, staff.id],
    );
    const seen = await server.pglite.query<{ id: number }>(
      `insert into messages (room, sender_id, message, original_message, original_language)
       values ($1, $2, 'grosero', 'grosero', 'es') returning id`,
      [slug, offender.id],
    );
    const seenId = seen.rows[0]?.id as number;
    const report = await staff.http.call('POST', '/accounts/report/', {
      user_id: offender.id,
      message_id: seenId,
      reason: 'abuse',
    });
    expect(report.status).toBe(201);
    const queue = await moderator.http.call<ModerationReportsResponse>(
      'GET',
      MODERATION_PATHS.reports,
    );
    const found = queue.body.results.find((g) => g.key === `message:${seenId}`);
    expect(found?.context.map((m) => m.id)).toEqual([seenId]);
    expect(found?.context.map((m) => m.id)).not.toContain(early.rows[0]?.id);
    // Closed again, so the later tests start from the private room's report alone.
    const dismissed = await act(moderator, {
      action: 'dismiss',
      report_ids: found?.reports.map((r) => r.id),
      reason: 'not abuse',
    });
    expect(dismissed.status).toBe(201);
    expect(dismissed.body.resolved_reports).toBe(1);
  });

  it('remove_message: gone from every member’s history, live, one audit row, reporter told', async () => {
    const room = privateRoom(reporter, offender);
    const [reporterSocket, offenderSocket] = [
      await joined(reporter, room),
      await joined(offender, room),
    ];
    const queue = await moderator.http.call<ModerationReportsResponse>(
      'GET',
      MODERATION_PATHS.reports,
    );
    const group = queue.body.results.find(
      (g) => g.kind === 'message' && g.reported_user.id === offender.id && !g.message?.deleted,
    );
    const messageId = group?.message?.id as number;
    const auditBefore = (await auditRows(offender.id)).length;
    const removed = await act(moderator, {
      action: 'remove_message',
      message_id: messageId,
      reason: 'insults',
    });
    expect(removed.status).toBe(201);
    expect(removed.body).toMatchObject({
      entry: {
        action: 'remove_message',
        actor: { id: moderator.id, username: moderator.username },
        target: { id: offender.id },
        message_id: messageId,
        message_text: 'palabras feas',
        reason: 'insults',
      },
      resolved_reports: 1,
    });
    expect((await auditRows(offender.id)).length).toBe(auditBefore + 1);
    for (const socket of [reporterSocket, offenderSocket]) {
      await socket.next('message_deleted', (f) => f.message_id === messageId);
    }
    const notice = await reporterSocket.next('moderation_notice');
    expect(notice).toMatchObject({
      kind: 'report_resolved',
      message: MODERATION_MESSAGES.reportResolved,
    });
    for (const user of [reporter, offender]) {
      const history = await user.http.call<{ results: Record<string, unknown>[] }>(
        'GET',
        `/chatmessage/history/?room_name=${room}`,
      );
      const row = history.body.results.find((m) => m.id === messageId);
      expect(row?.message ?? '').toBe('');
      expect(row?.original_message ?? '').toBe('');
    }
    // The report is closed: the reporter may report the person again.
    const queueAfter = await moderator.http.call<ModerationReportsResponse>(
      'GET',
      MODERATION_PATHS.reports,
    );
    expect(queueAfter.body.results.find((g) => g.key === `message:${messageId}`)).toBeUndefined();
    const removedAgain = await act(moderator, { action: 'remove_message', message_id: messageId });
    expect(removedAgain.status).toBe(409);
    expect((await auditRows(offender.id)).length).toBe(auditBefore + 1);
  });

  it('remove_message of a file: the file leaves the disk', async () => {
    const room = privateRoom(reporter, offender);
    const socket = await joined(offender, room);
    const uploaded = await upload(
      server,
      MEDIA_PATHS.uploadFile,
      offender.token,
      {
        file_type: 'application',
        sender_id: String(offender.id),
        receiver_id: String(reporter.id),
      },
      { field: 'file', bytes: Buffer.from('nasty'), name: 'nasty.txt' },
    );
    expect(uploaded.status, uploaded.text).toBe(201);
    const url = String(uploaded.body.file_url);
    const stored = url.split('?')[0]?.slice(MEDIA_PATHS.filesPrefix.length) as string;
    const onDisk = join(server.dataDir, 'media', 'chat', stored);
    socket.send({
      type: 'chat_message',
      message: '',
      sender_id: offender.id,
      file_url: url,
      file_type: 'application',
      file_name: 'nasty.txt',
    });
    const sent = await socket.next('chat_message', (f) => f.sender_id === offender.id);
    expect(existsSync(onDisk)).toBe(true);
    const removed = await act(moderator, { action: 'remove_message', message_id: sent.id });
    expect(removed.status).toBe(201);
    await socket.next('message_deleted', (f) => f.message_id === sent.id);
    expect(existsSync(onDisk)).toBe(false);
  });

  it('dismiss of a translation report closes it, with one audit row about the message’s sender', async () => {
    const room = privateRoom(reporter, offender);
    const socket = await joined(offender, room);
    const id = await send(socket, offender, 'buenos dias');
    const reported = await reporter.http.call('POST', `/chatmessage/${id}/translation-report/`);
    expect(reported.status).toBe(201);
    const queue = await moderator.http.call<ModerationReportsResponse>(
      'GET',
      MODERATION_PATHS.reports,
    );
    const entry = queue.body.translation_reports.find((r) => r.message_id === id);
    expect(entry).toMatchObject({
      reporter: { id: reporter.id },
      source_language: 'es',
      target_language: 'en',
      original_text: 'buenos dias',
      translated_text: '[en] buenos dias',
    });
    const before = (await auditRows(offender.id)).length;
    const dismissed = await act(moderator, {
      action: 'dismiss',
      translation_report_ids: [entry?.id],
    });
    expect(dismissed.status).toBe(201);
    expect(dismissed.body.resolved_reports).toBe(1);
    expect((await auditRows(offender.id)).length).toBe(before + 1);
    const after = await moderator.http.call<ModerationReportsResponse>(
      'GET',
      MODERATION_PATHS.reports,
    );
    expect(after.body.translation_reports.find((r) => r.message_id === id)).toBeUndefined();
  });

  it('warn: a notice in the person’s language, one audit row', async () => {
    const socket = await joined(offender, privateRoom(reporter, offender));
    const auditBefore = (await auditRows(offender.id)).length;
    const warned = await act(moderator, {
      action: 'warn',
      user_id: offender.id,
      reason: 'be kind',
    });
    expect(warned.status).toBe(201);
    const notice = await socket.next('moderation_notice');
    expect(notice).toMatchObject({
      kind: 'warning',
      message: `[es] ${MODERATION_MESSAGES.warning} [es] be kind`,
    });
    expect((await auditRows(offender.id)).length).toBe(auditBefore + 1);
    // Kept for later too: the person reads it even when no app was open.
    const stored = await offender.http.call<{ results: Record<string, unknown>[] }>(
      'GET',
      MODERATION_PATHS.notices,
    );
    expect(stored.status).toBe(200);
    expect(stored.body.results[0]).toEqual({
      id: notice.id,
      kind: 'warning',
      message: notice.message,
      created_at: notice.created_at,
    });
    const noReason = await act(moderator, { action: 'warn', user_id: offender.id });
    expect(noReason.status).toBe(400);
    const self = await act(moderator, { action: 'warn', user_id: moderator.id, reason: 'x' });
    expect(self.status).toBe(400);
  });

  it('suspend: sockets closed with the reason, sign-in and refresh refused; lift lets them back', async () => {
    const socket = await joined(offender, privateRoom(reporter, offender));
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      socket.ws.once('close', (code, reason) => resolve({ code, reason: String(reason) })),
    );
    const until = new Date(Date.now() + 3 * 24 * 3600 * 1000);
    const suspended = await act(moderator, {
      action: 'suspend',
      user_id: offender.id,
      until: until.toISOString(),
      reason: 'repeated insults',
    });
    expect(suspended.status).toBe(201);
    expect(suspended.body.entry.suspended_until).toBe(until.toISOString());
    expect(await closed).toEqual({
      code: SOCKET_CLOSE_CODES.signedOut,
      reason: SOCKET_CLOSE_REASONS.suspended,
    });
    const message = suspensionMessage(until);
    expect(await signIn(offender)).toMatchObject({ status: 403, body: { detail: message } });
    const refresh = await offender.http.call('POST', '/accounts/token/refresh/');
    expect(refresh).toMatchObject({ status: 403, body: { detail: message } });
    expect((await offender.http.call('GET', '/accounts/me/')).status).toBe(401);
    // Messages are kept.
    const kept = await server.pglite.query(
      'select 1 from messages where sender_id = $1 and deleted_at is null',
      [offender.id],
    );
    expect(kept.rows.length).toBeGreaterThan(0);

    const queue = await moderator.http.call<ModerationReportsResponse>(
      'GET',
      MODERATION_PATHS.reports,
    );
    expect(queue.status).toBe(200);

    const lifted = await act(moderator, { action: 'lift_suspension', user_id: offender.id });
    expect(lifted.status).toBe(201);
    const back = await signIn(offender);
    expect(back.status).toBe(200);
    offender.token = String(back.body.access_token);
    offender.http.accessToken = offender.token;
    const liftAgain = await act(moderator, { action: 'lift_suspension', user_id: offender.id });
    expect(liftAgain.status).toBe(409);
  });

  it('suspend until lifted says so', async () => {
    const suspended = await act(moderator, { action: 'suspend', user_id: offender.id });
    expect(suspended.status).toBe(201);
    expect(await signIn(offender)).toMatchObject({
      status: 403,
      body: { detail: MODERATION_MESSAGES.suspended(null) },
    });
    expect((await act(moderator, { action: 'lift_suspension', user_id: offender.id })).status).toBe(
      201,
    );
    const back = await signIn(offender);
    offender.http.accessToken = String(back.body.access_token);
  });

  it('a moderator cannot act on staff; malformed actions are field errors', async () => {
    expect((await act(moderator, { action: 'suspend', user_id: staff.id })).status).toBe(403);
    expect((await act(moderator, { action: 'explode', user_id: offender.id })).status).toBe(400);
    expect(
      (await act(moderator, { action: 'suspend', user_id: offender.id, until: 'soon' })).status,
    ).toBe(400);
    expect(
      (
        await act(moderator, {
          action: 'suspend',
          user_id: offender.id,
          until: new Date(Date.now() - 1000).toISOString(),
        })
      ).status,
    ).toBe(400);
    expect((await act(moderator, { action: 'dismiss' })).status).toBe(400);
    expect((await act(moderator, { action: 'dismiss', report_ids: [999999] })).status).toBe(400);
    expect((await act(moderator, { action: 'warn', user_id: 999999, reason: 'x' })).status).toBe(
      400,
    );
  });

  it('staff read the audit log, filtered by target, actor and action', async () => {
    const all = await staff.http.call<ModerationAuditResponse>(
      'GET',
      `${MODERATION_PATHS.audit}?target_id=${offender.id}`,
    );
    expect(all.status).toBe(200);
    expect(all.body.results.map((e) => e.action)).toEqual(
      (await auditRows(offender.id)).map((r) => r.action).reverse(),
    );
    const suspends = await staff.http.call<ModerationAuditResponse>(
      'GET',
      `${MODERATION_PATHS.audit}?action=suspend&actor_id=${moderator.id}`,
    );
    expect(suspends.body.results.length).toBe(2);
    expect(suspends.body.results.every((e) => e.action === 'suspend')).toBe(true);
    expect((await staff.http.call('GET', `${MODERATION_PATHS.audit}?action=nope`)).status).toBe(
      400,
    );
  });

  it('delete_account: the account is deleted as by its owner, with one audit row kept', async () => {
    const doomed = await registerSpecUser(server.url, 'Spanish');
    const deleted = await act(moderator, {
      action: 'delete_account',
      user_id: doomed.id,
      reason: 'spam account',
    });
    expect(deleted.status).toBe(201);
    const row = await server.pglite.query<{ deleted_at: Date | null }>(
      'select deleted_at from users where id = $1',
      [doomed.id],
    );
    expect(row.rows[0]?.deleted_at).not.toBeNull();
    expect(await auditRows(doomed.id)).toEqual([{ action: 'delete_account' }]);
    const audit = await staff.http.call<ModerationAuditResponse>(
      'GET',
      `${MODERATION_PATHS.audit}?target_id=${doomed.id}`,
    );
    expect(audit.body.results[0]?.target.username).toBe(doomed.username);
    expect((await signIn(doomed)).status).toBe(401);
  });

  it('delete_account: refused (409, no audit row) while the person’s plan still renews', async () => {
    const paying = await registerSpecUser(server.url, 'English');
    await server.pglite.query(
      `insert into subscriptions (user_id, provider, plan, status, reference, checkout_id)
       values ($1, 'test', 'personal', 'active', $2, $2)`,
      [paying.id, `ref-mod-${paying.id}`],
    );
    const refused = await act(moderator, { action: 'delete_account', user_id: paying.id });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ detail: MODERATION_MESSAGES.renewingSubscription });
    expect(await auditRows(paying.id)).toEqual([]);
    expect((await signIn(paying)).status).toBe(200);

    // Once set to cancel at the period's end the provider stops charging: deleting is allowed.
    await server.pglite.query(
      'update subscriptions set cancel_at_period_end = true where user_id = $1',
      [paying.id],
    );
    const deleted = await act(moderator, { action: 'delete_account', user_id: paying.id });
    expect(deleted.status).toBe(201);
    expect(await auditRows(paying.id)).toEqual([{ action: 'delete_account' }]);
  });
});

describe('set-up', () => {
  it('FIRST_ACCOUNT_STAFF makes the first account registered staff, and no other', async () => {
    const fresh = await startTestServer({ firstAccountStaff: true });
    try {
      const first = await registerSpecUser(fresh.url, 'English');
      const second = await registerSpecUser(fresh.url, 'English');
      expect((await first.http.call('GET', '/accounts/me/')).body).toMatchObject({ staff: true });
      expect((await second.http.call('GET', '/accounts/me/')).body).not.toHaveProperty('staff');
    } finally {
      await fresh.close();
    }
  });
});

describe('organisation administrators', () => {
  it('see and act on reports between their members inside the organisation, nothing beyond', async () => {
    // The organisation's administrator, its members m and o, and out, who is not in it.
    const [orgAdmin, m, o, out] = (await Promise.all(
      [1, 2, 3, 4].map(() => registerSpecUser(server.url, 'English')),
    )) as [SpecUser, SpecUser, SpecUser, SpecUser];
    await server.pglite.query('update users set is_org_admin = true where id = $1', [orgAdmin.id]);
    const org = await server.pglite.query<{ id: number }>(
      `insert into organizations (admin_id, invite_token, max_users) values ($1, $2, 10) returning id`,
      [orgAdmin.id, `mod-org-${process.pid}`],
    );
    await server.pglite.query(
      'insert into organization_members (organization_id, user_id) select $1, unnest($2::int[])',
      [org.rows[0]?.id, [m.id, o.id]],
    );
    await connectSpecUsers(m, o);
    await connectSpecUsers(out, m);

    const inside = await joined(o, privateRoom(m, o));
    const insideId = await send(inside, o, 'rude inside');
    expect(
      (
        await m.http.call('POST', '/accounts/report/', {
          user_id: o.id,
          message_id: insideId,
          reason: 'rude',
        })
      ).status,
    ).toBe(201);
    const outside = await joined(m, privateRoom(out, m));
    const outsideId = await send(outside, m, 'rude outside');
    expect(
      (
        await out.http.call('POST', '/accounts/report/', {
          user_id: m.id,
          message_id: outsideId,
          reason: 'rude',
        })
      ).status,
    ).toBe(201);

    const queue = await orgAdmin.http.call<ModerationReportsResponse>(
      'GET',
      MODERATION_PATHS.reports,
    );
    expect(queue.status).toBe(200);
    expect(queue.body.results.map((g) => g.key)).toEqual([`message:${insideId}`]);
    expect(queue.body.translation_reports).toEqual([]);

    const before = (await auditRows(m.id)).length;
    const beyond = await act(orgAdmin, { action: 'remove_message', message_id: outsideId });
    expect(beyond).toMatchObject({
      status: 403,
      body: { detail: MODERATION_MESSAGES.outsideOrganisation },
    });
    const suspend = await act(orgAdmin, { action: 'suspend', user_id: o.id });
    expect(suspend).toMatchObject({
      status: 403,
      body: { detail: MODERATION_MESSAGES.organisationActions },
    });
    const stranger = await act(orgAdmin, { action: 'warn', user_id: offender.id, reason: 'x' });
    expect(stranger.status).toBe(403);
    expect((await auditRows(m.id)).length).toBe(before);

    const removed = await act(orgAdmin, { action: 'remove_message', message_id: insideId });
    expect(removed.status).toBe(201);
    expect(removed.body.resolved_reports).toBe(1);
    expect((await orgAdmin.http.call('GET', MODERATION_PATHS.audit)).status).toBe(403);
    // The report about the member from outside stays for the moderators.
    const modQueue = await moderator.http.call<ModerationReportsResponse>(
      'GET',
      MODERATION_PATHS.reports,
    );
    expect(modQueue.body.results.some((g) => g.key === `message:${outsideId}`)).toBe(true);
  });
});
