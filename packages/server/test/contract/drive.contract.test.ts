// Contract rows for Parley's Google Drive backup extension (issue 10; the spec names only the
// /google-drive/login and /google-drive/success screens): chat-sdk's DRIVE_PATHS and bodies.
import { DRIVE_PATHS } from '@parley/chat-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GoogleStandIn } from '../support/googleStandIn.js';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { registerSpecUser, type SpecUser } from './support/specClient.js';

let google: GoogleStandIn;
let server: TestServer;
let user: SpecUser;

beforeAll(async () => {
  google = await GoogleStandIn.start();
  server = await startTestServer({
    drive: {
      clientId: google.clientId,
      clientSecret: google.clientSecret,
      issuer: google.url,
      apiUrl: google.url,
      folderName: 'Parley chat files',
    },
  });
  user = await registerSpecUser(server.url);
});
afterAll(async () => {
  server?.app.server.closeIdleConnections();
  await server?.close();
  await google?.close();
});

const STATUS_KEYS = [
  'backed_up_files',
  'configured',
  'connected',
  'last_backup_at',
  'pending_files',
];

describe(`contract: GET ${DRIVE_PATHS.status} → DriveStatus`, () => {
  it('answers the five status fields to a signed-in person, 401 otherwise', async () => {
    const answer = await user.http.call('GET', DRIVE_PATHS.status);
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body).sort()).toEqual(STATUS_KEYS);
    expect(answer.body).toMatchObject({ configured: true, connected: false });
    expect((await fetch(`${server.url}${DRIVE_PATHS.status}`)).status).toBe(401);
  });
});

describe(`contract: POST ${DRIVE_PATHS.authorize} (no body) → {url}`, () => {
  it('answers only the consent page URL', async () => {
    const answer = await user.http.call<{ url: string }>('POST', DRIVE_PATHS.authorize);
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body)).toEqual(['url']);
    expect(new URL(answer.body.url).searchParams.get('code_challenge_method')).toBe('S256');
  });
});

describe(`contract: GET ${DRIVE_PATHS.callback}?error=… → 302`, () => {
  it('sends a refused or stray callback back to the login screen with a reason', async () => {
    const answer = await fetch(`${server.url}${DRIVE_PATHS.callback}?error=access_denied&state=x`, {
      redirect: 'manual',
    });
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('/google-drive/login?error=denied');
  });
});

describe(`contract: POST ${DRIVE_PATHS.backup} → DriveBackupResult | {detail}`, () => {
  it('answers {detail} with 409 before Drive is connected', async () => {
    const answer = await user.http.call('POST', DRIVE_PATHS.backup);
    expect(answer.status).toBe(409);
    expect(Object.keys(answer.body)).toEqual(['detail']);
  });
});

describe(`contract: POST ${DRIVE_PATHS.disconnect} → 204`, () => {
  it('answers 204 with no body, connected or not', async () => {
    const answer = await user.http.call('POST', DRIVE_PATHS.disconnect);
    expect(answer.status).toBe(204);
  });
});
