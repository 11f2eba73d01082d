import { statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PUSH_PATHS, type PushPayload, privateRoomName } from '@parley/chat-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { EgressGuard, testOnlyLoopbackAllowance } from '../src/http/egressGuard.js';
import { resolveVapidKeys } from '../src/push/vapidKeys.js';
import { ChatClient, type ChatUser, createChatUser } from './support/chatClients.js';
import { connectUsers } from './support/connections.js';
import type { HttpClient } from './support/httpClient.js';
import { BrowserSubscription, PushServiceStandIn, verifyVapid } from './support/pushStandIn.js';
import { startTestServer, type TestServer } from './support/testServer.js';

let server: TestServer;
let http: HttpClient;
let pushService: PushServiceStandIn;
let publicKey: string;
const sockets: ChatClient[] = [];

beforeAll(async () => {
  pushService = await PushServiceStandIn.start();
  // The stand-in push service listens on loopback: only the test-only allowance reaches it.
  server = await startTestServer({
    egress: new EgressGuard({ allowance: testOnlyLoopbackAllowance() }),
  });
  http = server.client();
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await server?.close();
  await pushService?.close();
});

async function subscribe(user: ChatUser, path: string): Promise<BrowserSubscription> {
  const device = new BrowserSubscription(`${pushService.url}${path}`);
  const answer = await http.post(PUSH_PATHS.subscribe, device.toJSON(), { token: user.token });
  expect(answer.status).toBe(204);
  return device;
}

async function subscriptionCount(user: ChatUser): Promise<number> {
  const result = await server.pglite.query<{ n: number }>(
    'select count(*)::int as n from push_subscriptions where user_id = $1',
    [user.id],
  );
  return result.rows[0]?.n ?? 0;
}

function pushesTo(path: string) {
  return pushService.received.filter((r) => r.path === path);
}

async function open(user: ChatUser): Promise<ChatClient> {
  const socket = await ChatClient.open(server, user);
  sockets.push(socket);
  await socket.ping();
  return socket;
}

