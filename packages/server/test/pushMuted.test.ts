import { CHAT_MUTE_PATHS, CHAT_PATHS, PUSH_PATHS, type PushPayload } from '@parley/chat-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EgressGuard, testOnlyLoopbackAllowance } from '../src/http/egressGuard.js';
import { textsFor } from '../src/i18n/serverTexts.js';
import { ChatClient, type ChatUser, createChatUser } from './support/chatClients.js';
import { connectUsers } from './support/connections.js';
import type { HttpClient } from './support/httpClient.js';
import { BrowserSubscription, PushServiceStandIn } from './support/pushStandIn.js';
import { startTestServer, type TestServer } from './support/testServer.js';

// Issue 25: a muted chat pushes nobody who muted it, except a message that mentions them.

let server: TestServer;
let http: HttpClient;
let pushService: PushServiceStandIn;
const sockets: ChatClient[] = [];

beforeAll(async () => {
  pushService = await PushServiceStandIn.start();
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

function pushesTo(device: BrowserSubscription, path: string): PushPayload[] {
  return pushService.received
    .filter((r) => r.path === path)
    .map((r) => JSON.parse(device.decrypt(r.body)) as PushPayload);
}

async function mute(user: ChatUser, room: string, duration: string) {
  const answer = await http.post(
    CHAT_MUTE_PATHS.mute,
    { room_name: room, duration },
    { token: user.token },
  );
  expect(answer.status, answer.text).toBe(200);
}

describe('push and muted chats', () => {
  it('skips the push of a muted group for its muter, still pushes a mention of them', async () => {
    const ana = await createChatUser(server, { username: 'mute_ana' });
    const bo = await createChatUser(server, { username: 'mute_bo' });
    const cy = await createChatUser(server, { username: 'mute_cy' });
    await connectUsers(server, ana, bo);
    await connectUsers(server, ana, cy);
    const form = new FormData();
    form.append('name', `Muted ${process.pid}`);
    form.append('user_ids', String(bo.id));
    form.append('user_ids', String(cy.id));
    const created = await http.post<{ room_name: string }>(CHAT_PATHS.createGroup, form, {
      token: ana.token,
    });
    expect(created.status, created.text).toBe(201);
    const room = created.body.room_name;
    const boPhone = await subscribe(bo, '/ok/mute-bo');
    const cyPhone = await subscribe(cy, '/ok/mute-cy');
    await mute(bo, room, '8h');

    const anaSocket = await ChatClient.open(server, ana);
    sockets.push(anaSocket);
    await anaSocket.join(room);
    anaSocket.send({
      type: 'chat_message',
      client_id: 'mute-1',
      message: 'Lunch?',
      sender_id: ana.id,
    });
    await anaSocket.next('chat_message', (f) => f.client_id === 'mute-1');
    await expect.poll(() => pushesTo(cyPhone, '/ok/mute-cy').length).toBe(1);
    await server.app.pushFanout.settled();
    // Cy did not mute: pushed. Bo muted: nothing.
    expect(pushesTo(boPhone, '/ok/mute-bo')).toEqual([]);

    anaSocket.send({
      type: 'chat_message',
      client_id: 'mute-2',
      message: '@mute_bo are you coming?',
      sender_id: ana.id,
      mentions: [bo.id],
    });
    await anaSocket.next('chat_message', (f) => f.client_id === 'mute-2');
    await expect.poll(() => pushesTo(boPhone, '/ok/mute-bo').length).toBe(1);
    expect(pushesTo(boPhone, '/ok/mute-bo')[0]).toMatchObject({
      kind: 'message',
      // The receiver reads Spanish (their chat language): pushes speak it (issue 27).
      title: `mute_ana · ${textsFor('es').server.push.mentionedYou}`,
      body: '@mute_bo are you coming?',
    });

    // Unmuted, the group's messages push again.
    await mute(bo, room, 'off');
    anaSocket.send({
      type: 'chat_message',
      client_id: 'mute-3',
      message: 'See you',
      sender_id: ana.id,
    });
    await expect.poll(() => pushesTo(boPhone, '/ok/mute-bo').length).toBe(2);
  });

  it('skips the push of a muted private chat', async () => {
    const di = await createChatUser(server, { username: 'mute_di' });
    const ed = await createChatUser(server, { username: 'mute_ed' });
    await connectUsers(server, di, ed);
    const room = `private-${Math.min(di.id, ed.id)}-${Math.max(di.id, ed.id)}`;
    const edPhone = await subscribe(ed, '/ok/mute-ed');
    const diPhone = await subscribe(di, '/ok/mute-di');
    await mute(ed, room, 'always');
    const diSocket = await ChatClient.open(server, di);
    sockets.push(diSocket);
    await diSocket.join(room);
    diSocket.send({ type: 'chat_message', client_id: 'mute-4', message: 'Ping', sender_id: di.id });
    await diSocket.next('chat_message', (f) => f.client_id === 'mute-4');
    await server.app.pushFanout.settled();
    // Ed's answer shows pushes still flow the other way (Di did not mute).
    diSocket.close();
    const edSocket = await ChatClient.open(server, ed);
    sockets.push(edSocket);
    await edSocket.join(room);
    edSocket.send({ type: 'chat_message', client_id: 'mute-5', message: 'Pong', sender_id: ed.id });
    await expect.poll(() => pushesTo(diPhone, '/ok/mute-di').length).toBe(1);
    await server.app.pushFanout.settled();
    expect(pushesTo(edPhone, '/ok/mute-ed')).toEqual([]);
  });
});
