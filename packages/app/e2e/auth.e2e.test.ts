import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatScreenShown, PASSWORD, register as registerAt, signIn } from './flows';
import { launchBrowser, type RunningServer, startServer } from './harness';

// Short-lived access tokens so the test can watch one expire and the session carry on.
const ACCESS_TOKEN_TTL = 3;

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ ACCESS_TOKEN_TTL: String(ACCESS_TOKEN_TTL) });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The settings screen's profile block names the signed-in person. */
function currentUsername(page: Page) {
  return page.getByRole('region', { name: 'Profile image' }).locator('strong');
}

describe('accounts in a real browser against the real server', () => {
  it('registers, stays signed in across reloads and token expiry, logs out, and is guarded', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();

    await registerAt(page, server.url, 'ana');
    await page.waitForURL(`${server.url}/`);
    await expect.poll(() => chatScreenShown(page)).toBe(true);

    // Reload: the persisted auth part brings the session back.
    await page.reload();
    await expect.poll(() => chatScreenShown(page)).toBe(true);
    expect(page.url()).toBe(`${server.url}/`);

    // Let the access token expire; the next call gets a 401, refreshes once and is replayed.
    await page.waitForTimeout((ACCESS_TOKEN_TTL + 1) * 1000);
    const statuses: string[] = [];
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (pathname.startsWith('/accounts/')) statuses.push(`${pathname} ${response.status()}`);
    });
    await page.reload();
    await expect.poll(() => statuses).toContain('/accounts/token/refresh/ 200');
    // Whichever comes first — the profile call's 401 or the chat socket's refusal — leads to one
    // refresh, and the profile loads once.
    await expect.poll(() => statuses.filter((s) => s === '/accounts/me/ 200')).toHaveLength(1);
    expect(statuses.filter((s) => s.startsWith('/accounts/token/refresh/'))).toEqual([
      '/accounts/token/refresh/ 200',
    ]);
    expect(statuses.filter((s) => s === '/accounts/me/ 401').length).toBeLessThanOrEqual(1);
    await expect.poll(() => chatScreenShown(page)).toBe(true);
    expect(page.url()).toBe(`${server.url}/`);

    // Log out (from settings): back to the sign-in screen, and the session is gone for good.
    await page.goto(`${server.url}/settings`);
    await expect.poll(() => currentUsername(page).textContent()).toBe('ana');
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${server.url}/login`);
    await page.reload();
    expect(page.url()).toBe(`${server.url}/login`);

    // A protected route sends us to /login carrying where we came from, and back after signing in.
    await page.goto(`${server.url}/settings`);
    await page.waitForURL(`${server.url}/login?redirect=%2Fsettings`);
    await signIn(page, 'ana', 'wrong password');
    await expect.poll(() => page.getByText('Invalid username or password').isVisible()).toBe(true);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(`${server.url}/settings`);
    await expect.poll(() => currentUsername(page).textContent()).toBe('ana');

    await context.close();
  });

  it('shows the server field errors when the username or e-mail is taken', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await registerAt(page, server.url, 'bruno');
    await page.waitForURL(`${server.url}/`);
    await page.goto(`${server.url}/settings`);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${server.url}/login`);

    await registerAt(page, server.url, 'bruno');
    await expect.poll(() => page.getByText('Username already exists').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Email already exists').isVisible()).toBe(true);
    expect(page.url()).toBe(`${server.url}/register`);
    await context.close();
  });

  it('shows the not-found screen for an unknown path, with a way home', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/no/such/place`);
    await expect.poll(() => page.getByText('Page Not Found').isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Go Back Home' }).click();
    // Home is protected: signed out, it lands on the sign-in screen.
    await page.waitForURL(/\/login/);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Sign in to Parley' }).isVisible())
      .toBe(true);
    await context.close();
  });
});
