import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { expect } from 'vitest';

export const PASSWORD = 'correct horse battery staple';

/** Fills the registration screen as a person would, choosing the language in the picker. */
export async function register(
  page: Page,
  baseUrl: string,
  username: string,
  language = 'Spanish',
  /**
   * Picked in the signed-out switcher first, so the account keeps it as its interface language
   * (issue 27): English by default, so journeys read the spec's English whatever the chat language;
   * null leaves it to the chat language.
   */
  interfaceLanguage: 'en' | null = 'en',
) {
  await page.goto(`${baseUrl}/register`);
  if (interfaceLanguage === 'en') {
    // The switcher already shows English for an English browser: a person picks another language
    // and back, as the switcher only acts on a change.
    await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
    await page.getByRole('combobox', { name: 'Idioma' }).selectOption('en');
    // Playwright's wait, not Vitest's: the benches (bench/conversation.ts) register people too.
    await page.waitForFunction(() => document.documentElement.lang === 'en', null, {
      timeout: 15_000,
    });
  }
  await page.getByRole('button', { name: /^Language/ }).click();
  await page.getByPlaceholder('Search language...').fill(language.slice(0, 4));
  // The picker's list, not the signed-out pages' interface-language select (issue 27), whose
  // options name languages too.
  await page
    .getByRole('listbox')
    .getByRole('option', { name: new RegExp(language) })
    .click();
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Gender').selectOption('FEMALE');
  await page.getByLabel('Email', { exact: true }).fill(`${username}@example.com`);
  await page.getByLabel('Phone', { exact: true }).fill('+34 600 000 000');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
}

export async function signIn(page: Page, username: string, password: string) {
  await page.getByPlaceholder('Email or Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Next' }).click();
}

/** The chat screen is up: its chat list shows (on phones the list alone, without the prompt). */
export function chatScreenShown(page: Page) {
  return page.getByRole('navigation', { name: 'Chats' }).isVisible();
}

/** A phone: 390 × 844 with touch, as Chromium's device emulation gives it. */
export const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
};

/** A new browser context in which `username` registers with `language` and lands on the chat. */
export async function personAt(
  browser: Browser,
  baseUrl: string,
  username: string,
  language: string,
  options: BrowserContextOptions = {},
): Promise<Page> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await register(page, baseUrl, username, language);
  await page.waitForURL(`${baseUrl}/`);
  await expect.poll(() => chatScreenShown(page)).toBe(true);
  return page;
}

/** Opens the private chat with `username` through the Search All Users panel. */
export async function openChatWith(page: Page, username: string) {
  await page.getByRole('button', { name: 'Search All Users' }).click();
  await page.getByRole('searchbox', { name: 'Search User' }).fill(username);
  await page
    .getByRole('list', { name: 'Users' })
    .getByRole('button', { name: new RegExp(username) })
    .click();
  await expect
    .poll(() => page.getByRole('heading', { name: username, exact: true }).isVisible())
    .toBe(true);
}

export async function send(page: Page, text: string) {
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.fill(text);
  await composer.press('Enter');
}

/** The conversation's message list. */
export function messages(page: Page) {
  return page.getByRole('region', { name: 'Messages' });
}
