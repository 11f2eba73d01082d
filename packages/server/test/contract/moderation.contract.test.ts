import { MODERATION_PATHS, SOCKET_CLOSE_CODES } from '@parley/chat-sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.js';
import {
  connectSpecUsers,
  registerSpecUser,
  SPEC_MESSAGE_FIELDS,
  SpecHttp,
  SpecSocket,
  type SpecUser,
} from './support/specClient.js';

// Parley's moderation extension (issue 29; docs/protocol.md, Moderation (issue 29)): optional
// `staff`/`moderator` on the signed-in user, GET /moderation/reports/, POST /moderation/actions/,
// GET /moderation/audit/, the `moderation_notice` frame and the 'account suspended' close reason.
// A spec client sees none of them unless it is a moderator, and may ignore them all.

let server: TestServer;
let mod: SpecUser;
let boss: SpecUser;
let ana: SpecUser;
let bo: SpecUser;
const open: SpecSocket[] = [];

beforeAll(async () => {
  server = await startTestServer();
  [mod, boss, ana, bo] = await Promise.all([
    registerSpecUser(server.url, 'English'),
    registerSpecUser(server.url, 'English'),
    registerSpecUser(server.url, 'English'),
    registerSpecUser(server.url, 'Spanish'),
  ]);
  await server.pglite.query('update users set moderator = true where id = $1', [mod.id]);
  await server.pglite.query('update users set staff = true where id = $1', [boss.id]);
  await connectSpecUsers(ana, bo);
});
afterEach(() => {
  for (const socket of open.splice(0)) socket.close();
});
afterAll(() => server.close());

const room = () => `private-${Math.min(ana.id, bo.id)}-${Math.max(ana.id, bo.id)}`;

async function joined(user: SpecUser): Promise<SpecSocket> {
  const socket = await SpecSocket.open(server.url, user);
  open.push(socket);
  socket.send({ type: 'join_room', room_name: room() });
  await socket.next('chat_history');
  return socket;
}

