import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, personAt, send } from './flows';
import { launchBrowser, type RunningServer, startServer } from './harness';

// Translation you can trust (issue 26), with the real offline engine (Debian's Apertium): an
// English sender, a Spanish reader who sees Apertium's text, and a bilingual member who writes a
// better Spanish translation; the reader then sees it marked corrected, the machine's one tap away.
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

const ORIGINAL = 'Shall we meet at the train station tomorrow?';
const BETTER = '¿Quedamos mañana en la estación de tren?';

/** `from` asks `to` to connect from `to`'s profile; `to` approves on /notifications. */
async function connect(from: Page, to: Page, fromName: string, toName: string) {
  await from.goto(`${server.url}/user/${toName}`);
  await from.getByRole('button', { name: 'Connect' }).click();
  await expect
    .poll(() => from.getByRole('button', { name: 'Pending' }).first().isVisible())
    .toBe(true);
  await to.goto(`${server.url}/notifications`);
  await to.getByRole('button', { name: `Approve ${fromName}` }).click();
  await expect.poll(() => to.getByText(fromName, { exact: true }).count()).toBe(0);
}

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Chats' });

async function openGroup(page: Page) {
  await page.goto(`${server.url}/`);
  await sidebar(page)
    .getByRole('button', { name: /^Tapas/ })
    .click();
}

describe('suggesting a better translation in a group', () => {
  it('the Spanish reader sees the bilingual member’s correction, the machine’s one tap away', async () => {
    const ana = await personAt(browser, server.url, 'ana', 'English');
    const eva = await personAt(browser, server.url, 'eva', 'Spanish');
    const bia = await personAt(browser, server.url, 'bia', 'Spanish');
    await connect(eva, ana, 'eva', 'ana');
    await connect(bia, ana, 'bia', 'ana');

    await ana.goto(`${server.url}/`);
    await ana.getByRole('button', { name: 'Create Groups' }).click();
    const dialog = ana.getByRole('dialog', { name: 'Create group' });
    await dialog.getByRole('textbox', { name: 'Group name' }).fill('Tapas');
    await dialog.getByRole('checkbox', { name: /eva/ }).check();
    await dialog.getByRole('checkbox', { name: /bia/ }).check();
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect
      .poll(() => dialog.getByText('Group "Tapas" created successfully!').isVisible())
      .toBe(true);
    await ana.keyboard.press('Escape');
    await sidebar(ana)
      .getByRole('button', { name: /^Tapas/ })
      .click();

    // A mention's suggestions follow the caret, typed or moved with keys (React reports every
    // caret move as onSelect; the app renders with Preact, where that is only the native event).
    const composer = ana.getByRole('textbox', { name: 'Message' });
    await composer.pressSequentially('hola @ev');
    const suggestions = ana.getByRole('listbox', { name: 'Mention someone' });
    await expect.poll(() => suggestions.count()).toBe(1);
    await composer.press('Home');
    await expect.poll(() => suggestions.count()).toBe(0);
    await composer.press('End');
    await expect.poll(() => suggestions.count()).toBe(1);
    await composer.fill('');

    await send(ana, ORIGINAL);

    // Eva reads Apertium's Spanish, and is told so.
    await openGroup(eva);
    await expect
      .poll(() => messages(eva).getByText('Translated from English by Apertium').count(), {
        timeout: 30_000,
      })
      .toBe(1);

    // Bia reads both: she writes the Spanish as it should be.
    await openGroup(bia);
    const row = messages(bia).getByRole('listitem').filter({ hasText: 'Apertium' }).first();
    await expect.poll(() => row.count(), { timeout: 30_000 }).toBe(1);
    await row.getByRole('button', { name: 'Message actions' }).click();
    await row.getByRole('button', { name: 'Suggest a better translation' }).click();
    const field = bia.getByRole('textbox', { name: 'Your better Spanish translation' });
    await field.fill(BETTER);
    await bia.getByRole('button', { name: 'Save suggestion' }).click();
    await expect
      .poll(() => bia.getByText('Thanks — your translation is shown to readers.').isVisible())
      .toBe(true);

    // Eva sees it live, marked corrected; the machine's text and the original stay reachable.
    await expect
      .poll(() => messages(eva).getByText(BETTER, { exact: true }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    await expect.poll(() => messages(eva).getByText('Corrected by bia').isVisible()).toBe(true);
    await messages(eva).getByRole('button', { name: 'Show machine translation' }).click();
    await expect
      .poll(() => messages(eva).getByRole('button', { name: 'Hide machine translation' }).count())
      .toBe(1);
    await messages(eva).getByRole('button', { name: 'View original' }).click();
    await expect.poll(() => messages(eva).getByText(ORIGINAL).isVisible()).toBe(true);

    // Ana, the sender, is told live under her own message.
    await expect
      .poll(() => messages(ana).getByText('bia improved the Spanish translation').isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);

    // After a reload, history says the same.
    await openGroup(eva);
    await expect
      .poll(() => messages(eva).getByText('Corrected by bia').isVisible(), { timeout: 30_000 })
      .toBe(true);

    const shots = process.env.E2E_SCREENSHOTS;
    if (shots) await eva.screenshot({ path: `${shots}/translation-corrected-eva.png` });
  });
});
