import {
  DRIVE_PATHS,
  type DriveBackupResult,
  type DriveStatus,
  MEDIA_PATHS,
} from '@parley/chat-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVE_MESSAGES, DRIVE_STATE_COOKIE } from '../src/drive/index.js';
import { type ChatUser, createChatUser } from './support/chatClients.js';
import { connectUsers } from './support/connections.js';
import { GoogleStandIn } from './support/googleStandIn.js';
import { upload } from './support/media.js';
import { startTestServer, type TestServer } from './support/testServer.js';

// Google Drive file backup on a real server (PGlite, loopback HTTP) against a stand-in of
// Google's OAuth server and Drive API: PKCE and state checked, tokens sealed server-side, each
// shared file copied once.

const FOLDER = 'Parley chat files';
let google: GoogleStandIn;
let server: TestServer;
let plain: TestServer; // no Google client configured

beforeAll(async () => {
  google = await GoogleStandIn.start();
  server = await startTestServer({
    drive: {
      clientId: google.clientId,
      clientSecret: google.clientSecret,
      issuer: google.url,
      apiUrl: google.url,
      folderName: FOLDER,
    },
  });
  plain = await startTestServer({ drive: null });
});
afterAll(async () => {
  for (const s of [server, plain]) s?.app.server.closeIdleConnections();
  await server?.close();
  await plain?.close();
  await google?.close();
});

async function call<T>(
  target: TestServer,
  method: 'GET' | 'POST',
  path: string,
  token?: string,
  cookie?: string,
) {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (cookie) headers.cookie = cookie;
  const response = await fetch(`${target.url}${path}`, { method, headers, redirect: 'manual' });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    body: (text && response.headers.get('content-type')?.includes('json')
      ? JSON.parse(text)
      : {}) as T,
  };
}

const status = async (user: ChatUser) =>
  (await call<DriveStatus>(server, 'GET', DRIVE_PATHS.status, user.token)).body;

async function shareFile(sender: ChatUser, receiver: ChatUser, text: string, name: string) {
  const sent = await upload(
    server,
    MEDIA_PATHS.uploadFile,
    sender.token,
    { file_type: 'application', sender_id: String(sender.id), receiver_id: String(receiver.id) },
    { field: 'file', bytes: Buffer.from(text), name, type: 'text/plain' },
  );
  expect(sent.status, sent.text).toBe(201);
  return sent.body as { file_url: string };
}

/** Starts the flow, lets the stand-in consent, and follows Google's redirect back. */
async function connect(user: ChatUser, answer?: Parameters<GoogleStandIn['consent']>[1]) {
  const started = await call<{ url: string }>(server, 'POST', DRIVE_PATHS.authorize, user.token);
  expect(started.status, started.text).toBe(200);
  const cookie = started.headers.getSetCookie().find((c) => c.startsWith(DRIVE_STATE_COOKIE));
  expect(cookie).toMatch(/HttpOnly/i);
  expect(cookie).toMatch(/SameSite=Lax/i);
  const back = google.consent(started.body.url, answer);
  const pair = cookie?.split(';')[0];
  return { started, back, pair, cookie };
}

async function followBack(back: URL, cookie: string | undefined) {
  const answer = await call(server, 'GET', `${back.pathname}${back.search}`, undefined, cookie);
  expect(answer.status).toBe(302);
  return answer.headers.get('location');
}

