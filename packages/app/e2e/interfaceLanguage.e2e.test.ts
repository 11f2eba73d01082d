/**
 * Issue 27 end to end: a Spanish account sees Parley in Spanish from the moment it signs in, call
 * records included, and can switch the interface to Arabic in Settings: the document turns right to
 * left at once, without a reload. The expected words are read from the ui's translations
 * (packages/ui/src/i18n/messages/es.json) when the test runs; each must exist and differ from the
 * English source, so the test cannot pass on an English screen.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callOverlay, FAKE_MEDIA_ARGS } from './callPages';
import { openChatWith, PASSWORD, personAt, register, send, signIn } from './flows';
import { launchBrowser, type RunningServer, startServer } from './harness';

const uiMessages = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../ui/src/i18n/messages',
);
function readMessages(locale: string): Record<string, string> {
  return JSON.parse(readFileSync(path.join(uiMessages, `${locale}.json`), 'utf8'));
}
const spanish = readMessages('es');
/** A plain message of the ui catalog in Spanish; it must be translated (not the English source). */
function es(id: string, source: string): string {
  const message = spanish[id];
  if (!message || message === source) throw new Error(`${id} has no Spanish translation`);
  return message;
}
/** The `other` branch of a Spanish select message (`{type, select, video {…} other {…}}`). */
function esOther(id: string, source: string): string {
  const other = /other\s*\{([^{}]*)\}\s*\}\s*$/.exec(spanish[id] ?? '')?.[1]?.trim();
  if (!other || other === source) throw new Error(`${id} has no Spanish translation`);
  return other;
}

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ TRANSLATOR: 'none' });
  browser = await launchBrowser([
    ...FAKE_MEDIA_ARGS,
    '--disable-features=WebRtcHideLocalIpsWithMdns',
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The document's `lang` and `dir`, which Parley keeps in step with the interface locale. */
function documentLocale(page: Page) {
  return page.evaluate(() => ({
    lang: document.documentElement.lang,
    dir: document.documentElement.dir,
  }));
}

/** Opens the chat with `username` through the Spanish search panel. */
async function openChatInSpanish(page: Page, username: string) {
  await page
    .getByRole('button', { name: es('ui.chat.searchAllUsers', 'Search All Users') })
    .click();
  await page
    .getByRole('searchbox', { name: es('ui.userSearch.searchLabel', 'Search User') })
    .fill(username);
  await page
    .getByRole('list', { name: es('ui.userSearch.listLabel', 'Users') })
    .getByRole('button', { name: new RegExp(username) })
    .click();
  await expect
    .poll(() => page.getByRole('heading', { name: username, exact: true }).isVisible())
    .toBe(true);
}

/**
 * Settings' 'Interface language' (the ui's InterfaceLanguagePicker): each locale is listed by its
 * own name, whatever the interface speaks, so Arabic is 'العربية' here too. A native select, radio
 * buttons or a listbox's options: whichever the picker renders.
 */
async function chooseInterfaceLanguage(page: Page, ownName: string) {
  const select = page.locator('select', { has: page.locator('option', { hasText: ownName }) });
  await expect
    .poll(
      async () =>
        (await select.count()) +
        (await page.getByRole('radio', { name: ownName }).count()) +
        (await page
          .getByRole('button', { name: /Idioma de la interfaz|Interface language/ })
          .count()),
    )
    .toBeGreaterThan(0);
  if ((await select.count()) > 0) {
    await select.first().selectOption({ label: ownName });
  } else if ((await page.getByRole('radio', { name: ownName }).count()) > 0) {
    await page.getByRole('radio', { name: ownName }).click();
  } else {
    await page.getByRole('button', { name: /Idioma de la interfaz|Interface language/ }).click();
    await page.getByRole('option', { name: ownName }).click();
  }
}

describe('the interface in the person’s language (issue 27)', () => {
  it('a visitor picks a language on a signed-out page: it applies at once and is remembered', async () => {
    const visitor = await (await browser.newContext({ locale: 'en-US' })).newPage();
    await visitor.goto(`${server.url}/login`);
    expect(await documentLocale(visitor)).toEqual({ lang: 'en', dir: 'ltr' });
    // The switcher lists each locale by its own name (its accessible name is 'Language').
    const switcher = visitor.locator('select', {
      has: visitor.locator('option', { hasText: 'العربية' }),
    });
    await expect.poll(() => switcher.count()).toBe(1);
    await visitor.evaluate(() => {
      (window as unknown as { __keptAcrossSwitch: number }).__keptAcrossSwitch = 27;
    });
    await switcher.selectOption({ label: 'العربية' });
    await expect.poll(() => documentLocale(visitor)).toEqual({ lang: 'ar', dir: 'rtl' });
    expect(
      await visitor.evaluate(
        () => (window as unknown as { __keptAcrossSwitch?: number }).__keptAcrossSwitch,
      ),
    ).toBe(27);
    await visitor.goto(`${server.url}/register`);
    expect(await documentLocale(visitor)).toEqual({ lang: 'ar', dir: 'rtl' });
    await visitor.context().close();
  });

  it('a Spanish account signs in to Spanish, sees its call records in Spanish, and turns the interface to Arabic without a reload', async () => {
    // Sofía registers with Spanish as her language in one browser…
    const signUp = await (await browser.newContext()).newPage();
    await register(signUp, server.url, 'sofia', 'Spanish', null);
    await signUp.waitForURL(`${server.url}/`);
    await signUp.context().close();
    const ana = await personAt(browser, server.url, 'ana', 'English');
    expect(await documentLocale(ana)).toEqual({ lang: 'en', dir: 'ltr' });

    // …and signs in on another, whose browser prefers English: the sign-in page is English, the
    // interface after it Spanish (her profile's language wins over the browser's).
    const sofia = await (await browser.newContext({ locale: 'en-US' })).newPage();
    await sofia.goto(`${server.url}/login`);
    expect(await documentLocale(sofia)).toEqual({ lang: 'en', dir: 'ltr' });
    await signIn(sofia, 'sofia', PASSWORD);
    await sofia.waitForURL(`${server.url}/`);
    await expect
      .poll(() =>
        sofia.getByText(es('ui.chat.selectPrompt', 'Select a user to start chatting')).isVisible(),
      )
      .toBe(true);
    expect(await documentLocale(sofia)).toEqual({ lang: 'es', dir: 'ltr' });
    // A reload starts in Spanish straight away (chosen before the first render).
    await sofia.reload();
    await expect
      .poll(() =>
        sofia.getByText(es('ui.chat.selectPrompt', 'Select a user to start chatting')).isVisible(),
      )
      .toBe(true);
    expect(await documentLocale(sofia)).toEqual({ lang: 'es', dir: 'ltr' });

    // Ana (English) writes, then calls her; Sofía answers and Ana hangs up.
    await openChatWith(ana, 'sofia');
    await send(ana, 'Hi Sofía, can I call you?');
    await openChatInSpanish(sofia, 'ana');
    await ana.getByRole('button', { name: 'Audio call', exact: true }).click();
    const ringing = sofia.getByRole('dialog', {
      name: esOther('ui.call.incomingTitle', 'Incoming audio call'),
    });
    await expect.poll(() => ringing.isVisible(), { timeout: 15_000 }).toBe(true);
    // Accept has the focus (whatever its words), Enter answers.
    await sofia.keyboard.press('Enter');
    await expect.poll(() => callOverlay(ana).isVisible(), { timeout: 30_000 }).toBe(true);
    // Connected (the duration runs) before Ana hangs up, so the call has its 'started' record.
    await expect
      .poll(() => callOverlay(ana).getByRole('timer', { name: 'Call duration' }).isVisible(), {
        timeout: 30_000,
      })
      .toBe(true);
    await callOverlay(ana).getByRole('button', { name: 'End Call' }).click();
    await expect.poll(() => callOverlay(ana).count()).toBe(0);

    // The call's system rows: Ana reads them in English, Sofía in Spanish.
    await expect
      .poll(() =>
        ana.getByRole('region', { name: 'Messages' }).getByText('Audio call started').count(),
      )
      .toBe(1);
    const started = esOther('ui.call.record.started', 'Audio call started');
    await expect
      .poll(() =>
        sofia
          .getByRole('region', { name: es('ui.chat.messagesLabel', 'Messages') })
          .getByText(started)
          .count(),
      )
      .toBe(1);

    // Settings: 'Interface language' → العربية. The document flips to right to left at once, and
    // the page is the same page (a value kept in its JavaScript survives: no reload).
    await sofia.goto(`${server.url}/settings`);
    await expect
      .poll(() =>
        sofia
          .getByRole('heading', { name: es('ui.account.settings.title', 'Settings') })
          .isVisible(),
      )
      .toBe(true);
    await sofia.evaluate(() => {
      (window as unknown as { __keptAcrossSwitch: number }).__keptAcrossSwitch = 27;
    });
    await chooseInterfaceLanguage(sofia, 'العربية');
    await expect.poll(() => documentLocale(sofia)).toEqual({ lang: 'ar', dir: 'rtl' });
    expect(
      await sofia.evaluate(
        () => (window as unknown as { __keptAcrossSwitch?: number }).__keptAcrossSwitch,
      ),
    ).toBe(27);
    // The layout itself runs right to left.
    expect(await sofia.evaluate(() => getComputedStyle(document.body).direction)).toBe('rtl');

    // Saved to her profile: a new sign-in elsewhere starts in Arabic.
    await expect
      .poll(() =>
        sofia.evaluate(async () => {
          const raw = localStorage.getItem('persist:root');
          const auth = raw ? JSON.parse(JSON.parse(raw).auth) : null;
          const me = await fetch('/accounts/me/', {
            headers: { Authorization: `Bearer ${auth?.accessToken}` },
          });
          return (await me.json()).interface_language;
        }),
      )
      .toBe('ar');
  });
});
