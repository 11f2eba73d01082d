import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, openChatWith, personAt, send } from './flows';
import { launchBrowser, type RunningServer, startServer } from './harness';

// Issue 25's journey between an English and a Spanish reader, with the real offline engine
// (Debian's Apertium): ticks turn to Read when the other opens the chat, the unread count
// survives a full reload, search across languages, reply, react, edit and delete.
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

/** `from` asks `to` to connect from their profile; `to` approves on /notifications. */
async function connect(from: Page, to: Page, fromName: string, toName: string) {
  await from.goto(`${server.url}/user/${toName}`);
  await from.getByRole('button', { name: 'Connect' }).click();
  await expect.poll(() => from.getByRole('button', { name: 'Pending' }).isVisible()).toBe(true);
  await to.goto(`${server.url}/notifications`);
  await to.getByRole('button', { name: `Approve ${fromName}` }).click();
  await expect.poll(() => to.getByText(fromName, { exact: true }).count()).toBe(0);
}

/** The row of the message showing `text` (the first: a reply quoting it holds the words too). */
function row(page: Page, text: RegExp) {
  return messages(page).getByRole('listitem').filter({ hasText: text }).first();
}

async function act(page: Page, text: RegExp, action: string) {
  const target = row(page, text);
  await target.getByRole('button', { name: 'Message actions' }).click();
  await target.getByRole('button', { name: action, exact: true }).click();
}

describe('the conversation people expect, in English and Spanish', () => {
  it('ticks, unread after a reload, search, reply, react, edit and delete', async () => {
    const ana = await personAt(browser, server.url, 'anajourney', 'English');
    const bruno = await personAt(browser, server.url, 'brunojourney', 'Spanish');
    await connect(ana, bruno, 'anajourney', 'brunojourney');
    await ana.goto(`${server.url}/`);
    await bruno.goto(`${server.url}/`);
    await openChatWith(ana, 'brunojourney');

    // Bruno has not opened the chat: Ana's message is delivered, not read, and counts for him.
    await send(ana, 'I have a dog.');
    await expect
      .poll(
        () =>
          row(ana, /I have a dog/)
            .getByText('Delivered', { exact: true })
            .count(),
        {
          timeout: 30_000,
        },
      )
      .toBe(1);
    const unreadRow = () =>
      bruno
        .getByRole('navigation')
        .getByRole('button', { name: /anajourney.*1 unread messages/ })
        .count();
    await expect.poll(unreadRow, { timeout: 30_000 }).toBe(1);

    // A full reload: the count comes back from the server, in the list and in the title.
    await bruno.reload();
    await expect.poll(unreadRow, { timeout: 30_000 }).toBe(1);
    await expect.poll(() => bruno.title()).toBe('(1) Parley');

    // Bruno opens the chat: it reads in Spanish, the count clears, Ana's tick turns to Read.
    await bruno
      .getByRole('navigation')
      .getByRole('button', { name: /anajourney/ })
      .click();
    await expect
      .poll(() => messages(bruno).getByText(/perro/).count(), { timeout: 30_000 })
      .toBe(1);
    await expect.poll(() => bruno.title()).toBe('Parley');
    await expect
      .poll(
        () =>
          row(ana, /I have a dog/)
            .getByText('Read', { exact: true })
            .count(),
        {
          timeout: 30_000,
        },
      )
      .toBe(1);

    // Bruno finds the English message by a Spanish word.
    // The panel puts the cursor in its field, so he types at once (the app renders with Preact,
    // which does not focus `autoFocus` fields itself: the ui focuses them).
    await bruno.getByRole('button', { name: 'Search in this conversation', exact: true }).click();
    await expect
      .poll(() =>
        bruno
          .getByRole('searchbox', { name: 'Search messages' })
          .evaluate((field) => field === document.activeElement),
      )
      .toBe(true);
    await bruno.getByRole('searchbox', { name: 'Search messages' }).fill('perro');
    const results = bruno.getByRole('list', { name: 'Messages found' });
    await expect
      .poll(() => results.getByRole('button', { name: /perro|dog/ }).count(), { timeout: 30_000 })
      .toBe(1);
    await bruno.getByRole('button', { name: 'Close search', exact: true }).click();

    // Bruno replies to it and reacts; Ana sees the quote in English and the reaction.
    await act(bruno, /perro/, 'Reply');
    await send(bruno, 'Yo también.');
    const quoteAtAna = messages(ana).getByRole('button', { name: /show the original message/ });
    await expect.poll(() => quoteAtAna.textContent(), { timeout: 30_000 }).toMatch(/I have a dog/);
    // With the pointer: React sits beside the 'Message actions' button, not under it (Playwright
    // refuses to click a button another element covers).
    await row(bruno, /perro/).hover();
    await row(bruno, /perro/).getByRole('button', { name: 'React', exact: true }).click();
    await bruno
      .getByRole('group', { name: 'Choose a reaction' })
      .getByRole('button', { name: '👍' })
      .click();
    await expect
      .poll(
        () =>
          row(ana, /I have a dog/)
            .getByRole('button', { name: '👍 1', exact: true })
            .count(),
        { timeout: 30_000 },
      )
      .toBe(1);

    // Ana edits it: Bruno reads the new text in Spanish, marked Edited.
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
    await expect.poll(() => messages(bruno).getByText('Edited', { exact: true }).count()).toBe(1);

    // Ana deletes it for everyone: the row stays, saying so, on both sides.
    await act(ana, /black cat/, 'Delete for everyone');
    await ana
      .getByRole('dialog', { name: 'Delete this message for everyone?' })
      .getByRole('button', { name: 'Delete for everyone', exact: true })
      .click();
    await expect
      .poll(() => messages(bruno).getByText('This message was deleted.').count(), {
        timeout: 30_000,
      })
      .toBeGreaterThan(0);
    await expect
      .poll(() =>
        messages(bruno)
          .getByText(/gato negro/)
          .count(),
      )
      .toBe(0);
  });
});
