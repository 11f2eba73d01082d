import type { GroupSummary, PushPayload } from '@parley/chat-sdk';
import { PUSH_PATHS } from '@parley/chat-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EgressGuard, testOnlyLoopbackAllowance } from '../src/http/egressGuard.js';
import type { LanguageDetector, Translator } from '../src/translation/index.js';
import { restoreText, shieldText } from '../src/translation/index.js';
import { ChatClient, type ChatUser, createChatUser } from './support/chatClients.js';
import { connectUsers } from './support/connections.js';
import type { HttpClient } from './support/httpClient.js';
import { BrowserSubscription, PushServiceStandIn } from './support/pushStandIn.js';
import { startTestServer, type TestServer } from './support/testServer.js';

/** English → Spanish word by word: 'rose' would become 'rosa' if a mention reached it. */
const WORDS: Record<string, string> = {
  thanks: 'gracias',
  rose: 'rosa',
  for: 'por',
  the: 'las',
  flowers: 'flores',
  hello: 'hola',
};
const wordTranslator: Translator = {
  engine: 'words',
  capabilities: async () => ({ pairs: [{ from: 'en', to: 'es' }] }),
  close: async () => undefined,
  translate: async (text) => ({
    engine: 'words',
    text: text.replace(/\p{L}+/gu, (word) => WORDS[word.toLowerCase()] ?? word),
  }),
};
/** Every text is what its sender's profile says: detection is not what is tested here. */
const noDetector: LanguageDetector = {
  engine: 'none',
  languages: async () => [],
  detect: async () => null,
};

let server: TestServer;
let http: HttpClient;
let pushService: PushServiceStandIn;
let ana: ChatUser;
let rose: ChatUser;
let cy: ChatUser;
let outsider: ChatUser;
let group: string;
const sockets: ChatClient[] = [];

beforeAll(async () => {
  pushService = await PushServiceStandIn.start();
  server = await startTestServer({
    translator: wordTranslator,
    languageDetector: noDetector,
    egress: new EgressGuard({ allowance: testOnlyLoopbackAllowance() }),
  });
  http = server.client();
  ana = await createChatUser(server, { language: 'English', username: 'mention_ana' });
  rose = await createChatUser(server, { language: 'English', username: 'rose' });
  cy = await createChatUser(server, { language: 'Spanish', username: 'mention_cy' });
  outsider = await createChatUser(server, { language: 'English', username: 'mention_out' });
  await connectUsers(server, ana, rose);
  await connectUsers(server, ana, cy);
  const form = new FormData();
  form.append('name', 'Garden club');
  for (const id of [rose.id, cy.id]) form.append('user_ids', String(id));
  const created = await http.post<GroupSummary>('/chatmessage/create/group/', form, {
    token: ana.token,
  });
  expect(created.status).toBe(201);
  group = created.body.room_name;
});
afterAll(async () => {
  for (const socket of sockets) socket.ws.close();
  await server?.close();
  await pushService?.close();
});

async function open(user: ChatUser): Promise<ChatClient> {
  const socket = await ChatClient.open(server, user);
  sockets.push(socket);
  await socket.join(group);
  return socket;
}

describe('mentions in groups (issue 25)', () => {
  it('keeps a mention of a member, untranslated in the other reader’s language; drops non-members', async () => {
    const anaSocket = await open(ana);
    const cySocket = await open(cy);
    anaSocket.send({
      type: 'chat_message',
      client_id: 'mention-1',
      message: 'Thanks @rose for the flowers',
      sender_id: ana.id,
      room_name: group,
      mentions: [rose.id, outsider.id, ana.id, 999_999],
    });
    const echo = await anaSocket.next('chat_message', (f) => f.client_id === 'mention-1');
    expect(echo.mentions).toEqual([{ user_id: rose.id, username: 'rose' }]);
    const spanish = await cySocket.next('chat_message', (f) => f.client_id === 'mention-1');
    expect(spanish.message).toBe('gracias @rose por las flores');
    expect(spanish.mentions).toEqual([{ user_id: rose.id, username: 'rose' }]);
    // History keeps the mention, and the reader's text keeps the name.
    const history = await cySocket.join(group);
    const stored = history.message.find((m) => m.client_id === 'mention-1');
    expect(stored?.mentions).toEqual([{ user_id: rose.id, username: 'rose' }]);
    expect(stored?.message).toBe('gracias @rose por las flores');
  });

  it('refuses mentions that are not a list of ids', async () => {
    const anaSocket = await open(ana);
    for (const mentions of ['rose', [{ id: 1 }], Array.from({ length: 21 }, (_, i) => i + 1)]) {
      anaSocket.send({
        type: 'chat_message',
        client_id: 'mention-bad',
        message: 'hi',
        sender_id: ana.id,
        room_name: group,
        mentions,
      });
      const error = await anaSocket.next('error', (f) => f.client_id === 'mention-bad');
      expect(error.code).toBe('invalid_frame');
    }
  });

  it('notifies the mentioned person with a push of its own, never folded into the group’s', async () => {
    const device = new BrowserSubscription(`${pushService.url}/ok/rose-phone`);
    const subscribed = await http.post(PUSH_PATHS.subscribe, device.toJSON(), {
      token: rose.token,
    });
    expect(subscribed.status).toBe(204);
    const anaSocket = await open(ana);
    anaSocket.send({
      type: 'chat_message',
      client_id: 'mention-push',
      message: 'Hello @rose',
      sender_id: ana.id,
      room_name: group,
      mentions: [rose.id],
    });
    const echo = await anaSocket.next('chat_message', (f) => f.client_id === 'mention-push');
    await expect.poll(() => pushService.received.length).toBeGreaterThanOrEqual(1);
    await server.app.pushFanout.settled();
    const [push] = pushService.received.filter((r) => r.path === '/ok/rose-phone');
    if (!push) throw new Error('no push to the mentioned person');
    const payload = JSON.parse(device.decrypt(push.body)) as PushPayload;
    expect(payload).toMatchObject({
      kind: 'message',
      title: 'mention_ana · Mentioned you',
      body: 'Hello @rose',
      tag: `mention-${echo.id}`,
    });
  });
});

describe('mention shield', () => {
  it('swaps names for stand-ins and back, and puts back one an engine lost', () => {
    const shielded = shieldText('Hi @ana.m and @bo_2, mail me at x@y.com');
    expect(shielded.tokens).toEqual(['@ana.m', '@bo_2', 'x@y.com']);
    expect(shielded.text).toBe('Hi ⟦0⟧ and ⟦1⟧, mail me at ⟦2⟧');
    expect(restoreText('Hola ⟦ 0 ⟧ y ⟦1⟧, ⟦2⟧', shielded)).toBe('Hola @ana.m y @bo_2, x@y.com');
    // A lost stand-in comes back where it sat rather than being dropped.
    expect(restoreText('Hola y ⟦1⟧ ⟦2⟧', shielded)).toBe('@ana.m Hola y @bo_2 x@y.com');
  });
});
