import { ACCOUNT_PATHS, PUSH_PATHS } from '@parley/chat-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EgressGuard, testOnlyLoopbackAllowance } from '../src/http/egressGuard.js';
import { PUSH_MESSAGES } from '../src/push/pushingFanout.js';
import { type ChatUser, createChatUser } from './support/chatClients.js';
import type { HttpClient } from './support/httpClient.js';
import { BrowserSubscription, PushServiceStandIn } from './support/pushStandIn.js';
import { startTestServer, type TestServer } from './support/testServer.js';

// Issue 27: the server speaks each person's interface language — pushes in the receiver's, error
// details in the one the requester chose when their request names none.
let server: TestServer;
let http: HttpClient;
let pushService: PushServiceStandIn;

beforeAll(async () => {
  pushService = await PushServiceStandIn.start();
  server = await startTestServer({
    egress: new EgressGuard({ allowance: testOnlyLoopbackAllowance() }),
  });
  http = server.client();
});
afterAll(async () => {
  await server?.close();
  await pushService?.close();
});

async function subscribe(user: ChatUser, path: string): Promise<BrowserSubscription> {
  const device = new BrowserSubscription(`${pushService.url}${path}`);
  const answer = await http.post(PUSH_PATHS.subscribe, device.toJSON(), { token: user.token });
  expect(answer.status).toBe(204);
  return device;
}

function chooseInterface(user: ChatUser, locale: string | null) {
  return http.patch<Record<string, unknown>>(
    ACCOUNT_PATHS.updateInterfaceLanguage,
    { interface_language: locale },
    { token: user.token },
  );
}

describe('pushes in the receiver’s interface language', () => {
  it('an Arabic-interface receiver reads Arabic while the English sender reads English', async () => {
    const en = await createChatUser(server, { language: 'English', username: 'il_en' });
    const ar = await createChatUser(server, { language: 'English', username: 'il_ar' });
    expect((await chooseInterface(ar, 'ar')).body).toEqual({ interface_language: 'ar' });
    const enPhone = await subscribe(en, '/ok/il-en-phone');
    const arPhone = await subscribe(ar, '/ok/il-ar-phone');
    const pushesTo = (path: string) => pushService.received.filter((r) => r.path === path);

    const asked = await http.post(
      '/connections/request/',
      { from_user: en.id, to_user: ar.id },
      { token: en.token },
    );
    expect(asked.status).toBeLessThan(300);
    await expect.poll(() => pushesTo('/ok/il-ar-phone').length).toBe(1);
    const request = JSON.parse(
      arPhone.decrypt(pushesTo('/ok/il-ar-phone')[0]?.body ?? Buffer.alloc(0)),
    );
    expect(request).toMatchObject({
      kind: 'connection_request',
      title: 'il_en',
      body: 'يريد التواصل معك.',
    });

    const accepted = await http.post(
      '/connections/accept/',
      { to_user: en.id, status: 'pending' },
      { token: ar.token },
    );
    expect(accepted.status).toBeLessThan(300);
    await expect.poll(() => pushesTo('/ok/il-en-phone').length).toBe(1);
    const accept = JSON.parse(
      enPhone.decrypt(pushesTo('/ok/il-en-phone')[0]?.body ?? Buffer.alloc(0)),
    );
    expect(accept).toMatchObject({
      kind: 'connection_accepted',
      title: 'il_ar',
      body: PUSH_MESSAGES.connectionAccepted,
    });
  });
});

describe('error details in the chosen interface language', () => {
  it('follows the profile without Accept-Language, and the header over the profile', async () => {
    const fr = await createChatUser(server, { language: 'English', username: 'il_fr' });
    const english = await chooseInterface(fr, 'xx');
    expect(english.body).toEqual({ interface_language: ['"xx" is not a valid choice.'] });
    await chooseInterface(fr, 'fr');
    const french = await chooseInterface(fr, 'xx');
    expect(french.status).toBe(400);
    expect(french.body).toEqual({ interface_language: ['« xx » n’est pas un choix valide.'] });
    const german = await http.patch<Record<string, unknown>>(
      ACCOUNT_PATHS.updateInterfaceLanguage,
      { interface_language: 'xx' },
      { token: fr.token, headers: { 'accept-language': 'de-AT' } },
    );
    expect(german.body).toEqual({ interface_language: ['„xx“ ist keine gültige Auswahl.'] });
  });
});
