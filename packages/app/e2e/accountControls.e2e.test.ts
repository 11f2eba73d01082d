import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, personAt, signIn } from './flows';
import { launchBrowser, type RunningServer, startServer } from './harness';

// Settings' Account area in a real browser against the built server: change password, download
// my data, delete account (issue 22).

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('account controls', () => {
  it('changes the password, downloads the data, deletes the account and lands on sign-in', async () => {
    const page = await personAt(browser, server.url, 'rosa', 'Spanish');
    await page.goto(`${server.url}/settings`);
    await page.getByText('Account', { exact: true }).click();

    await page.getByLabel('Current password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('New password', { exact: true }).fill('a brand new secret');
    await page.getByLabel('Confirm new password', { exact: true }).fill('a brand new secret');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect
      .poll(() => page.getByText('Your password was changed.', { exact: false }).isVisible())
      .toBe(true);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download my data' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^parley-data-.*\.json$/);
    const stream = await file.createReadStream();
    let text = '';
    for await (const chunk of stream) text += String(chunk);
    expect(JSON.parse(text)).toMatchObject({ profile: { username: 'rosa' } });

    await page.getByRole('button', { name: 'Delete account...' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Password', { exact: true }).fill('a brand new secret');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL(`${server.url}/login`);
    await expect.poll(() => page.getByText('Your account was deleted.').isVisible()).toBe(true);

    await signIn(page, 'rosa', 'a brand new secret');
    await expect.poll(() => page.getByText('Invalid username or password').isVisible()).toBe(true);
    await page.context().close();
  });
});
