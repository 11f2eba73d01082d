import { describe, expect, it, vi } from 'vitest';
import type { SubscriptionRequiredFrame, TierLimitWarningFrame } from '../src/index';
import { statusIs, useSocketSetup } from './support/socket-client';
import { until } from './support/socket-server';
import { useApiServer } from './support/test-client';

const api = useApiServer();
const setup = useSocketSetup(api);

async function open() {
  setup.client.socket.connect();
  const connection = await setup.server.connection(1);
  await statusIs(setup.client, 'open');
  return connection;
}

describe('plan frames (spec §7)', () => {
  it("emits 'tierLimit' with the title, message and actions of tier_limit_warning", async () => {
    const tierLimit = vi.fn<(frame: TierLimitWarningFrame) => void>();
    setup.client.chat.on('tierLimit', tierLimit);
    const connection = await open();

    connection.send({
      type: 'tier_limit_warning',
      title: 'Daily limit reached',
      message: 'Your message was sent untranslated.',
      actions: [
        { label: 'Upgrade', url: '/subscribe/personal' },
        { label: 42, url: null },
      ],
    });
    await until(() => tierLimit.mock.calls.length === 1);

    expect(tierLimit).toHaveBeenCalledWith({
      type: 'tier_limit_warning',
      title: 'Daily limit reached',
      message: 'Your message was sent untranslated.',
      actions: [{ label: 'Upgrade', url: '/subscribe/personal' }],
    });
  });

  it("emits 'subscriptionRequired' on subscription_required, and stops after unsubscribing", async () => {
    const required = vi.fn<(frame: SubscriptionRequiredFrame) => void>();
    const off = setup.client.chat.on('subscriptionRequired', required);
    const connection = await open();

    connection.send({ type: 'subscription_required', detail: 'Voice translation needs a plan.' });
    await until(() => required.mock.calls.length === 1);
    expect(required).toHaveBeenCalledWith({
      type: 'subscription_required',
      detail: 'Voice translation needs a plan.',
    });

    off();
    connection.send({ type: 'subscription_required' });
    connection.send({ type: 'pong' });
    await until(() => setup.client.socket.state.status === 'open');
    expect(required).toHaveBeenCalledTimes(1);
  });
});
