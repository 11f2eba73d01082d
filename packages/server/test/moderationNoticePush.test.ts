import { MODERATION_PATHS, PUSH_PATHS } from '@parley/chat-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EgressGuard, testOnlyLoopbackAllowance } from '../src/http/egressGuard.js';
import { textsFor } from '../src/i18n/serverTexts.js';
import { MODERATION_MESSAGES } from '../src/moderation/moderationMessages.js';
import { type ChatUser, createChatUser } from './support/chatClients.js';
import type { HttpClient } from './support/httpClient.js';
import { BrowserSubscription, PushServiceStandIn } from './support/pushStandIn.js';
import { startTestServer, type TestServer } from './support/testServer.js';

// Issue 29: a moderation notice to someone with no socket open comes as a Web Push to '/'.
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

describe('moderation notices by Web Push', () => {
  it('pushes a warning, in its own words, to a person with no socket open', async () => {
    const moderator = await createChatUser(server, { username: 'notice_mod' });
    const person = await createChatUser(server, { username: 'notice_person' });
    await server.pglite.query('update users set moderator = true where id = $1', [moderator.id]);
    const phone = await subscribe(person, '/ok/notice-phone');

    const warned = await http.post(
      MODERATION_PATHS.actions,
      { action: 'warn', user_id: person.id, reason: 'be kind' },
      { token: moderator.token },
    );
    expect(warned.status).toBe(201);
    const pushes = () => pushService.received.filter((r) => r.path === '/ok/notice-phone');
    await expect.poll(() => pushes().length).toBe(1);
    const payload = JSON.parse(phone.decrypt(pushes()[0]?.body ?? Buffer.alloc(0)));
    expect(payload).toMatchObject({
      kind: 'moderation_notice',
      // The person reads Spanish (their chat language): the push speaks it (issue 27).
      title: textsFor('es').server.push.warningTitle,
      url: '/',
    });
    expect(payload.body).toContain(MODERATION_MESSAGES.warning);
    expect(payload.body).toContain('be kind');
  });
});
