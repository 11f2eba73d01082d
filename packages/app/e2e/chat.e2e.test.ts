import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatScreenShown, messages, openChatWith, personAt as personIn, send } from './flows';
import { launchBrowser, type RunningServer, startServer } from './harness';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // Messages travel as written here; translation has its own suite (translation.e2e.test.ts).
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

describe('real-time chat between two people in two browsers', () => {
  it('exchanges messages both ways, shows typing, keeps history and survives a server restart', async () => {
    const ana = await personIn(browser, server.url, 'ana', 'English');
    const bruno = await personIn(browser, server.url, 'bruno', 'Spanish');

    await openChatWith(ana, 'bruno');
    await openChatWith(bruno, 'ana');

    await send(ana, 'Hello Bruno');
    await expect.poll(shows(bruno, 'Hello Bruno')).toBe(1);
    await expect.poll(shows(ana, 'Hello Bruno')).toBe(1);

    // Typing in one browser shows in the other.
    await bruno.getByRole('textbox', { name: 'Message' }).pressSequentially('Hola', { delay: 30 });
    await expect.poll(() => ana.getByText('bruno is typing...').isVisible()).toBe(true);
    await bruno.getByRole('textbox', { name: 'Message' }).press('Enter');
    await expect.poll(shows(ana, 'Hola')).toBe(1);
    // …and stops once the message is sent.
    await expect.poll(() => ana.getByText('bruno is typing...').isVisible()).toBe(false);

    // Reload keeps the history, and the sidebar now lists the conversation.
    await ana.reload();
    await expect.poll(() => chatScreenShown(ana)).toBe(true);
    await ana
      .getByRole('navigation', { name: 'Chats' })
      .getByRole('button', { name: /bruno/ })
      .click();
    await expect.poll(shows(ana, 'Hello Bruno')).toBe(1);
    await expect.poll(shows(ana, 'Hola')).toBe(1);

    // The server restarts mid-conversation; both clients reconnect and nothing is lost.
    await server.restart();
    await send(ana, 'Still there?');
    await send(bruno, 'Yes!');
    await expect.poll(shows(bruno, 'Still there?'), { timeout: 30_000 }).toBe(1);
    await expect.poll(shows(ana, 'Yes!'), { timeout: 30_000 }).toBe(1);
    for (const page of [ana, bruno]) {
      for (const text of ['Hello Bruno', 'Hola', 'Still there?', 'Yes!']) {
        await expect.poll(shows(page, text)).toBe(1);
      }
    }
    // For a person to look at: E2E_SCREENSHOTS=dir saves what each reader sees.
    const shots = process.env.E2E_SCREENSHOTS;
    if (shots) {
      await ana.screenshot({ path: `${shots}/chat-ana.png` });
      await bruno.screenshot({ path: `${shots}/chat-bruno.png` });
    }
  });
});
