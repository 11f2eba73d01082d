import { access } from 'node:fs/promises';
import { join } from 'node:path';
import {
  ACCOUNT_PATHS,
  type AccountExport,
  CHAT_PATHS,
  type ChatHistoryPage,
  type ChatListUser,
  DELETED_ACCOUNT_NAME,
  MEDIA_PATHS,
  NEVER_TRANSLATED_PATHS,
  POST_PATHS,
  privateRoomName,
} from '@parley/chat-sdk';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from './support/accounts.js';
import { ChatClient, type ChatUser } from './support/chatClients.js';
import { connectUsers } from './support/connections.js';
import type { HttpClient } from './support/httpClient.js';
import { upload } from './support/media.js';
import { startTestServer, type TestServer } from './support/testServer.js';

// Change password, delete account and export my data (issue 22, people's own controls) against
// the real server: real PGlite, real sockets, files on disk.

let server: TestServer;
const open: ChatClient[] = [];
beforeAll(async () => {
  server = await startTestServer();
});
afterEach(() => {
  for (const client of open.splice(0)) client.close();
});
afterAll(async () => {
  server?.app.server.closeIdleConnections();
  await server?.close();
});

interface Person extends ChatUser {
  password: string;
  email: string;
  /** The browser this person registered in (its refresh cookie is that session's). */
  browser: HttpClient;
}

async function person(): Promise<Person> {
  const browser = server.client();
  const registered = await registerUser(browser);
  return {
    id: registered.user_id,
    username: registered.user_name,
    token: registered.access_token,
    password: registered.payload.password,
    email: registered.payload.email,
    browser,
  };
}

/** A second sign-in of the same person, in another browser. */
async function signIn(who: Person, password = who.password) {
  const browser = server.client();
  await browser.csrf();
  const answer = await browser.post<{ access_token: string }>(
    ACCOUNT_PATHS.login,
    { username: who.username, password },
    { csrf: true },
  );
  return { browser, answer };
}

async function refresh(browser: HttpClient) {
  return browser.post<{ access: string }>(ACCOUNT_PATHS.refresh, {}, { csrf: true });
}

async function changePassword(who: Person, body: unknown) {
  return who.browser.post(ACCOUNT_PATHS.changePassword, body, { token: who.token, csrf: true });
}

async function deleteAccount(who: Person, password: string) {
  return who.browser.post(
    ACCOUNT_PATHS.deleteAccount,
    { password },
    { token: who.token, csrf: true },
  );
}

async function sendMessage(from: Person, to: Person, text: string): Promise<void> {
  const client = await ChatClient.open(server, from);
  open.push(client);
  const room = privateRoomName(from.id, to.id);
  await client.join(room);
  client.send({ type: 'chat_message', client_id: `c-${text}`, message: text, sender_id: from.id });
  await client.next('chat_message', (f) => f.message === text);
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

describe('change password', () => {
  it('refuses a wrong current password with a field error and keeps the old one', async () => {
    const ana = await person();
    const wrong = await changePassword(ana, {
      current_password: 'not my password',
      new_password: 'a new secret',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ current_password: ['Your current password is incorrect.'] });
    expect((await signIn(ana)).answer.status).toBe(200);
  });

  it('asks for both fields, a different new password, and the CSRF header', async () => {
    const ana = await person();
    const missing = await changePassword(ana, {});
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body as object).sort()).toEqual([
      'current_password',
      'new_password',
    ]);
    const same = await changePassword(ana, {
      current_password: ana.password,
      new_password: ana.password,
    });
    expect(same.status).toBe(400);
    expect(same.body).toHaveProperty('new_password');
    const noCsrf = await ana.browser.post(
      ACCOUNT_PATHS.changePassword,
      { current_password: ana.password, new_password: 'x' },
      { token: ana.token },
    );
    expect(noCsrf.status).toBe(403);
    const anonymous = await ana.browser.post(
      ACCOUNT_PATHS.changePassword,
      { current_password: ana.password, new_password: 'x' },
      { csrf: true },
    );
    expect(anonymous.status).toBe(401);
  });

  it('re-hashes: the old password fails, the new one signs in; other sessions end, this one stays', async () => {
    const ana = await person();
    const other = await signIn(ana);
    expect(other.answer.status).toBe(200);

    const changed = await changePassword(ana, {
      current_password: ana.password,
      new_password: 'brand new secret',
    });
    expect(changed.status, changed.text).toBe(204);

    expect((await signIn(ana)).answer.status).toBe(401);
    expect((await signIn(ana, 'brand new secret')).answer.status).toBe(200);
    // The other browser's refresh no longer works; this browser's does, and again after that.
    expect((await refresh(other.browser)).status).toBe(401);
    const mine = await refresh(ana.browser);
    expect(mine.status).toBe(200);
    expect((await refresh(ana.browser)).status).toBe(200);
    const me = await ana.browser.get<{ id: number }>(ACCOUNT_PATHS.me, {
      token: mine.body.access,
    });
    expect(me.body.id).toBe(ana.id);
  });
});

