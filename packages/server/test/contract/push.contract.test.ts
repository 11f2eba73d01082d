// Contract rows for Parley's Web Push extension (issue 14; not in spec §7): the paths and bodies
// of chat-sdk's PUSH_PATHS, as a browser's PushSubscription.toJSON() sends them.
import { PUSH_PATHS } from '@parley/chat-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { registerSpecUser, type SpecUser } from './support/specClient.js';

let server: TestServer;
let user: SpecUser;
// A real-looking browser subscription (keys of the right shape; nothing is sent to it here).
const subscription = {
  endpoint: 'https://push.example.com/send/contract-device',
  expirationTime: null,
  keys: {
    p256dh:
      'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  },
};

beforeAll(async () => {
  server = await startTestServer();
  user = await registerSpecUser(server.url);
});
afterAll(() => server?.close());

describe(`contract: GET ${PUSH_PATHS.publicKey} → {publicKey}`, () => {
  it('answers the VAPID public key to a signed-in person, 401 otherwise', async () => {
    const answer = await user.http.call<{ publicKey: string }>('GET', PUSH_PATHS.publicKey);
    expect(answer.status).toBe(200);
    expect(answer.body.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const anonymous = await fetch(`${server.url}${PUSH_PATHS.publicKey}`);
    expect(anonymous.status).toBe(401);
  });
});

describe(`contract: POST ${PUSH_PATHS.subscribe} {endpoint, keys: {p256dh, auth}} → 204`, () => {
  it('stores the subscription (extra fields such as expirationTime are ignored)', async () => {
    const answer = await user.http.call('POST', PUSH_PATHS.subscribe, subscription);
    expect(answer.status).toBe(204);
    const again = await user.http.call('POST', PUSH_PATHS.subscribe, subscription);
    expect(again.status).toBe(204);
    const rows = await server.pglite.query('select 1 from push_subscriptions where user_id = $1', [
      user.id,
    ]);
    expect(rows.rows).toHaveLength(1);
  });

  it('answers 400 with field errors for a bad endpoint or keys', async () => {
    const answer = await user.http.call<Record<string, unknown>>('POST', PUSH_PATHS.subscribe, {
      endpoint: 'http://127.0.0.1/',
      keys: {},
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toHaveProperty('endpoint');
    expect(answer.body).toHaveProperty('keys');
  });
});

describe(`contract: POST ${PUSH_PATHS.unsubscribe} {endpoint} → 204`, () => {
  it('removes this device', async () => {
    const answer = await user.http.call('POST', PUSH_PATHS.unsubscribe, {
      endpoint: subscription.endpoint,
    });
    expect(answer.status).toBe(204);
    const rows = await server.pglite.query('select 1 from push_subscriptions where user_id = $1', [
      user.id,
    ]);
    expect(rows.rows).toHaveLength(0);
  });
});
