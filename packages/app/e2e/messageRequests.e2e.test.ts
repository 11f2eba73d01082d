import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, openChatWith, personAt, send } from './flows';
import { launchBrowser, type RunningServer, startServer } from './harness';

// Message requests (issue 25) in the assembled product: a stranger writes, the receiver finds it
// under Requests, the fourth message is refused, the receiver accepts, and then messages flow
// and read ticks show.
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ MESSAGE_REQUESTS: 'on' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The sent bubble showing `text`, by its ticks' name (Sent, Delivered or Read). */
function ticksOf(page: Page, text: string) {
  return messages(page)
    .getByRole('listitem')
    .filter({ hasText: text })
    .first()
    .getByTitle(/^(Sent|Delivered|Read)$/);
}

describe('message requests', () => {
  it('a stranger’s messages wait under Requests; three pass, the fourth is refused; accepting opens the chat', async () => {
    const ana = await personAt(browser, server.url, 'anareq', 'English');
    const bruno = await personAt(browser, server.url, 'brunoreq', 'English');
    await openChatWith(ana, 'brunoreq');
    await send(ana, 'Hi Bruno, we met at the fair.');
    await expect
      .poll(() => ana.getByText(/Message request sent/).isVisible(), { timeout: 30_000 })
      .toBe(true);
    await send(ana, 'Second');
    await send(ana, 'Third');
    await expect.poll(() => ticksOf(ana, 'Third').count(), { timeout: 30_000 }).toBe(1);
    await send(ana, 'Fourth');
    await expect
      .poll(
        () =>
          messages(ana)
            .getByText(/Not sent: you can send more messages/)
            .isVisible(),
        {
          timeout: 30_000,
        },
      )
      .toBe(true);
    await expect
      .poll(() =>
        ana.getByText('You can send more messages once brunoreq accepts your request.').isVisible(),
      )
      .toBe(true);

    // Bruno: not under All, but under Requests with its count.
    await bruno.reload();
    const requestsTab = bruno.getByRole('tab', { name: /^Requests/ });
    await expect.poll(() => requestsTab.textContent(), { timeout: 30_000 }).toMatch(/1/);
    const list = bruno.getByRole('tabpanel');
    expect(await list.getByRole('button', { name: /anareq/ }).count()).toBe(0);
    await requestsTab.click();
    await list.getByRole('button', { name: /anareq/ }).click();
    const banner = bruno.getByRole('region', { name: 'Message request' });
    await expect.poll(() => banner.getByText('anareq wants to message you').isVisible()).toBe(true);
    await expect.poll(() => messages(bruno).getByText('Third').isVisible()).toBe(true);
    expect(await messages(bruno).getByText('Fourth').count()).toBe(0);
    // He has read them, but Ana's ticks do not say so.
    expect(await ticksOf(ana, 'Third').getAttribute('title')).not.toBe('Read');

    await banner.getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => bruno.getByRole('textbox', { name: 'Message' }).isVisible()).toBe(true);
    await expect
      .poll(() => ticksOf(ana, 'Third').getAttribute('title'), { timeout: 30_000 })
      .toBe('Read');

    // An ordinary chat now: Ana's fourth goes through on retry, and more follow.
    await messages(ana).getByRole('button', { name: 'Retry' }).click();
    await expect
      .poll(() => messages(bruno).getByText('Fourth').isVisible(), { timeout: 30_000 })
      .toBe(true);
    await send(ana, 'Fifth, and more');
    await expect
      .poll(() => messages(bruno).getByText('Fifth, and more').isVisible(), { timeout: 30_000 })
      .toBe(true);
    await send(bruno, 'Nice to hear from you!');
    await expect
      .poll(() => messages(ana).getByText('Nice to hear from you!').isVisible(), {
        timeout: 30_000,
      })
      .toBe(true);
    await expect
      .poll(() => ana.getByText(/Message request sent|once brunoreq accepts/).count())
      .toBe(0);
  });
});