describe('delete account', () => {
  it('refuses a wrong password and keeps the account', async () => {
    const ana = await person();
    const wrong = await deleteAccount(ana, 'nope');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ password: ['The password is incorrect.'] });
    expect((await ana.browser.get(ACCOUNT_PATHS.me, { token: ana.token })).status).toBe(200);
  });

  it('removes the person, their files and sessions; partners see "Deleted account"', async () => {
    const ana = await person();
    const bo = await person();
    await connectUsers(server, ana, bo);
    await sendMessage(ana, bo, 'hola from ana');
    await sendMessage(bo, ana, 'hola from bo');

    // A chat upload, a profile image and a post with a picture: files on disk.
    const picture = await sharp({
      create: { width: 40, height: 30, channels: 3, background: '#3366cc' },
    })
      .png()
      .toBuffer();
    const uploaded = await upload(
      server,
      MEDIA_PATHS.uploadFile,
      ana.token,
      { file_type: 'image', sender_id: String(ana.id), receiver_id: String(bo.id) },
      { field: 'file', bytes: picture, name: 'photo.png', type: 'image/png' },
    );
    expect(uploaded.status, uploaded.text).toBe(201);
    const avatar = new FormData();
    avatar.append(
      'profile_image',
      new Blob([new Uint8Array(picture)], { type: 'image/png' }),
      'a.png',
    );
    const profile = await ana.browser.patch<{ profile_image: string }>(
      ACCOUNT_PATHS.updateProfileImage,
      avatar,
      { token: ana.token },
    );
    expect(profile.status, profile.text).toBe(200);
    const postForm = new FormData();
    postForm.append('content_type', 'image');
    postForm.append('caption', 'my post');
    postForm.append('categories', '1');
    postForm.append('file', new Blob([new Uint8Array(picture)], { type: 'image/png' }), 'p.png');
    const post = await ana.browser.post<{ content_url: string }>(POST_PATHS.create, postForm, {
      token: ana.token,
    });
    expect(post.status, post.text).toBe(201);

    const files = await server.pglite.query<{ stored_name: string; thumbnail_name: string | null }>(
      'select stored_name, thumbnail_name from media_uploads where owner_id = $1',
      [ana.id],
    );
    const paths = [...files.rows.flatMap((r) => [r.stored_name, r.thumbnail_name])]
      .filter((n): n is string => n !== null)
      .map((n) => join(server.dataDir, 'media', 'chat', n));
    paths.push(join(server.dataDir, profile.body.profile_image));
    paths.push(
      join(server.dataDir, 'media', 'posts', post.body.content_url.split('/').pop() ?? ''),
    );
    expect(paths.length).toBeGreaterThanOrEqual(3);
    for (const path of paths) expect(await exists(path), path).toBe(true);

    await server.pglite.query(
      `insert into push_subscriptions (user_id, endpoint, p256dh, auth)
       values ($1, $2, 'k', 'a')`,
      [ana.id, `https://push.example/${ana.id}`],
    );
    const other = await signIn(ana);

    const deleted = await deleteAccount(ana, ana.password);
    expect(deleted.status, deleted.text).toBe(204);

    // Signed out everywhere, and nobody can sign in as them or find them.
    expect((await signIn(ana)).answer.status).toBe(401);
    expect((await ana.browser.get(ACCOUNT_PATHS.me, { token: ana.token })).status).toBe(401);
    expect((await refresh(other.browser)).status).toBe(401);
    expect((await refresh(ana.browser)).status).toBe(401);
    expect(
      (await bo.browser.get(`/accounts/profile/${ana.username}/`, { token: bo.token })).status,
    ).toBe(404);
    expect(
      (
        await bo.browser.get(`/accounts/profile/${encodeURIComponent(DELETED_ACCOUNT_NAME)}/`, {
          token: bo.token,
        })
      ).status,
    ).toBe(404);

    // Files gone from disk; personal rows gone.
    for (const path of paths) expect(await exists(path), path).toBe(false);
    const left = await server.pglite.query<{ n: number }>(
      `select (select count(*) from push_subscriptions where user_id = $1)
            + (select count(*) from media_uploads where owner_id = $1)
            + (select count(*) from posts where author_id = $1)
            + (select count(*) from connections where from_user_id = $1 or to_user_id = $1)
            ::int as n`,
      [ana.id],
    );
    expect(Number(left.rows[0]?.n)).toBe(0);
    const row = await server.pglite.query<Record<string, unknown>>(
      'select username, email, phone, profile_image from users where id = $1',
      [ana.id],
    );
    expect(row.rows[0]).toEqual({
      username: DELETED_ACCOUNT_NAME,
      email: '',
      phone: '',
      profile_image: null,
    });
    const boNow = await bo.browser.get<{ followers_count: number }>(ACCOUNT_PATHS.me, {
      token: bo.token,
    });
    expect(boNow.body.followers_count).toBe(0);

    // Bo's history keeps Ana's message, from a deleted account; his chat list does not break.
    const history = await bo.browser.get<ChatHistoryPage>(
      `/chatmessage/history/?room_name=${privateRoomName(ana.id, bo.id)}`,
      { token: bo.token },
    );
    expect(history.status, history.text).toBe(200);
    const fromAna = history.body.results.find((m) => m.message === 'hola from ana');
    expect(fromAna).toMatchObject({
      sender_username: DELETED_ACCOUNT_NAME,
      sender_profile_image: null,
    });
    const chats = await bo.browser.get<ChatListUser[]>('/chatmessage/chats/', { token: bo.token });
    expect(chats.status, chats.text).toBe(200);
    expect(chats.body.find((c) => c.id === ana.id)).toMatchObject({
      username: DELETED_ACCOUNT_NAME,
      profile_image: null,
    });

    // The username is free again.
    const again = await registerUser(server.client(), { username: ana.username, email: ana.email });
    expect(again.user_id).not.toBe(ana.id);
  });
});

