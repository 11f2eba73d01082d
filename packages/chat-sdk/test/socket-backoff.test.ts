import { describe, expect, it, vi } from 'vitest';
import { statusIs, useSocketSetup } from './support/socket-client';
import { until } from './support/socket-server';
import { useApiServer } from './support/test-client';

const api = useApiServer();
const setup = useSocketSetup(api);

describe('reconnecting (spec §4)', () => {
  it('reconnects after 1s, 2s, 4s, 8s, then 10s, 10s, and resets the delay after an open', async () => {
    const { server, client } = setup;
    const { control } = server;
    control.refuseUpgrades = true;
    client.socket.connect();

    /** The next attempt comes exactly `delay` ms after the previous one failed. */
    const expectNextAttemptAfter = async (delay: number) => {
      const attempts = control.upgradeAttempts;
      await statusIs(client, 'closed');
      await server.quiet();
      vi.advanceTimersByTime(delay - 1);
      await server.quiet();
      expect(control.upgradeAttempts, `no attempt before ${delay} ms`).toBe(attempts);
      vi.advanceTimersByTime(1);
      await until(() => control.upgradeAttempts === attempts + 1);
    };

    await until(() => control.upgradeAttempts === 1);
    for (const delay of [1000, 2000, 4000, 8000, 10_000, 10_000]) {
      await expectNextAttemptAfter(delay);
    }

    // The server is back: the next attempt opens and the retry count resets.
    control.refuseUpgrades = false;
    await expectNextAttemptAfter(10_000);
    await statusIs(client, 'open');
    expect(client.socket.state.retries).toBe(0);

    control.refuseUpgrades = true;
    (await server.connection(1)).close(4000, 'restart');
    await expectNextAttemptAfter(1000);
    await expectNextAttemptAfter(2000);
  });

  it('gives up a handshake nobody answers after 10 s and tries again with the backoff', async () => {
    const { server, client } = setup;
    const { control } = server;
    control.holdUpgrades = true;
    client.socket.connect();
    await until(() => control.upgradeAttempts === 1);
    vi.advanceTimersByTime(9_999);
    expect(client.socket.state.status).toBe('connecting');
    vi.advanceTimersByTime(1);
    await statusIs(client, 'closed');
    expect(setup.logger.warn).toHaveBeenCalledWith(
      '[parley] the chat socket did not open in time; trying again',
    );

    // The instance is ready now: the next attempt, after the first backoff step, opens.
    control.holdUpgrades = false;
    vi.advanceTimersByTime(1000);
    await until(() => control.upgradeAttempts === 2);
    await statusIs(client, 'open');
    // An open socket is never given up by the handshake timer.
    vi.advanceTimersByTime(20_000);
    await server.quiet();
    expect(client.socket.state.status).toBe('open');
  });
});
