import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  launchBrowserWithProfile,
  type RunningServer,
  startServer,
} from './harness';

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

interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  theme_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
}

describe('Parley as an installable app', () => {
  it('has a manifest with the icons browsers ask for', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/login`);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const manifest = (await (await fetch(`${server.url}${href}`)).json()) as Manifest;
    expect(manifest).toMatchObject({
      name: 'Parley',
      short_name: 'Parley',
      start_url: '/',
      display: 'standalone',
    });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe(
      manifest.theme_color,
    );
    for (const size of ['192x192', '512x512']) {
      const icon = manifest.icons.find((i) => i.sizes === size && i.type === 'image/png');
      if (!icon) throw new Error(`no ${size} icon`);
      const answer = await fetch(`${server.url}${icon.src}`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('image/png');
    }
    expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
    await page.context().close();
  });

  it("passes Chrome's own installability check once the service worker controls the page", async () => {
    // Every browser.newContext() is incognito, where Chrome answers only 'in-incognito'; a user
    // installs from a real profile, so this check runs in one.
    const profile = await launchBrowserWithProfile();
    try {
      const page = await profile.context.newPage();
      await page.goto(`${server.url}/login`);
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await expect
        .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)))
        .toBe(true);

      // The check Lighthouse's removed installable-manifest audit read: Chrome's own criteria.
      const cdp = await profile.context.newCDPSession(page);
      const manifest = await cdp.send('Page.getAppManifest');
      expect(manifest.url).toBe(`${server.url}/manifest.webmanifest`);
      expect(manifest.errors).toEqual([]);
      expect(await cdp.send('Page.getInstallabilityErrors')).toEqual({ installabilityErrors: [] });
    } finally {
      await profile.close();
    }
  });

  it('opens offline from the service worker, never caches API traffic, and has its own offline page', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await expect
      .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)))
      .toBe(true);

    await context.setOffline(true);
    await page.reload();
    await expect.poll(() => page.getByRole('button', { name: 'Next' }).isVisible()).toBe(true);
    // The server's own paths are never answered from a cache: offline, Parley's page says so.
    await page.goto(`${server.url}/media/anything.png`);
    await expect
      .poll(() => page.getByRole('heading', { name: 'You are offline' }).isVisible())
      .toBe(true);
    await context.setOffline(false);

    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(cached).toContain('/index.html');
    expect(cached).toContain('/offline.html');
    expect(
      cached.filter((path) =>
        /^\/(accounts|connections|chatmessage|corrections|meta|media|ws|healthz)(\/|$)/.test(path),
      ),
    ).toEqual([]);
    await context.close();
  });
});