describe('delete account: groups', () => {
  it('leaves the groups; the message stays in group history from "Deleted account"', async () => {
    const ana = await person();
    const bo = await person();
    const cy = await person();
    await connectUsers(server, ana, bo);
    await connectUsers(server, ana, cy);
    const form = new FormData();
    form.append('name', `Trip ${ana.id}`);
    for (const m of [bo, cy]) form.append('user_ids', String(m.id));
    const created = await ana.browser.post<{ room_name: string }>(CHAT_PATHS.createGroup, form, {
      token: ana.token,
    });
    expect(created.status, created.text).toBe(201);
    const room = created.body.room_name;
    const client = await ChatClient.open(server, ana);
    open.push(client);
    await client.join(room);
    client.send({
      type: 'chat_message',
      client_id: 'g-1',
      message: 'group hello',
      sender_id: ana.id,
    });
    await client.next('chat_message', (f) => f.message === 'group hello');

    expect((await deleteAccount(ana, ana.password)).status).toBe(204);

    const history = await bo.browser.get<ChatHistoryPage>(
      `${CHAT_PATHS.history}?room_name=${encodeURIComponent(room)}`,
      { token: bo.token },
    );
    expect(history.status, history.text).toBe(200);
    expect(history.body.results.find((m) => m.message === 'group hello')).toMatchObject({
      sender_username: DELETED_ACCOUNT_NAME,
      sender_profile_image: null,
    });
    const groups = await bo.browser.get<{ room_name: string; members: { id: number }[] }[]>(
      CHAT_PATHS.groups,
      { token: bo.token },
    );
    expect(groups.status, groups.text).toBe(200);
    const group = groups.body.find((g) => g.room_name === room);
    expect(group?.members.map((m) => m.id).sort()).toEqual([bo.id, cy.id].sort());
  });
});

