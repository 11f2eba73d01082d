import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatScreenShown, messages, openChatWith, personAt, register, send } from './flows';
import { launchBrowser, type RunningServer, startServer } from './harness';

// Parts the app loads on first use, in the product's renderer: the app renders with Preact
// (vite.config.ts), the stories test the same components on React. The full emoji picker is a
// third-party React component, the QR code another. (A mention following the caret, which React
// and Preact report differently, is checked in a group: translationSuggestions.e2e.test.ts.)
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

describe('parts loaded on first use', () => {
  it('the full emoji picker reacts and the profile QR code draws', async () => {
    const ana = await personAt(browser, server.url, 'anafirst', 'English');
    await personAt(browser, server.url, 'brunofirst', 'English');
    await openChatWith(ana, 'brunofirst');
    await send(ana, 'Hello there');

    // React → More emoji: the picker loads, its search has the cursor, a found emoji reacts.
    const row = messages(ana).getByRole('listitem').filter({ hasText: 'Hello there' }).first();
    await row.getByRole('button', { name: 'React', exact: true }).click();
    await row.getByRole('button', { name: 'More emoji', exact: true }).click();
    const search = row.getByPlaceholder('Search emoji');
    await expect
      .poll(() => search.evaluate((field) => field === document.activeElement))
      .toBe(true);
    await ana.keyboard.type('rocket');
    // (found by their aria-label: getByRole with that name did not find the picker's emoji buttons)
    await row.locator('button[aria-label="rocket"]').first().click();
    await expect
      .poll(() => row.getByRole('button', { name: /🚀 1, including you/ }).count(), {
        timeout: 15_000,
      })
      .toBe(1);

    // Settings → Profile QR code: drawn on first open.
    await ana.goto(`${server.url}/settings`);
    await ana.getByText('Profile QR code', { exact: true }).click();
    const code = ana.getByRole('img', { name: /QR code of your profile link/ });
    await expect.poll(() => code.isVisible()).toBe(true);
    await expect.poll(() => code.locator('path').count()).toBeGreaterThan(0);
  });

  it("the chat list draws without the conversation's code, which follows when idle; a room's address opens it cold", async () => {
    const ana = await personAt(browser, server.url, 'anabody', 'English');
    await personAt(browser, server.url, 'brunobody', 'English');
    await openChatWith(ana, 'brunobody');
    await send(ana, 'Body of the chat');
    await expect.poll(() => messages(ana).getByText('Body of the chat').count()).toBe(1);
    const roomAddress = ana.url();
    expect(new URL(roomAddress).searchParams.get('room')).toBeTruthy();

    // A new tab on the chat, its cache emptied: the list shows, then the body is asked for.
    const list = await ana.context().newPage();
    const cdp = await ana.context().newCDPSession(list);
    await cdp.send('Network.clearBrowserCache');
    const bodyRequests: string[] = [];
    list.on('request', (request) => {
      if (/\/ConversationBody-[^/]+\.js$/.test(request.url())) bodyRequests.push(request.url());
    });
    await list.goto(`${server.url}/`);
    await expect
      .poll(() => list.getByText('Select a user to start chatting').isVisible())
      .toBe(true);
    await expect.poll(() => bodyRequests.length, { timeout: 10_000 }).toBeGreaterThan(0);
    await list.close();

    // A cold visit to the room's address: route-preload.js asks for the body beside the entry.
    const room = await ana.context().newPage();
    const roomCdp = await ana.context().newCDPSession(room);
    await roomCdp.send('Network.clearBrowserCache');
    await room.goto(roomAddress);
    const preloads = await room.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map(
        (link) => link.href,
      ),
    );
    expect(preloads.some((href) => /\/ConversationBody-[^/]+\.js$/.test(href))).toBe(true);
    await expect.poll(() => messages(room).getByText('Body of the chat').count()).toBe(1);
    await send(room, 'Sent from the cold tab');
    await expect
      .poll(() => messages(ana).getByText('Sent from the cold tab').count(), { timeout: 10_000 })
      .toBe(1);
    await room.close();

    // The body's download fails (offline for a moment): the pane says so, and Retry loads it.
    // (Without the service worker, whose cache would answer instead of the network.)
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const carla = await context.newPage();
    const body = /\/ConversationBody-[^/]+\.js$/;
    await carla.route(body, (route) => route.abort('internetdisconnected'));
    await register(carla, server.url, 'carlabody', 'English');
    await expect.poll(() => chatScreenShown(carla)).toBe(true);
    await openChatWith(carla, 'brunobody');
    const alert = carla.getByRole('alert').filter({ hasText: 'Could not load this conversation.' });
    await expect.poll(() => alert.isVisible(), { timeout: 10_000 }).toBe(true);
    await carla.unroute(body);
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect
      .poll(() => carla.getByRole('textbox', { name: 'Message' }).isVisible(), { timeout: 10_000 })
      .toBe(true);
    await send(carla, 'Loaded on the second try');
    await expect
      .poll(() => messages(carla).getByText('Loaded on the second try').count(), {
        timeout: 10_000,
      })
      .toBe(1);
    await context.close();
  });

  it('a reload of the chat asks for its list once, while the page loads, and draws it; a stale token still gets it', async () => {
    const ana = await personAt(browser, server.url, 'anaearly', 'English');
    await personAt(browser, server.url, 'brunoearly', 'English');
    await openChatWith(ana, 'brunoearly');
    await send(ana, 'The list comes early');
    await expect.poll(() => messages(ana).getByText('The list comes early').count()).toBe(1);

    /**
     * Opens the chat in a new tab; answers the calls made to the chat list's address: the script
     * that made each (from the browser's record of its initiator) and the answer's status.
     */
    async function chatListCalls(): Promise<{ status: number; byRoutePreload: boolean }[]> {
      const page = await ana.context().newPage();
      const cdp = await ana.context().newCDPSession(page);
      await cdp.send('Network.enable');
      const calls = new Map<string, { status: number; byRoutePreload: boolean }>();
      cdp.on('Network.requestWillBeSent', (event) => {
        if (new URL(event.request.url).pathname !== '/chatmessage/chats/') return;
        const caller = event.initiator.stack?.callFrames[0]?.url ?? '';
        calls.set(event.requestId, {
          status: 0,
          byRoutePreload: new URL(caller || server.url).pathname === '/route-preload.js',
        });
      });
      cdp.on('Network.responseReceived', (event) => {
        const call = calls.get(event.requestId);
        if (call) call.status = event.response.status;
      });
      await page.goto(`${server.url}/`);
      const row = page.getByRole('navigation', { name: 'Chats' }).getByText('brunoearly');
      await expect.poll(() => row.first().isVisible(), { timeout: 15_000 }).toBe(true);
      await expect
        .poll(() => page.getByText('You: The list comes early').first().isVisible())
        .toBe(true);
      // The screen's own refresh on opening reuses that load: nothing more is asked for.
      await page.waitForTimeout(1_000);
      await cdp.detach();
      await page.close();
      return [...calls.values()];
    }

    // route-preload.js asks for the list with the stored token, before the app has run.
    expect(await chatListCalls()).toEqual([{ status: 200, byRoutePreload: true }]);

    // A stored token the server no longer accepts: the early answer is a 401, the app refreshes
    // the token and asks again, and the list shows all the same.
    await ana.evaluate(() => {
      const stored = JSON.parse(localStorage.getItem('persist:root') ?? '{}');
      const auth = JSON.parse(stored.auth);
      auth.accessToken = `${auth.accessToken}x`;
      stored.auth = JSON.stringify(auth);
      localStorage.setItem('persist:root', JSON.stringify(stored));
    });
    expect(await chatListCalls()).toEqual([
      { status: 401, byRoutePreload: true },
      { status: 200, byRoutePreload: false },
    ]);
  });
});
