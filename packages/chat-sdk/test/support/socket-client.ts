import { afterEach, beforeEach, vi } from 'vitest';
import type { ParleyClient } from '../../src/index';
import { ana, persistedValue } from './fixtures';
import { makeToken, type SocketServer, startSocketServer, until } from './socket-server';
import { createTestClient, csrfHandler, type useApiServer } from './test-client';

/**
 * Per test: a real socket server, fake timers for time (not for I/O), and a client signed in as
 * ana (id 1) with a valid token. Everything is torn down after each test.
 */
export function useSocketSetup(
  api: ReturnType<typeof useApiServer>,
  extra: () => Partial<Parameters<typeof createTestClient>[0]> = () => ({}),
) {
  const setup = {} as {
    server: SocketServer;
    client: ParleyClient;
    logger: ReturnType<typeof createTestClient>['logger'];
    token: string;
  };
  const clients: ParleyClient[] = [];

  beforeEach(async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    });
    api.use(csrfHandler());
    setup.server = await startSocketServer();
    setup.token = makeToken(ana.id, 900);
    const made = await signedInSocketClient(setup.server, setup.token, extra());
    setup.client = made.client;
    setup.logger = made.logger;
    clients.push(made.client);
  });

  afterEach(async () => {
    for (const client of clients.splice(0)) client.dispose();
    await setup.server.close();
    vi.useRealTimers();
  });

  return setup;
}

export async function signedInSocketClient(
  server: SocketServer,
  token: string | null,
  extra: Partial<Parameters<typeof createTestClient>[0]> = {},
) {
  const made = createTestClient({
    ...extra,
    stored: { 'persist:root': persistedValue(token, token ? ana : null) },
    wsUrl: server.url,
    WebSocket: server.ClientSocket,
  });
  await made.client.ready;
  return made;
}

/** Waits (real time) until the client's socket reports `status`. */
export function statusIs(client: ParleyClient, status: ParleyClient['socket']['state']['status']) {
  return until(() => client.socket.state.status === status);
}
