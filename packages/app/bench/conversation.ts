import type { BrowserContext, Page } from 'playwright-core';
import { register, send } from '../e2e/flows';

/** Registers `username` in `context` (which keeps the session) and waits for the chat screen. */
export async function signedIn(context: BrowserContext, baseUrl: string, username: string) {
  const page = await context.newPage();
  await register(page, baseUrl, username, 'English');
  await page.getByRole('navigation', { name: 'Chats' }).waitFor({ timeout: 60_000 });
  return page;
}

/**
 * `page`'s person opens a private chat with `other` and sends a message; answers the
 * conversation's address (`/?room=…`), where the chat screen opens with its composer.
 */
export async function conversationWith(page: Page, other: string): Promise<string> {
  await page.getByRole('button', { name: 'Search All Users' }).click();
  await page.getByRole('searchbox', { name: 'Search User' }).fill(other);
  await page
    .getByRole('list', { name: 'Users' })
    .getByRole('button', { name: new RegExp(other) })
    .click();
  await page.getByRole('heading', { name: other, exact: true }).waitFor({ timeout: 30_000 });
  await send(page, `Hello ${other}`);
  await page.waitForURL(/[?&]room=/, { timeout: 30_000 });
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}
