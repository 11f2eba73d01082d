import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, openChatWith, personAt, send } from './flows';
import { launchBrowser, type RunningServer, startServer } from './harness';

// Message actions (issue 25) between an English and a Spanish reader, with the real offline
// engine (Debian's Apertium): reply, edit (the Spanish side sees the new translation), delete.
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

/** Opens the actions of the bubble showing `text` and picks `action`. */
async function act(page: Page, text: RegExp, action: string) {
  // The first: a later reply quoting it holds the same words.
  const row = messages(page).getByRole('listitem').filter({ hasText: text }).first();
  await row.getByRole('button', { name: 'Message actions' }).click();
  await row.getByRole('button', { name: action, exact: true }).click();
}

describe('reply, edit and delete across languages', () => {
  it('a reply quotes in each reader’s language; an edit is re-translated; a deletion shows', async () => {
    const ana = await personAt(browser, server.url, 'anaact', 'English');
    const bruno = await personAt(browser, server.url, 'brunoact', 'Spanish');
    await openChatWith(ana, 'brunoact');
    await openChatWith(bruno, 'anaact');

    await send(ana, 'I have a dog.');
    await expect
      .poll(() => messages(bruno).getByText(/perro/).count(), { timeout: 30_000 })
      .toBe(1);

    // Bruno replies to it: his quote is Spanish, Ana's English.
    await act(bruno, /perro/, 'Reply');
    await expect.poll(() => bruno.getByText('Replying to anaact').isVisible()).toBe(true);
    await send(bruno, 'Yo también.');
    const quoteAtAna = messages(ana).getByRole('button', { name: /show the original message/ });
    await expect.poll(() => quoteAtAna.textContent(), { timeout: 30_000 }).toMatch(/I have a dog/);
    const quoteAtBruno = messages(bruno).getByRole('button', { name: /show the original/ });
    await expect.poll(() => quoteAtBruno.textContent(), { timeout: 30_000 }).toMatch(/perro/);

    // Ana edits her message: Bruno reads the new text in Spanish, marked Edited.
    await act(ana, /I have a dog\./, 'Edit');
    const composer = ana.getByRole('textbox', { name: 'Message' });
    await expect.poll(() => composer.inputValue()).toBe('I have a dog.');
    await composer.fill('I have a black cat.');
    await composer.press('Enter');
    await expect
      .poll(
        () =>
          messages(bruno)
            .getByText(/gato negro/)
            .count(),
        { timeout: 30_000 },
      )
      .toBeGreaterThan(0);
    await expect.poll(() => messages(bruno).getByText('Edited').count()).toBe(1);

    // Ana deletes it for everyone: the row stays, and Bruno's quote of it says so.
    await act(ana, /black cat/, 'Delete for everyone');
    // It asks first (nobody can undo it).
    await ana
      .getByRole('dialog', { name: 'Delete this message for everyone?' })
      .getByRole('button', { name: 'Delete for everyone', exact: true })
      .click();
    await expect
      .poll(() => messages(bruno).getByText('This message was deleted.').count(), {
        timeout: 30_000,
      })
      .toBe(2);
    await expect
      .poll(() =>
        messages(bruno)
          .getByText(/gato negro/)
          .count(),
      )
      .toBe(0);
  });
});