describe('Web Push', () => {
  it('hands out the VAPID public key to signed-in people only', async () => {
    const ana = await createChatUser(server, { username: 'push_key_ana' });
    expect((await http.get(PUSH_PATHS.publicKey)).status).toBe(401);
    const answer = await http.get<{ publicKey: string }>(PUSH_PATHS.publicKey, {
      token: ana.token,
    });
    expect(answer.status).toBe(200);
    publicKey = answer.body.publicKey;
    // An uncompressed P-256 point, URL-safe base64.
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
  });

  it('pushes a new message, encrypted and VAPID-signed, to devices with no open socket; 404/410 remove the subscription', async () => {
    const ana = await createChatUser(server, { username: 'push_ana', language: 'English' });
    const bo = await createChatUser(server, { username: 'push_bo', language: 'English' });
    await connectUsers(server, ana, bo);
    const phone = await subscribe(bo, '/ok/bo-phone');
    await subscribe(bo, '/gone/bo-old-laptop');
    await subscribe(bo, '/missing/bo-old-tablet');
    expect(await subscriptionCount(bo)).toBe(3);

    const anaSocket = await open(ana);
    const room = privateRoomName(ana.id, bo.id);
    anaSocket.send({
      type: 'chat_message',
      client_id: 'push-1',
      message: 'Are you there?',
      sender_id: ana.id,
      receiver_id: bo.id,
      room_name: room,
    });
    await anaSocket.next('chat_message', (f) => f.client_id === 'push-1');
    await expect.poll(() => pushService.received.length).toBeGreaterThanOrEqual(3);
    await server.app.pushFanout.settled();

    const [delivered] = pushesTo('/ok/bo-phone');
    if (!delivered) throw new Error('no push to the phone');
    expect(delivered.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(delivered.headers.ttl)).toBeGreaterThan(0);
    const claims = verifyVapid(delivered.headers.authorization, publicKey, pushService.url);
    expect(String(claims.sub)).toMatch(/^(mailto:|https:)/);
    const payload = JSON.parse(phone.decrypt(delivered.body)) as PushPayload;
    expect(payload).toEqual({
      kind: 'message',
      title: 'push_ana',
      body: 'Are you there?',
      icon: null,
      tag: room,
      url: `/?room=${room}`,
    });
    // The sender is never pushed their own message.
    expect(await subscriptionCount(ana)).toBe(0);
    // The push service said those devices are gone: their subscriptions are removed.
    expect(await subscriptionCount(bo)).toBe(1);
  });

  it('pushes nothing to someone whose socket is open (the app tells them itself)', async () => {
    const ana = await createChatUser(server, { username: 'push_ana2' });
    const cy = await createChatUser(server, { username: 'push_cy' });
    await connectUsers(server, ana, cy);
    await subscribe(cy, '/ok/cy-phone');
    const cySocket = await open(cy);
    const anaSocket = await open(ana);
    anaSocket.send({
      type: 'chat_message',
      client_id: 'push-2',
      message: 'Hi',
      sender_id: ana.id,
      receiver_id: cy.id,
      room_name: privateRoomName(ana.id, cy.id),
    });
    await cySocket.next('chat_message', (f) => f.message === 'Hi');
    await server.app.pushFanout.settled();
    expect(pushesTo('/ok/cy-phone')).toHaveLength(0);
  });

  it('pushes connection requests and accepted connections', async () => {
    const di = await createChatUser(server, { username: 'push_di' });
    const ed = await createChatUser(server, { username: 'push_ed' });
    const diPhone = await subscribe(di, '/ok/di-phone');
    const edPhone = await subscribe(ed, '/ok/ed-phone');

    const asked = await http.post(
      '/connections/request/',
      { from_user: di.id, to_user: ed.id },
      { token: di.token },
    );
    expect(asked.status).toBeLessThan(300);
    await expect.poll(() => pushesTo('/ok/ed-phone').length).toBe(1);
    const request = JSON.parse(
      edPhone.decrypt(pushesTo('/ok/ed-phone')[0]?.body ?? Buffer.alloc(0)),
    );
    expect(request).toMatchObject({
      kind: 'connection_request',
      title: 'push_di',
      url: '/notifications',
    });

    const accepted = await http.post(
      '/connections/accept/',
      { to_user: di.id, status: 'pending' },
      { token: ed.token },
    );
    expect(accepted.status).toBeLessThan(300);
    await expect.poll(() => pushesTo('/ok/di-phone').length).toBe(1);
    const room = privateRoomName(di.id, ed.id);
    const accept = JSON.parse(
      diPhone.decrypt(pushesTo('/ok/di-phone')[0]?.body ?? Buffer.alloc(0)),
    );
    expect(accept).toMatchObject({
      kind: 'connection_accepted',
      title: 'push_ed',
      url: `/?room=${room}`,
    });
  });

  it('checks subscriptions: signed in, valid endpoint and keys; only the owner unsubscribes', async () => {
    const fay = await createChatUser(server, { username: 'push_fay' });
    const gus = await createChatUser(server, { username: 'push_gus' });
    const device = new BrowserSubscription(`${pushService.url}/ok/fay-phone`);
    expect((await http.post(PUSH_PATHS.subscribe, device.toJSON())).status).toBe(401);
    const badKeys = await http.post(
      PUSH_PATHS.subscribe,
      { endpoint: device.endpoint, keys: { p256dh: 'not base64!', auth: '' } },
      { token: fay.token },
    );
    expect(badKeys.status).toBe(400);
    const badEndpoint = await http.post(
      PUSH_PATHS.subscribe,
      { ...device.toJSON(), endpoint: 'javascript:alert(1)' },
      { token: fay.token },
    );
    expect(badEndpoint.status).toBe(400);

    await subscribe(fay, '/ok/fay-phone');
    const foreign = await http.post(
      PUSH_PATHS.unsubscribe,
      { endpoint: device.endpoint },
      { token: gus.token },
    );
    expect(foreign.status).toBe(204);
    expect(await subscriptionCount(fay)).toBe(1);
    const own = await http.post(
      PUSH_PATHS.unsubscribe,
      { endpoint: device.endpoint },
      { token: fay.token },
    );
    expect(own.status).toBe(204);
    expect(await subscriptionCount(fay)).toBe(0);
  });

  it('accepts only public HTTPS push services outside tests', () => {
    const egress = new EgressGuard();
    const acceptable = (url: string) => egress.urlRefusal(url) === null;
    expect(acceptable('https://fcm.googleapis.com/fcm/send/abc')).toBe(true);
    expect(acceptable('http://fcm.googleapis.com/fcm/send/abc')).toBe(false);
    expect(acceptable('https://127.0.0.1/x')).toBe(false);
    expect(acceptable('https://localhost/x')).toBe(false);
    expect(acceptable('https://10.1.2.3/x')).toBe(false);
    expect(acceptable('https://[::1]/x')).toBe(false);
    expect(acceptable('https://user:pw@push.example/x')).toBe(false);
    expect(acceptable('not a url')).toBe(false);
  });

  it('refuses obviously internal push endpoints with a clear 400 (issue 22)', async () => {
    const ivy = await createChatUser(server, { username: 'push_ivy' });
    for (const endpoint of [
      'https://LOCALHOST.:4443/x',
      'https://100.64.0.1/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://169.254.169.254/latest',
      'https://intranet/x',
      'http://127.0.0.2/x',
    ]) {
      const device = new BrowserSubscription(endpoint);
      const answer = await http.post<{ endpoint?: string[] }>(
        PUSH_PATHS.subscribe,
        device.toJSON(),
        { token: ivy.token },
      );
      expect(answer.status, endpoint).toBe(400);
      expect(answer.body.endpoint).toEqual(['Enter a valid push service URL.']);
    }
    expect(await subscriptionCount(ivy)).toBe(0);
  });
});

describe('VAPID keys', () => {
  it('are generated once into the data directory (0600) and kept across starts', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'parley-vapid-'));
    try {
      const first = resolveVapidKeys(dataDir);
      const again = resolveVapidKeys(dataDir);
      expect(again.publicKey).toBe(first.publicKey);
      expect(again.privateKey).toBe(first.privateKey);
      expect(statSync(join(dataDir, 'vapid-keys.json')).mode & 0o777).toBe(0o600);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('come from the environment when both are given', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'parley-vapid-'));
    try {
      const given = webpush.generateVAPIDKeys();
      const keys = resolveVapidKeys(dataDir, { ...given, subject: 'mailto:ops@example.com' });
      expect(keys).toEqual({ ...given, subject: 'mailto:ops@example.com' });
      expect(() => resolveVapidKeys(dataDir, { publicKey: given.publicKey })).toThrow(/both/);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