describe('Google Drive backup', () => {
  it('says plainly when the server has no Google client, and asks everyone to sign in', async () => {
    const user = await createChatUser(plain, { language: 'English' });
    const answer = await call<DriveStatus>(plain, 'GET', DRIVE_PATHS.status, user.token);
    expect(answer.body).toMatchObject({ configured: false, connected: false });
    for (const path of [DRIVE_PATHS.authorize, DRIVE_PATHS.backup]) {
      const refused = await call<{ detail: string }>(plain, 'POST', path, user.token);
      expect(refused.status).toBe(503);
      expect(refused.body.detail).toBe(DRIVE_MESSAGES.notConfigured);
    }
    for (const [method, path] of [
      ['GET', DRIVE_PATHS.status],
      ['POST', DRIVE_PATHS.authorize],
      ['POST', DRIVE_PATHS.backup],
      ['POST', DRIVE_PATHS.disconnect],
    ] as const) {
      expect((await call(server, method, path)).status).toBe(401);
    }
  });

  it('connects with PKCE, copies each shared file once, and keeps the tokens on the server', async () => {
    const ana = await createChatUser(server, { language: 'English' });
    const bo = await createChatUser(server, { language: 'English' });
    await connectUsers(server, ana, bo);
    await shareFile(ana, bo, 'minutes of the meeting', 'minutes.txt');
    await shareFile(ana, bo, 'second file', 'notes.txt');
    await shareFile(bo, ana, 'not ana’s file', 'bo.txt');
    expect(await status(ana)).toEqual({
      configured: true,
      connected: false,
      backed_up_files: 0,
      pending_files: 2,
      last_backup_at: null,
    });
    expect((await call(server, 'POST', DRIVE_PATHS.backup, ana.token)).body).toEqual({
      detail: DRIVE_MESSAGES.notConnected,
    });

    const { started, back, pair } = await connect(ana);
    const consent = new URL(started.body.url);
    expect(consent.origin + consent.pathname).toBe(`${google.url}/o/oauth2/v2/auth`);
    expect(Object.fromEntries(consent.searchParams)).toMatchObject({
      client_id: google.clientId,
      response_type: 'code',
      scope: 'https://www.googleapis.com/auth/drive.file',
      code_challenge_method: 'S256',
      access_type: 'offline',
      redirect_uri: `${server.url}${DRIVE_PATHS.callback}`,
    });
    expect(consent.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(await followBack(back, pair)).toBe('/google-drive/success');
    expect(google.tokenRequests.at(-1)?.get('code_verifier')).toMatch(/^[\w-]{43,}$/);

    // Sealed at rest: neither token appears in the database as Google sent it.
    const stored = await server.pglite.query<{ refresh_token: string; access_token: string }>(
      'select refresh_token, access_token from drive_accounts where user_id = $1',
      [ana.id],
    );
    expect(stored.rows[0]?.refresh_token).toMatch(/^v1\./);
    expect(JSON.stringify(stored.rows)).not.toMatch(/ya29\.|1\/\//);
    expect(await status(ana)).toMatchObject({ connected: true, pending_files: 2 });

    const first = await call<DriveBackupResult>(server, 'POST', DRIVE_PATHS.backup, ana.token);
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({
      uploaded: 2,
      failed: 0,
      backed_up_files: 2,
      pending_files: 0,
    });
    expect(first.body.last_backup_at).toEqual(expect.any(String));
    expect(first.text).not.toMatch(/ya29\.|1\/\//);
    const copied = google.filesIn(FOLDER);
    expect(copied.map((file) => file.name).sort()).toEqual(['minutes.txt', 'notes.txt']);
    expect(copied.find((file) => file.name === 'minutes.txt')?.bytes.toString()).toBe(
      'minutes of the meeting',
    );
    expect(copied[0]?.mimeType).toMatch(/^text\/plain/);

    // Nothing new: nothing copied again. A new file: only that one.
    expect(
      (await call<DriveBackupResult>(server, 'POST', DRIVE_PATHS.backup, ana.token)).body,
    ).toMatchObject({ uploaded: 0, failed: 0, backed_up_files: 2 });
    await shareFile(ana, bo, 'third', 'third.txt');
    expect(
      (await call<DriveBackupResult>(server, 'POST', DRIVE_PATHS.backup, ana.token)).body,
    ).toMatchObject({ uploaded: 1, backed_up_files: 3, pending_files: 0 });
    expect(google.filesIn(FOLDER)).toHaveLength(3);
  });

  it('refuses a callback with a foreign, reused or unbound state, a refusal, or a missing scope', async () => {
    const cai = await createChatUser(server, { language: 'English' });
    // Refused on Google's page.
    const denied = await connect(cai, { allow: false });
    expect(await followBack(denied.back, denied.pair)).toBe('/google-drive/login?error=denied');
    // The callback opened in another browser (no cookie binding it).
    const unbound = await connect(cai);
    expect(await followBack(unbound.back, undefined)).toBe('/google-drive/login?error=expired');
    // A state that was never issued, and one used twice.
    const forged = new URL(unbound.back);
    forged.searchParams.set('state', 'forged-state');
    expect(await followBack(forged, `${DRIVE_STATE_COOKIE}=forged-state`)).toBe(
      '/google-drive/login?error=expired',
    );
    const good = await connect(cai);
    expect(await followBack(good.back, good.pair)).toBe('/google-drive/success');
    expect(await followBack(good.back, good.pair)).toBe('/google-drive/login?error=expired');
    // Drive unticked on the consent page.
    const dan = await createChatUser(server, { language: 'English' });
    const narrow = await connect(dan, { allow: true, scopes: ['openid'] });
    expect(await followBack(narrow.back, narrow.pair)).toBe('/google-drive/login?error=scope');
    // A code that does not match the verifier (or was made up).
    const wrong = await connect(dan);
    wrong.back.searchParams.set('code', '4/made-up');
    expect(await followBack(wrong.back, wrong.pair)).toBe('/google-drive/login?error=failed');
    expect(await status(dan)).toMatchObject({ connected: false });
  });

  it('refreshes an expired token, makes a new folder when the old one is gone, and notices a withdrawn grant', async () => {
    const eve = await createChatUser(server, { language: 'English' });
    const fay = await createChatUser(server, { language: 'English' });
    await connectUsers(server, eve, fay);
    const { back, pair } = await connect(eve);
    await followBack(back, pair);
    await shareFile(eve, fay, 'one', 'one.txt');
    expect(
      (await call<DriveBackupResult>(server, 'POST', DRIVE_PATHS.backup, eve.token)).body,
    ).toMatchObject({ uploaded: 1 });

    google.expireAccessTokens();
    const [folderId] =
      google.filesIn(FOLDER).find((file) => file.name === 'one.txt')?.parents ?? [];
    google.deleteFolder(folderId ?? '');
    await shareFile(eve, fay, 'two', 'two.txt');
    const again = await call<DriveBackupResult>(server, 'POST', DRIVE_PATHS.backup, eve.token);
    expect(again.body, again.text).toMatchObject({ uploaded: 1, failed: 0 });
    const two = [...google.files.values()].find((file) => file.name === 'two.txt');
    expect(two?.parents[0]).not.toBe(folderId);
    expect(google.folders.get(two?.parents[0] ?? '')).toBe(FOLDER);

    google.revokeAll();
    await shareFile(eve, fay, 'three', 'three.txt');
    const revoked = await call<{ detail: string }>(server, 'POST', DRIVE_PATHS.backup, eve.token);
    expect(revoked.status).toBe(409);
    expect(revoked.body.detail).toBe(DRIVE_MESSAGES.revoked);
    expect(await status(eve)).toMatchObject({ connected: false, pending_files: 1 });
  });

  it('runs one backup at a time per person, keeps failed files pending, and forgets everything on disconnect', async () => {
    const gil = await createChatUser(server, { language: 'English' });
    const hal = await createChatUser(server, { language: 'English' });
    await connectUsers(server, gil, hal);
    const { back, pair } = await connect(gil);
    await followBack(back, pair);
    await shareFile(gil, hal, 'a', 'a.txt');
    await shareFile(gil, hal, 'b', 'b.txt');

    let release = () => {};
    google.uploadGate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const running = call<DriveBackupResult>(server, 'POST', DRIVE_PATHS.backup, gil.token);
    await expect.poll(() => google.tokenRequests.length).toBeGreaterThan(0);
    // The first backup is under way once its upload has begun (and waits at the gate).
    await expect.poll(() => google.uploadsBegun).toBeGreaterThan(0);
    const second = await call<{ detail: string }>(server, 'POST', DRIVE_PATHS.backup, gil.token);
    expect(second.status).toBe(409);
    expect(second.body.detail).toBe(DRIVE_MESSAGES.busy);
    google.failUploadsWith = 403;
    release();
    google.uploadGate = null;
    const failed = await running;
    expect(failed.body).toMatchObject({ uploaded: 0, failed: 2, pending_files: 2 });
    google.failUploadsWith = null;
    expect(
      (await call<DriveBackupResult>(server, 'POST', DRIVE_PATHS.backup, gil.token)).body,
    ).toMatchObject({ uploaded: 2, failed: 0, pending_files: 0 });

    const grant = google.tokenRequests.find(
      (form) => form.get('grant_type') === 'authorization_code',
    );
    expect(grant).toBeDefined();
    const gone = await call(server, 'POST', DRIVE_PATHS.disconnect, gil.token);
    expect(gone.status).toBe(204);
    expect(google.revokedTokens.at(-1)).toMatch(/^1\/\//);
    expect(await status(gil)).toEqual({
      configured: true,
      connected: false,
      backed_up_files: 0,
      pending_files: 2,
      last_backup_at: null,
    });
  });
});
