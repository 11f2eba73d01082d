import type { Page } from 'playwright-core';

export const PASSWORD = 'correct horse battery staple';

/** Fills the registration screen as a person would, choosing the language in the picker. */
export async function register(
  page: Page,
  baseUrl: string,
  username: string,
  language = 'Spanish',
) {
  await page.goto(`${baseUrl}/register`);
  await page.getByRole('button', { name: /^Language/ }).click();
  await page.getByPlaceholder('Search language...').fill(language.slice(0, 4));
  await page.getByRole('option', { name: new RegExp(language) }).click();
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

export function chatScreenShown(page: Page) {
  return page.getByText('Select a user to start chatting').isVisible();
}
