import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GoogleStandIn } from '../../server/test/support/googleStandIn';
import { messages, openChatWith, personAt } from './flows';
import { launchBrowser, type RunningServer, startServer } from './harness';

// File backup to Google Drive in Chromium against the real server, with a local stand-in of
// Google's OAuth server and Drive API (its consent page allows at once, as a person would).
let google: GoogleStandIn;
let server: RunningServer;
let browser: Browser;
const FOLDER = 'Parley chat files';

beforeAll(async () => {
  google = await GoogleStandIn.start();
  server = await startServer({
    TRANSLATOR: 'none',
    GOOGLE_CLIENT_ID: google.clientId,
    GOOGLE_CLIENT_SECRET: google.clientSecret,
    GOOGLE_OAUTH_ISSUER: google.url,
    GOOGLE_DRIVE_API_URL: google.url,
    GOOGLE_DRIVE_FOLDER: FOLDER,
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await google?.close();
});

describe('Google Drive backup', () => {
  it('connects from Settings through Google, copies the shared file, and disconnects', async () => {
    const ana = await personAt(browser, server.url, 'ana_drive', 'English');
    await personAt(browser, server.url, 'bo_drive', 'English');
    await openChatWith(ana, 'bo_drive');
    await ana.getByLabel('Choose a file to attach').setInputFiles({
      name: 'minutes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Minutes of the Tuesday meeting'),
    });
    await expect
      .poll(() => ana.getByText('Ready to send').isVisible(), { timeout: 30_000 })
      .toBe(true);
    await ana.getByRole('button', { name: 'Send', exact: true }).click();
    await expect
      .poll(() => messages(ana).getByText('minutes.txt').count(), { timeout: 30_000 })
      .toBeGreaterThan(0);

    await ana.goto(`${server.url}/settings`);
    await ana.getByText('File backup (Google Drive)').click();
    const connect = ana.getByRole('button', { name: 'Connect Google Drive' });
    await expect.poll(() => connect.isVisible(), { timeout: 15_000 }).toBe(true);
    await connect.click();
    // /google-drive/login → Google's consent page → the server's callback → the success screen.
    await ana.waitForURL(`${server.url}/google-drive/success`, { timeout: 30_000 });
    await expect
      .poll(() => ana.getByRole('heading', { name: 'Google Drive Connected!' }).isVisible())
      .toBe(true);
    await expect.poll(() => ana.getByText('0 files backed up, 1 waiting.').isVisible()).toBe(true);

    await ana.getByRole('button', { name: 'Back up my chat files' }).click();
    await expect
      .poll(() => ana.getByRole('status').getByText('Backed up 1 file.').isVisible())
      .toBe(true);
    const copied = google.filesIn(FOLDER);
    expect(copied.map((file) => [file.name, file.bytes.toString()])).toEqual([
      ['minutes.txt', 'Minutes of the Tuesday meeting'],
    ]);

    // Settings shows the same truth, and Disconnect forgets the access.
    await ana.goto(`${server.url}/settings`);
    await ana.getByText('File backup (Google Drive)').click();
    await expect
      .poll(() => ana.getByText('1 file backed up, 0 waiting.').isVisible(), { timeout: 15_000 })
      .toBe(true);
    await ana.getByRole('button', { name: 'Disconnect Google Drive' }).click();
    await expect
      .poll(() => ana.getByRole('button', { name: 'Connect Google Drive' }).isVisible())
      .toBe(true);
    expect(google.revokedTokens).toHaveLength(1);

    // Back to Chat on the success screen returns to the chat.
    await ana.goto(`${server.url}/google-drive/success`);
    await ana.getByRole('button', { name: 'Back to Chat' }).click();
    await ana.waitForURL(`${server.url}/`);
  });
});
