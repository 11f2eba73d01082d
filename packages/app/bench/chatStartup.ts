import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, startServer } from '../e2e/harness';
import { conversationWith, signedIn } from './conversation';

// Prints the time from navigation to an interactive chat screen — an open conversation whose
// composer takes typing — for a signed-in person on a cold cache (a new browser profile: no HTTP
// cache, no service worker) and on a warm one (the service worker installed, the same tab
// navigating again), on the built product over loopback. Median of RUNS. Figures only.

const RUNS = Number(process.env.STARTUP_RUNS ?? 5);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/**
 * Navigates and answers the page's own clock (ms since the navigation started) at the first
 * animation frame where the composer is shown, enabled and writable.
 */
async function navigateToUsableComposer(page: Page, url: string): Promise<number> {
  await page.goto(url, { waitUntil: 'commit' });
  const handle = await page.waitForFunction(
    () => {
      const label = [...document.querySelectorAll('label')].find(
        (candidate) => candidate.textContent === 'Message',
      );
      const box = label?.htmlFor ? document.getElementById(label.htmlFor) : null;
      if (!(box instanceof HTMLTextAreaElement)) return false;
      if (box.disabled || box.readOnly || box.getClientRects().length === 0) return false;
      return performance.now();
    },
    undefined,
    { polling: 'raf', timeout: 60_000 },
  );
  return Number(await handle.jsonValue());
}

async function serviceWorkerInCharge(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
    );
  });
}

async function measure(
  browser: Browser,
  storageState: Awaited<ReturnType<BrowserContext['storageState']>>,
  url: string,
) {
  const cold: number[] = [];
  const warm: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const context = await browser.newContext({ storageState });
    const page = await context.newPage();
    cold.push(await navigateToUsableComposer(page, url));
    await serviceWorkerInCharge(page);
    warm.push(await navigateToUsableComposer(page, url));
    await context.close();
  }
  return { cold, warm };
}

async function main() {
  // APP_DIST: another build to compare (e.g. one without its precompressed copies).
  const server = await startServer({
    TRANSLATOR: 'none',
    ...(process.env.APP_DIST ? { APP_DIST: process.env.APP_DIST } : {}),
  });
  const browser = await launchBrowser();
  try {
    const anaContext = await browser.newContext();
    const brunoContext = await browser.newContext();
    const ana = await signedIn(anaContext, server.url, 'ana');
    await signedIn(brunoContext, server.url, 'bruno');
    const room = await conversationWith(ana, 'bruno');
    const storageState = await anaContext.storageState();
    await anaContext.close();

    const { cold, warm } = await measure(browser, storageState, `${server.url}${room}`);
    const row = (label: string, values: number[]) =>
      console.log(
        `| ${label} | ${Math.round(median(values))} | ${Math.round(Math.min(...values))} | ${Math.round(Math.max(...values))} |`,
      );
    console.log(
      `Navigation → chat screen with a usable composer (loopback, desktop Chromium, no throttling), ${RUNS} runs`,
    );
    console.log('| cache | median ms | min ms | max ms |');
    console.log('|---|---|---|---|');
    row('cold (new profile)', cold);
    row('warm (service worker)', warm);
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
