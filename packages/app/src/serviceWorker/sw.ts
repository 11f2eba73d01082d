/// <reference lib="webworker" />
/**
 * Parley's service worker (built by vite-plugin-pwa's injectManifest into /sw.js): the app shell
 * from the precache so Parley opens at once and offline, our own offline page when even that is
 * missing, and Web Push. API, media and socket traffic is never routed here, so it always goes to
 * the network.
 */
import { clientsClaim } from 'workbox-core';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  matchPrecache,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import {
  NAVIGATE_MESSAGE,
  notificationFromPush,
  type ShownNotificationData,
} from '../notifications/pushDisplay';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null } | string>;
};

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
void self.skipWaiting();
clientsClaim();

/** Navigations the server answers itself (API, media, health): never the app shell. */
const SERVER_PATHS = [
  /^\/(accounts|connections|chatmessage|corrections|meta|media|ws|healthz)(\/|$)/,
  /^\/posts\//,
];

const shell = createHandlerBoundToURL('/index.html');
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        return await shell(options);
      } catch {
        return (await matchPrecache('/offline.html')) ?? Response.error();
      }
    },
    { denylist: SERVER_PATHS },
  ),
);

// The server's own pages (a media file opened in a tab, …) always come from the network; offline,
// our page says so instead of the browser's error.
registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' && SERVER_PATHS.some((pattern) => pattern.test(url.pathname)),
  async ({ request }) => {
    try {
      return await fetch(request);
    } catch {
      return (await matchPrecache('/offline.html')) ?? Response.error();
    }
  },
);

self.addEventListener('push', (event) => {
  const shown = notificationFromPush(event.data?.json());
  if (!shown) return;
  event.waitUntil(self.registration.showNotification(shown.title, shown.options));
});

/** Opens (or focuses) Parley at an app path: an open window follows it in place. */
async function openApp(url: URL): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === url.origin);
  if (open) {
    // An open Parley follows the link with its router, without a reload.
    open.postMessage({ type: NAVIGATE_MESSAGE, path: `${url.pathname}${url.search}` });
    await open.focus().catch(() => undefined);
    return;
  }
  await self.clients.openWindow(url.href);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as ShownNotificationData | undefined;
  const url = new URL(data?.url ?? '/', self.location.origin);
  if (url.origin !== self.location.origin) return;
  const opening = openApp(url);
  try {
    event.waitUntil(opening);
  } catch {
    // A click replayed by a test (an untrusted event) cannot extend its lifetime; it still opens.
  }
});
