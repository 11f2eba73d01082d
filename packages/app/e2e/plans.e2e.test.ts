import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, openChatWith, personAt, send } from './flows';
import { launchBrowser, type RunningServer, startServer } from './harness';

// Payments in test mode (no Stripe keys): our own checkout page, Pay through the real event path.
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

/** On the test checkout page: it says it is test mode, then Pay. */
async function payOnTestCheckout(page: Page) {
  await page.waitForURL(/\/accounts\/test-checkout\//);
  await expect.poll(() => page.getByText(/TEST MODE/).isVisible()).toBe(true);
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL(`${server.url}/dashboard?success=true`);
  await expect
    .poll(() => page.getByText('Payment successful! Your plan is active.').isVisible())
    .toBe(true);
}

describe('plans and payments', () => {
  it('a free user hits the translation limit, upgrades to Personal, and is translated again', async () => {
    const carla = await personAt(browser, server.url, 'carla', 'English');
    const diego = await personAt(browser, server.url, 'diego', 'Spanish');
    await openChatWith(carla, 'diego');
    await openChatWith(diego, 'carla');

    // The Free plan translates 5 cross-language messages a day.
    for (let i = 1; i <= 5; i += 1) await send(carla, `I have ${i} dogs.`);
    await expect
      .poll(
        () =>
          messages(diego)
            .getByText(/perros/)
            .count(),
        { timeout: 30_000 },
      )
      .toBe(5);
    await send(carla, 'I have a white house.');
    const limit = carla.getByRole('dialog');
    await expect.poll(() => limit.isVisible(), { timeout: 15_000 }).toBe(true);
    await expect
      .poll(() => messages(diego).getByText('I have a white house.', { exact: true }).count())
      .toBe(1);

    await limit.getByRole('link', { name: /Personal/ }).click();
    await payOnTestCheckout(carla);

    await carla.goto(`${server.url}/`);
    await openChatWith(carla, 'diego');
    await send(carla, 'I have a black cat.');
    await expect.poll(() => messages(diego).getByText(/gato/).count(), { timeout: 30_000 }).toBe(1);
  });

  it('an admin buys 10 seats; a member joins by invite, is listed, unlimited, and removed', async () => {
    const erin = await personAt(browser, server.url, 'erin', 'English');
    await erin.goto(`${server.url}/dashboard`);
    await erin.getByRole('spinbutton', { name: 'Number of users' }).fill('10');
    await erin.getByRole('button', { name: 'Choose Organization' }).click();
    await payOnTestCheckout(erin);

    const invite = erin.getByRole('textbox', { name: 'Invite link' });
    await expect.poll(() => invite.isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => erin.getByText('Seats: 1/10').isVisible()).toBe(true);
    const link = await invite.inputValue();
    expect(link).toMatch(new RegExp(`^${server.url}/join-org/[\\w-]+$`));

    const fabio = await personAt(browser, server.url, 'fabio', 'Spanish');
    await fabio.goto(link);
    // Nothing is joined before the person confirms (issue 22).
    await expect
      .poll(() => fabio.getByText('erin invites you to join their organization.').isVisible())
      .toBe(true);
    await fabio.getByRole('button', { name: 'Join' }).click();
    await expect
      .poll(() => fabio.getByText('Successfully joined the organization!').isVisible())
      .toBe(true);
    await fabio.waitForURL(`${server.url}/dashboard`);
    await expect
      .poll(() =>
        fabio
          .getByText('You have the premium Organization plan: full features for every member.')
          .isVisible(),
      )
      .toBe(true);
    const me = await fabio.evaluate(async () => {
      const stored = JSON.parse(localStorage.getItem('persist:root') ?? '{}');
      const auth = typeof stored.auth === 'string' ? JSON.parse(stored.auth) : stored.auth;
      const res = await fetch('/accounts/me/', {
        headers: { authorization: `Bearer ${auth?.accessToken}` },
      });
      return res.json();
    });
    expect(me).toMatchObject({ subscription_active: true, is_org_admin: false });

    await erin.getByRole('link', { name: 'Manage members' }).click();
    const list = erin.getByRole('list', { name: 'Members' });
    await expect.poll(() => list.getByText('fabio', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => erin.getByText('2/10 seats used').isVisible()).toBe(true);
    await erin.getByRole('button', { name: 'Remove fabio' }).click();
    await expect.poll(() => list.getByText('fabio', { exact: true }).count()).toBe(0);

    await fabio.reload();
    await expect
      .poll(() => fabio.getByRole('button', { name: 'Choose Personal' }).isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
    // The removal replaced the link: the one fabio saw no longer lets him back in.
    await fabio.goto(link);
    await expect
      .poll(() => fabio.getByText('Failed to join. Invalid or expired invite token.').isVisible())
      .toBe(true);
  });
});
