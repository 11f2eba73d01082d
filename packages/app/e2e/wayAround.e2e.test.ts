import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, openChatWith, PHONE, personAt, send } from './flows';
import { launchBrowser, type RunningServer, startServer } from './harness';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ TRANSLATOR: 'none' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Chats' });

describe('the way around the signed-in app (issue 25)', () => {
  it('a new person sees who they are, reaches Settings and comes back; the list says "You: …"; Logout from the menu', async () => {
    const ana = await personAt(browser, server.url, 'ana', 'English');
    await personAt(browser, server.url, 'bruno', 'English');

    // Who I am, on the home screen: the identity menu with @username and the ways on.
    const menuButton = ana.getByRole('button', { name: /^ana\W*account menu$/ });
    await menuButton.click();
    await expect.poll(() => ana.getByText('@ana', { exact: true }).isVisible()).toBe(true);
    for (const name of ['Profile', 'Posts', 'Dashboard', 'Settings']) {
      await expect
        .poll(() => ana.getByRole('link', { name, exact: true }).count())
        .toBeGreaterThan(0);
    }
    // To Settings through the menu, and back to the chat from there.
    await ana.getByRole('link', { name: 'Settings', exact: true }).last().click();
    await ana.waitForURL(`${server.url}/settings`);
    await mainNav(ana).getByRole('link', { name: 'Chats' }).click();
    await ana.waitForURL(`${server.url}/`);
    await expect.poll(() => sidebar(ana).isVisible()).toBe(true);

    // One's own last message reads 'You: …' in the chat list.
    await openChatWith(ana, 'bruno');
    await send(ana, 'See you at five');
    await expect.poll(() => messages(ana).getByText('See you at five').count()).toBe(1);
    await expect
      .poll(() => sidebar(ana).getByText('You: See you at five', { exact: true }).isVisible())
      .toBe(true);

    // Logout from the identity menu signs out for good.
    await menuButton.click();
    await ana.getByRole('button', { name: 'Logout' }).click();
    await ana.waitForURL(`${server.url}/login`);
    await ana.reload();
    expect(ana.url()).toBe(`${server.url}/login`);
  });

  it('on a phone, a bottom bar leads to the profile and back to the chats', async () => {
    const cai = await personAt(browser, server.url, 'cai', 'English', PHONE);
    const bar = cai.getByRole('navigation', { name: 'Sections' });
    await expect.poll(() => bar.isVisible()).toBe(true);
    await bar.getByRole('link', { name: 'Profile' }).tap();
    await cai.waitForURL(`${server.url}/user/cai`);
    await bar.getByRole('link', { name: 'Chats' }).tap();
    await cai.waitForURL(`${server.url}/`);
    await expect.poll(() => sidebar(cai).isVisible()).toBe(true);
  });
});
