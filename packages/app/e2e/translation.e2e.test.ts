import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, openChatWith, personAt as personIn, send } from './flows';
import { launchBrowser, type RunningServer, startServer } from './harness';

// The real offline engine: Debian's Apertium (installed by .ci/run).
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ TRANSLATOR: 'apertium' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('chat across languages in two browsers', () => {
  it('each reader sees the other in their own language and can reveal the original', async () => {
    const ana = await personIn(browser, server.url, 'ana', 'English');
    const bruno = await personIn(browser, server.url, 'bruno', 'Spanish');
    await openChatWith(ana, 'bruno');
    await openChatWith(bruno, 'ana');

    // English → Spanish: Bruno reads Spanish; Ana's own bubble shows what she sent.
    await send(ana, 'I have a dog and a house.');
    await expect
      .poll(() => messages(bruno).getByText(/perro/).count(), { timeout: 30_000 })
      .toBe(1);
    await expect
      .poll(() => messages(ana).getByText('I have a dog and a house.', { exact: true }).count())
      .toBe(1);
    expect(
      await messages(bruno).getByText('I have a dog and a house.', { exact: true }).count(),
    ).toBe(0);

    // The original is one tap away, with its language.
    await messages(bruno).getByRole('button', { name: 'View original' }).click();
    await expect
      .poll(() =>
        messages(bruno)
          .getByText(/I have a dog and a house\./)
          .isVisible(),
      )
      .toBe(true);
    await expect
      .poll(() => messages(bruno).getByText('Translated from English').isVisible())
      .toBe(true);

    // Spanish → English the other way.
    await send(bruno, 'Tengo un gato negro.');
    await expect.poll(() => messages(ana).getByText(/cat/i).count(), { timeout: 30_000 }).toBe(1);
    await expect
      .poll(() => messages(bruno).getByText('Tengo un gato negro.', { exact: true }).count())
      .toBe(1);

    // Reload: history arrives in each reader's language too.
    await bruno.reload();
    await bruno
      .getByRole('navigation', { name: 'Chats' })
      .getByRole('button', { name: /ana/ })
      .click();
    await expect
      .poll(() => messages(bruno).getByText(/perro/).count(), { timeout: 30_000 })
      .toBe(1);

    const shots = process.env.E2E_SCREENSHOTS;
    if (shots) {
      await ana.screenshot({ path: `${shots}/translation-ana.png` });
      await bruno.screenshot({ path: `${shots}/translation-bruno.png` });
    }
  });
});
