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

function shows(page: Page, text: string) {
  return () => messages(page).getByText(text, { exact: true }).count();
}

/** Nothing on the page is wider than the screen (no sideways scroll). */
function scrollsSideways(page: Page) {
  return page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
}

/** The element's box lies inside the visible viewport (not below the fold). */
async function inView(page: Page, name: string) {
  const box = await page.getByRole('textbox', { name }).boundingBox();
  const height = await page.evaluate(() => globalThis.visualViewport?.height ?? innerHeight);
  return box !== null && box.y >= 0 && box.y + box.height <= height;
}

describe('the chat on a phone (390 × 844, touch)', () => {
  it('shows one pane at a time, keeps the composer in view, and back returns to the list', async () => {
    const ana = await personAt(browser, server.url, 'ana', 'English', PHONE);
    const bruno = await personAt(browser, server.url, 'bruno', 'Spanish');

    // The list alone: no conversation pane beside it.
    const list = ana.getByRole('navigation', { name: 'Chats' });
    await expect.poll(() => list.isVisible()).toBe(true);
    expect(await ana.getByText('Select a user to start chatting').isVisible()).toBe(false);
    expect(await scrollsSideways(ana)).toBe(false);

    await openChatWith(ana, 'bruno');
    await openChatWith(bruno, 'ana');
    // The conversation alone, with its composer on screen and a way back.
    expect(await list.isVisible()).toBe(false);
    await expect.poll(() => inView(ana, 'Message')).toBe(true);
    const back = ana.getByRole('button', { name: 'Back to chats' });
    expect(await back.isVisible()).toBe(true);
    // Touch targets: at least 44 px each way.
    for (const name of ['Back to chats', 'Audio call', 'Video call', 'Send']) {
      const box = await ana.getByRole('button', { name, exact: true }).boundingBox();
      expect(box?.width, name).toBeGreaterThanOrEqual(44);
      expect(box?.height, name).toBeGreaterThanOrEqual(44);
    }
    expect(await scrollsSideways(ana)).toBe(false);

    await send(ana, 'Hello from my phone');
    await expect.poll(shows(bruno, 'Hello from my phone')).toBe(1);
    await send(bruno, 'Hola');
    await expect.poll(shows(ana, 'Hola')).toBe(1);

    // The browser's back gesture returns to the list, which now lists bruno.
    await ana.goBack();
    await expect.poll(() => list.isVisible()).toBe(true);
    expect(await ana.getByRole('heading', { level: 2, name: 'bruno' }).isVisible()).toBe(false);
    await list.getByRole('button', { name: /bruno/ }).tap();
    await expect.poll(shows(ana, 'Hola')).toBe(1);
    // …and so does the header's back button.
    await back.tap();
    await expect.poll(() => list.isVisible()).toBe(true);

    // The narrowest phones (360 px) never scroll sideways either, list or conversation.
    await ana.setViewportSize({ width: 360, height: 740 });
    expect(await scrollsSideways(ana)).toBe(false);
    await list.getByRole('button', { name: /bruno/ }).tap();
    await expect.poll(shows(ana, 'Hello from my phone')).toBe(1);
    await expect.poll(() => inView(ana, 'Message')).toBe(true);
    expect(await scrollsSideways(ana)).toBe(false);

    // A modal is a full-height sheet on a phone.
    await back.tap();
    await ana.getByRole('button', { name: 'Create Groups' }).tap();
    const dialog = ana.getByRole('dialog');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const sheet = await dialog.boundingBox();
    expect(sheet?.width).toBe(360);
    expect(sheet?.height).toBe(740);

    const shots = process.env.E2E_SCREENSHOTS;
    if (shots) await ana.screenshot({ path: `${shots}/phone-ana.png` });
  });
});