describe('Moderation (ext)', () => {
  it('GET /accounts/me/ keeps the spec fields; staff/moderator appear only when true', async () => {
    const plain = await ana.http.call('GET', '/accounts/me/');
    expect(plain.status).toBe(200);
    expect(plain.body).not.toHaveProperty('staff');
    expect(plain.body).not.toHaveProperty('moderator');
    expect((await mod.http.call('GET', '/accounts/me/')).body).toMatchObject({ moderator: true });
    expect((await boss.http.call('GET', '/accounts/me/')).body).toMatchObject({ staff: true });
  });

  it('/moderation/… answer 403 {detail} to a member, 401 {detail} without a token', async () => {
    for (const [method, path] of [
      ['GET', MODERATION_PATHS.reports],
      ['POST', MODERATION_PATHS.actions],
      ['GET', MODERATION_PATHS.audit],
    ] as const) {
      // (GET /moderation/notices/ is every signed-in person's own list.)
      const member = await ana.http.call(method, path, method === 'POST' ? {} : undefined);
      expect(member.status).toBe(403);
      expect(typeof member.body.detail).toBe('string');
      const anonymous = await new SpecHttp(server.url).call(method, path);
      expect(anonymous.status).toBe(401);
    }
    expect((await mod.http.call('GET', MODERATION_PATHS.audit)).status).toBe(403);
  });

  it('GET /moderation/reports/ → {results: [group], count, translation_reports}', async () => {
    const socket = await joined(bo);
    socket.send({ type: 'chat_message', message: 'tonto', sender_id: bo.id });
    const sent = await socket.next('chat_message', (f) => f.sender_id === bo.id);
    for (const field of SPEC_MESSAGE_FIELDS) expect(sent).toHaveProperty(field);
    const report = await ana.http.call('POST', '/accounts/report/', {
      user_id: bo.id,
      message_id: sent.id,
      reason: 'insult',
    });
    expect(report.status).toBe(201);
    const queue = await mod.http.call<{
      results: Record<string, unknown>[];
      count: number;
      translation_reports: unknown[];
    }>('GET', `${MODERATION_PATHS.reports}?sort=newest`);
    expect(queue.status).toBe(200);
    expect(queue.body.count).toBe(queue.body.results.length);
    expect(Array.isArray(queue.body.translation_reports)).toBe(true);
    const group = queue.body.results[0] as Record<string, unknown>;
    expect(Object.keys(group).sort()).toEqual(
      [
        'context',
        'earlier_actions',
        'earlier_report_count',
        'key',
        'kind',
        'latest_report_at',
        'message',
        'report_count',
        'reported_user',
        'reports',
      ].sort(),
    );
    expect(group).toMatchObject({
      key: `message:${sent.id}`,
      kind: 'message',
      reported_user: { id: bo.id, username: bo.username, suspended_until: null, deleted: false },
      message: { id: sent.id, original_message: 'tonto', room_name: room(), deleted: false },
      reports: [{ reporter: { id: ana.id, username: ana.username }, reason: 'insult' }],
    });
  });

  it('POST /moderation/actions/ → 201 {entry, resolved_reports}; the reporter gets moderation_notice', async () => {
    const anaSocket = await joined(ana);
    const answer = await mod.http.call<{
      entry: Record<string, unknown>;
      resolved_reports: number;
    }>('POST', MODERATION_PATHS.actions, {
      action: 'warn',
      user_id: bo.id,
      reason: 'mind your words',
    });
    expect(answer.status).toBe(201);
    expect(answer.body.resolved_reports).toBe(1);
    expect(Object.keys(answer.body.entry).sort()).toEqual(
      [
        'action',
        'actor',
        'created_at',
        'id',
        'message_id',
        'message_text',
        'reason',
        'suspended_until',
        'target',
      ].sort(),
    );
    const notice = await anaSocket.next('moderation_notice');
    expect(notice).toMatchObject({ type: 'moderation_notice', kind: 'report_resolved' });
    expect(typeof notice.message).toBe('string');
    expect(typeof notice.created_at).toBe('string');
    expect(typeof notice.id).toBe('number');
    const listed = await ana.http.call<{ results: Record<string, unknown>[] }>(
      'GET',
      MODERATION_PATHS.notices,
    );
    expect(listed.status).toBe(200);
    expect(listed.body.results[0]).toMatchObject({ id: notice.id, kind: 'report_resolved' });
    const bad = await mod.http.call('POST', MODERATION_PATHS.actions, { action: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body).toHaveProperty('action');
  });

  it('suspend closes the person’s sockets with 4001 "account suspended"; sign-in answers 403 {detail}', async () => {
    const socket = await SpecSocket.open(server.url, bo);
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      socket.ws.once('close', (code, reason) => resolve({ code, reason: String(reason) })),
    );
    const answer = await mod.http.call('POST', MODERATION_PATHS.actions, {
      action: 'suspend',
      user_id: bo.id,
      until: null,
    });
    expect(answer.status).toBe(201);
    expect(await closed).toEqual({
      code: SOCKET_CLOSE_CODES.signedOut,
      reason: 'account suspended',
    });
    const http = new SpecHttp(server.url);
    await http.fetchCsrf();
    const signIn = await http.call('POST', '/accounts/login/', {
      username: bo.username,
      password: 'correct horse battery',
    });
    expect(signIn.status).toBe(403);
    expect(String(signIn.body.detail)).toMatch(/suspended/);
  });

  it('GET /moderation/audit/ → {results: [entry], next} newest first, for staff', async () => {
    const audit = await boss.http.call<{ results: Record<string, unknown>[]; next: null }>(
      'GET',
      `${MODERATION_PATHS.audit}?target_id=${bo.id}`,
    );
    expect(audit.status).toBe(200);
    expect(audit.body.next).toBeNull();
    expect(audit.body.results.map((e) => e.action)).toEqual(['suspend', 'warn']);
    expect(audit.body.results[0]).toMatchObject({
      actor: { id: mod.id, username: mod.username },
      target: { id: bo.id, username: bo.username },
    });
  });
});
