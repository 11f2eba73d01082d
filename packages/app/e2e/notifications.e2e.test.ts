import type { Browser, BrowserContext, Page, Worker } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openChatWith, personAt, send } from './flows';
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

/**
 * Headless Chromium keeps every tab visible, so a background tab is stood in for: the page's
 * `document.hidden` / `visibilityState` follow `__parleyTestHidden(…)`, which also fires
 * `visibilitychange` as the browser would.
 */
async function withVisibilitySwitch(page: Page): Promise<void> {
  await page.addInitScript(() => {
    let hidden = false;
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => (hidden ? 'hidden' : 'visible'),
    });
    (globalThis as unknown as { __parleyTestHidden: (on: boolean) => void }).__parleyTestHidden = (
      on,
    ) => {
      hidden = on;
      document.dispatchEvent(new Event('visibilitychange'));
    };
  });
  await page.reload();
}

function setHidden(page: Page, hidden: boolean) {
  return page.evaluate(
    (on) =>
      (globalThis as unknown as { __parleyTestHidden: (on: boolean) => void }).__parleyTestHidden(
        on,
      ),
    hidden,
  );
}

/** The notifications the service worker's registration shows (system notifications). */
function shownNotifications(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const list = await registration.getNotifications();
    return list.map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as unknown }));
  });
}

interface AskedNotification {
  title: string;
  body: string | undefined;
  tag: string | undefined;
  data: unknown;
}

/**
 * Records every notification the page asks the service worker's registration to show. Headless
 * Chromium sometimes leaves the first notification of a fresh profile out of `getNotifications()`
 * although `showNotification` resolved (seen in CI and here, about one run in five), so what the
 * app asked for is read here and the system's list is checked where it matters (replacement).
 */
async function recordAskedNotifications(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const asked: AskedNotification[] = [];
    (globalThis as unknown as { __parleyAsked: AskedNotification[] }).__parleyAsked = asked;
    const show = ServiceWorkerRegistration.prototype.showNotification;
    ServiceWorkerRegistration.prototype.showNotification = function (title, options) {
      asked.push({ title, body: options?.body, tag: options?.tag, data: options?.data });
      return show.call(this, title, options);
    };
  });
}

function askedNotifications(page: Page): Promise<AskedNotification[]> {
  return page.evaluate(
    () => (globalThis as unknown as { __parleyAsked?: AskedNotification[] }).__parleyAsked ?? [],
  );
}

async function serviceWorker(context: BrowserContext): Promise<Worker> {
  const [existing] = context.serviceWorkers();
  return existing ?? context.waitForEvent('serviceworker');
}

/** What a person's click on the shown notification does: the worker's notificationclick. */
function clickNotification(worker: Worker, tag: string) {
  return worker.evaluate(async (wanted) => {
    // Runs in the worker (its types are not this file's): the event a click dispatches.
    const scope = self as unknown as {
      registration: ServiceWorkerRegistration;
      dispatchEvent(event: Event): boolean;
      NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
    };
    const [notification] = await scope.registration.getNotifications({ tag: wanted });
    if (!notification) throw new Error(`no notification tagged ${wanted}`);
    scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification }));
  }, tag);
}

async function turnOnDeviceNotifications(page: Page) {
  await page.goto(`${server.url}/settings`);
  const toggle = page.getByRole('switch', { name: /Notifications on this device/ });
  await expect.poll(() => toggle.isVisible()).toBe(true);
  await toggle.click();
  await expect.poll(() => toggle.isChecked()).toBe(true);
  await expect.poll(() => toggle.isEnabled()).toBe(true);
  await page.goto(`${server.url}/`);
  await expect.poll(() => page.getByRole('navigation', { name: 'Chats' }).isVisible()).toBe(true);
}