describe('delete account: plans and organisations', () => {
  it('refuses while a recurring plan still renews (409), allows it once set to cancel', async () => {
    const ana = await person();
    await server.pglite.query(
      `insert into subscriptions (user_id, provider, plan, status, reference, checkout_id)
       values ($1, 'test', 'personal', 'active', $2, $2)`,
      [ana.id, `ref-${ana.id}`],
    );
    const refused = await deleteAccount(ana, ana.password);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ detail: expect.stringContaining('Cancel it in Billing') });
    expect((await ana.browser.get(ACCOUNT_PATHS.me, { token: ana.token })).status).toBe(200);

    await server.pglite.query(
      'update subscriptions set cancel_at_period_end = true where user_id = $1',
      [ana.id],
    );
    expect((await deleteAccount(ana, ana.password)).status).toBe(204);
  });

  it("an administrator's organisation ends with the account: its members lose their seat", async () => {
    const admin = await person();
    const member = await person();
    const org = await server.pglite.query<{ id: number }>(
      `insert into organizations (admin_id, invite_token, max_users)
       values ($1, $2, 10) returning id`,
      [admin.id, `invite-${admin.id}`],
    );
    const orgId = org.rows[0]?.id;
    await server.pglite.query(
      `insert into organization_members (organization_id, user_id) values ($1, $2), ($1, $3)`,
      [orgId, admin.id, member.id],
    );
    await server.pglite.query(
      `update users set subscription_active = true, org_invite_token = $2, org_max_users = 10
       where id = $1`,
      [member.id, `invite-${admin.id}`],
    );

    expect((await deleteAccount(admin, admin.password)).status).toBe(204);

    const me = await member.browser.get<{ subscription_active: boolean; org_invite_token: null }>(
      ACCOUNT_PATHS.me,
      { token: member.token },
    );
    expect(me.body).toMatchObject({ subscription_active: false, org_invite_token: null });
    const left = await server.pglite.query<{ n: number }>(
      'select count(*)::int as n from organizations where id = $1',
      [orgId],
    );
    expect(left.rows[0]?.n).toBe(0);
  });
});

describe('export my data', () => {
  it('is one JSON download with my messages and profile, and no one else’s private data', async () => {
    const ana = await person();
    const bo = await person();
    await connectUsers(server, ana, bo);
    await sendMessage(ana, bo, 'mine to export');
    await sendMessage(bo, ana, 'bo private words');
    for (const [who, word] of [
      [ana, 'tapas'],
      [ana, 'Parley'],
      [bo, 'bo-secret-word'],
    ] as const) {
      const added = await who.browser.post(
        NEVER_TRANSLATED_PATHS.words,
        { word },
        { token: who.token },
      );
      expect(added.status, added.text).toBe(201);
    }

    const answer = await ana.browser.get<AccountExport>(ACCOUNT_PATHS.exportData, {
      token: ana.token,
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers.get('content-disposition')).toMatch(
      /^attachment; filename="parley-data-/,
    );
    const data = answer.body;
    expect(data.format).toBe('parley-account-export');
    expect(data.profile).toMatchObject({ id: ana.id, username: ana.username, email: ana.email });
    expect(data.messages.map((m) => m.message)).toEqual(['mine to export']);
    expect(data.messages[0]).toMatchObject({ room_title: bo.username });
    expect(data.connections.accepted).toEqual([
      { username: bo.username, since: expect.any(String) },
    ]);
    // Issue 26: their glossary is theirs; nobody else's.
    expect(data.never_translated).toEqual(['tapas', 'Parley']);
    expect(answer.text).not.toContain('bo-secret-word');
    expect(answer.text).not.toContain(bo.email);
    expect(answer.text).not.toContain('bo private words');
    expect(answer.text).not.toContain('password');

    expect((await ana.browser.get(ACCOUNT_PATHS.exportData)).status).toBe(401);
  });

  it('is limited to a few a day per person, with a clear 429', async () => {
    const ana = await person();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push((await ana.browser.get(ACCOUNT_PATHS.exportData, { token: ana.token })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = await ana.browser.get(ACCOUNT_PATHS.exportData, { token: ana.token });
    expect(refused.body).toEqual({ detail: expect.stringContaining('times a day') });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
