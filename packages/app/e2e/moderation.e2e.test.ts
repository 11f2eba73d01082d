import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, openChatWith, personAt, send } from './flows';
import { launchBrowser, type RunningServer, startServer } from './harness';

// Issue 29 end to end, with the real offline engine (Debian's Apertium): a Spanish reader reports
// an English message from its actions menu; an English moderator (made by the server's admin
// command) reviews it at /moderation, removes it and suspends its sender; the sender's open chat
// ends on the suspension page and the reporter is told their report was acted on.
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

const ENGLISH = 'Send me your money now or you will regret it.';

async function confirmAction(page: Page, title: string, reason: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByRole('textbox', { name: 'Reason (kept in the audit log)' }).fill(reason);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
}

describe('moderation', () => {
  it('a reported message is reviewed, removed and its sender suspended; the reporter is told', async () => {
    const mia = await personAt(browser, server.url, 'mia', 'English');
    // As an operator would: the server command (the server restarts around it).
    await server.admin(['grant-moderator', 'mia']);
    const ed = await personAt(browser, server.url, 'ed', 'English');
    const sol = await personAt(browser, server.url, 'sol', 'Spanish');
    const kai = await personAt(browser, server.url, 'kai', 'English');

    await openChatWith(ed, 'sol');
    await send(ed, ENGLISH);

    // Sol reads it in Spanish and reports it from its actions menu.
    await openChatWith(sol, 'ed');
    const row = messages(sol)
      .getByRole('listitem')
      .filter({ hasText: 'Translated from English' })
      .first();
    await expect.poll(() => row.count(), { timeout: 30_000 }).toBe(1);
    await row.getByRole('button', { name: 'Message actions' }).click();
    await row.getByRole('button', { name: 'Report message' }).click();
    const report = sol.getByRole('dialog', { name: 'Report a message from ed' });
    await report.getByRole('textbox', { name: 'Why are you reporting them?' }).fill('Amenazas');
    await report.getByRole('button', { name: 'Send report' }).click();
    await expect
      .poll(() => sol.getByRole('dialog', { name: 'Report sent' }).isVisible())
      .toBe(true);
    await sol.getByRole('button', { name: 'Done' }).click();

    // Kai reports ed himself, from his profile: a second group in the queue, about the person.
    await kai.goto(`${server.url}/user/ed`);
    await kai.getByRole('button', { name: 'Report' }).click();
    const profileReport = kai.getByRole('dialog', { name: 'Report ed' });
    await profileReport.getByRole('textbox', { name: 'Why are you reporting them?' }).fill('Scams');
    await profileReport.getByRole('button', { name: 'Send report' }).click();
    await expect.poll(() => profileReport.isVisible()).toBe(false);

    // Ed keeps his chat open.
    await expect.poll(() => messages(ed).getByText(ENGLISH).isVisible()).toBe(true);

    // Mia reviews: the message in English, Sol's reason, the conversation around it.
    await mia.goto(`${server.url}/moderation`);
    const aboutMessage = mia.getByRole('article', { name: 'Message from ed' });
    await expect.poll(() => aboutMessage.isVisible(), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => aboutMessage.getByText(ENGLISH).first().isVisible()).toBe(true);
    await expect.poll(() => aboutMessage.getByText('Amenazas').isVisible()).toBe(true);
    await expect.poll(() => aboutMessage.getByText(/reported by sol/).isVisible()).toBe(true);

    await aboutMessage.getByRole('button', { name: 'Remove message' }).click();
    await confirmAction(mia, 'Remove this message for everyone?', 'Threats');
    await expect.poll(() => mia.getByText('Message removed.').isVisible()).toBe(true);
    // Gone from both conversations at once.
    await expect.poll(() => messages(ed).getByText(ENGLISH).count()).toBe(0);

    // Sol is told, in Spanish, while her chat is open.
    const told = sol.getByRole('status', { name: 'Your report' });
    await expect.poll(() => told.isVisible(), { timeout: 15_000 }).toBe(true);

    const aboutPerson = mia.getByRole('article', { name: 'Reported person: ed' });
    await expect.poll(() => aboutPerson.isVisible()).toBe(true);
    await aboutPerson.getByRole('button', { name: 'Suspend' }).click();
    await confirmAction(mia, 'Suspend ed?', 'Threats and scams');
    await expect.poll(() => mia.getByText('Account suspended.').isVisible()).toBe(true);

    // Ed's open chat ends on the suspension page, with the suspension message.
    await ed.waitForURL(`${server.url}/suspended`, { timeout: 15_000 });
    await expect
      .poll(() => ed.getByRole('heading', { name: 'Your account is suspended' }).isVisible())
      .toBe(true);

    const shots = process.env.E2E_SCREENSHOTS;
    if (shots) await sol.screenshot({ path: `${shots}/moderation-reporter-told.png` });
  });
});