describe('notifications while Parley is in a background tab', () => {
  it('permission granted: a notification per message, grouped per conversation, that opens it; unread count in title and favicon; Web Push too', async () => {
    const ana = await personAt(browser, server.url, 'ana', 'English', {
      permissions: ['notifications'],
    });
    const bruno = await personAt(browser, server.url, 'bruno', 'English');
    await recordAskedNotifications(ana);
    await withVisibilitySwitch(ana);
    await turnOnDeviceNotifications(ana);
    const worker = await serviceWorker(ana.context());
    await ana.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

    // Bruno starts a chat; Ana's tab is in the background.
    await openChatWith(bruno, 'ana');
    await setHidden(ana, true);
    await send(bruno, 'Hola Ana');
    await expect.poll(() => ana.title()).toBe('(1) Parley');
    const favicon = () => ana.locator('link[rel="icon"]').getAttribute('href');
    await expect.poll(favicon).toMatch(/^data:image\/svg\+xml/);
    await expect.poll(async () => (await askedNotifications(ana)).length).toBe(1);
    const [first] = await askedNotifications(ana);
    expect(first).toMatchObject({ title: 'bruno', body: 'Hola Ana' });
    const room = String(first?.tag);
    expect(room).toMatch(/^private-\d+-\d+$/);
    expect(first?.data).toEqual({ url: `/?room=${room}` });

    // A second message replaces the first notification (one per conversation) and counts.
    await send(bruno, 'Are you there?');
    await expect.poll(() => ana.title()).toBe('(2) Parley');
    await expect.poll(async () => (await askedNotifications(ana)).length).toBe(2);
    expect((await askedNotifications(ana))[1]).toMatchObject({ body: 'Are you there?', tag: room });
    await expect
      .poll(async () => (await shownNotifications(ana)).map((n) => n.body))
      .toEqual(['Are you there?']);

    // A click opens that conversation; back in view, the count clears.
    await clickNotification(worker, room);
    await expect.poll(() => ana.url()).toContain(`?room=${room}`);
    await expect
      .poll(() => ana.getByRole('heading', { level: 2, name: 'bruno' }).isVisible())
      .toBe(true);
    await setHidden(ana, false);
    await expect.poll(() => ana.title()).toBe('Parley');
    await expect.poll(favicon).toBe('/favicon.svg');

    // Web Push, delivered to the service worker through the DevTools protocol, shows a
    // notification that opens its conversation.
    await ana.goto(`${server.url}/`);
    await expect.poll(() => ana.getByRole('navigation', { name: 'Chats' }).isVisible()).toBe(true);
    const cdp = await ana.context().newCDPSession(ana);
    const registrations: { registrationId: string; scopeURL: string }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => {
      registrations.push(...(event.registrations as typeof registrations));
    });
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registrations.length).toBeGreaterThan(0);
    const registration = registrations.find((r) => r.scopeURL.startsWith(server.url));
    if (!registration) throw new Error('no service worker registration for Parley');
    const push = () =>
      cdp.send('ServiceWorker.deliverPushMessage', {
        origin: server.url,
        registrationId: registration.registrationId,
        data: JSON.stringify({
          kind: 'message',
          title: 'bruno',
          body: 'Pushed while you were away',
          tag: room,
          url: `/?room=${room}`,
        }),
      });
    // A push service delivers again what was not acknowledged; DevTools' delivery is dropped now
    // and then on a loaded runner (the worker still starting), so it is repeated every 3 s until
    // the notification shows. The same tag makes a repeat replace, never add, a notification.
    await push();
    let pushedAt = Date.now();
    await expect
      .poll(async () => {
        const bodies = (await shownNotifications(ana)).map((n) => n.body);
        if (!bodies.includes('Pushed while you were away') && Date.now() - pushedAt > 3_000) {
          await push();
          pushedAt = Date.now();
        }
        return bodies;
      })
      .toContain('Pushed while you were away');
    await clickNotification(worker, room);
    await expect.poll(() => ana.url()).toContain(`?room=${room}`);
    await expect
      .poll(() => ana.getByRole('heading', { level: 2, name: 'bruno' }).isVisible())
      .toBe(true);
  });

  it('permission refused: no notification and no asking again, but the title still counts', async () => {
    const carmen = await personAt(browser, server.url, 'carmen', 'English');
    const dario = await personAt(browser, server.url, 'dario', 'English');
    await recordAskedNotifications(carmen);
    // Carmen refused notifications for Parley in her browser.
    const cdp = await carmen.context().newCDPSession(carmen);
    const { targetInfo } = await cdp.send('Target.getTargetInfo');
    await cdp.send('Browser.setPermission', {
      permission: { name: 'notifications' },
      setting: 'denied',
      origin: server.url,
      browserContextId: targetInfo.browserContextId,
    });
    await withVisibilitySwitch(carmen);
    expect(await carmen.evaluate(() => Notification.permission)).toBe('denied');

    await carmen.goto(`${server.url}/settings`);
    const toggle = carmen.getByRole('switch', { name: /Notifications on this device/ });
    await expect.poll(() => toggle.isVisible()).toBe(true);
    expect(await toggle.isChecked()).toBe(false);
    expect(await toggle.isDisabled()).toBe(true);
    await expect
      .poll(() => carmen.getByText(/Notifications are blocked for Parley/).isVisible())
      .toBe(true);

    await carmen.goto(`${server.url}/`);
    await expect
      .poll(() => carmen.getByRole('navigation', { name: 'Chats' }).isVisible())
      .toBe(true);
    await openChatWith(dario, 'carmen');
    await setHidden(carmen, true);
    await send(dario, 'Hi Carmen');
    await expect.poll(() => carmen.title()).toBe('(1) Parley');
    expect(await askedNotifications(carmen)).toEqual([]);
    expect(await shownNotifications(carmen)).toEqual([]);
  });
});
