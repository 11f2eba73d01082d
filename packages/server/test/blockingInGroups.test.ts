import { CHAT_PATHS, PUSH_PATHS, type PushPayload, SAFETY_PATHS } from '@parley/chat-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EgressGuard, testOnlyLoopbackAllowance } from '../src/http/egressGuard.js';
import { ChatClient, type ChatUser, createChatUser } from './support/chatClients.js';
import { connectUsers } from './support/connections.js';
import type { HttpClient } from './support/httpClient.js';
import { BrowserSubscription, PushServiceStandIn } from './support/pushStandIn.js';
import { startTestServer, type TestServer } from './support/testServer.js';

// Issue 29, blocking in groups: a blocked person's messages in a shared group reach the blocker
// marked `from_blocked` (shown collapsed), never as a push, never counted unread.

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

async function open(user: ChatUser): Promise<ChatClient> {
  const socket = await ChatClient.open(server, user);
  sockets.push(socket);
  return socket;
}

async function blockOrUnblock(user: ChatUser, path: string, other: ChatUser): Promise<void> {
  const answer = await http.post(path, { user_id: other.id }, { token: user.token });
  expect(answer.status, answer.text).toBe(204);
}

function pushesTo(device: BrowserSubscription, path: string): PushPayload[] {
  return pushService.received
    .filter((r) => r.path === path)
    .map((r) => JSON.parse(device.decrypt(r.body)) as PushPayload);
}

async function unreadOf(user: ChatUser, room: string): Promise<number | undefined> {
  const groups = await http.get<{ room_name?: string; name: string; unread_count?: number }[]>(
    CHAT_PATHS.groups,
    { token: user.token },
  );
  expect(groups.status).toBe(200);
  return groups.body.find((group) => group.room_name === room)?.unread_count;
}

/** Ana's new group with Bo and Cy (usernames `{prefix}_ana` …). */
async function groupOfThree(prefix: string, name: string) {
  const ana = await createChatUser(server, { username: `${prefix}_ana` });
  const bo = await createChatUser(server, { username: `${prefix}_bo` });
  const cy = await createChatUser(server, { username: `${prefix}_cy` });
  await connectUsers(server, ana, bo);
  await connectUsers(server, ana, cy);
  const form = new FormData();
  form.append('name', `${name} ${process.pid}`);
  form.append('user_ids', String(bo.id));
  form.append('user_ids', String(cy.id));
  const created = await http.post<{ room_name: string }>(CHAT_PATHS.createGroup, form, {
    token: ana.token,
  });
  expect(created.status, created.text).toBe(201);
  return { ana, bo, cy, room: created.body.room_name };
}

describe('blocking in groups', () => {
  it('marks the blocked person’s messages for the blocker only, live, in history, without push or unread', async () => {
    const { ana, bo, cy, room } = await groupOfThree('blk', 'Blocked');

    // Bo's phone is subscribed; Bo has no socket open, so messages would push.
    const boPhone = new BrowserSubscription(`${pushService.url}/ok/blk-bo`);
    const subscribed = await http.post(PUSH_PATHS.subscribe, boPhone.toJSON(), {
      token: bo.token,
    });
    expect(subscribed.status).toBe(204);
    const unreadBefore = (await unreadOf(bo, room)) ?? 0;

    const boDevice = await open(bo);
    await blockOrUnblock(bo, SAFETY_PATHS.block, cy);
    // Every open socket of the blocker hears of it (a chat open elsewhere collapses at once).
    expect(await boDevice.next('block_changed')).toEqual({
      type: 'block_changed',
      user_id: cy.id,
      blocked: true,
    });
    boDevice.close();

    const cySocket = await open(cy);
    const anaSocket = await open(ana);
    await cySocket.join(room);
    await anaSocket.join(room);
    cySocket.send({
      type: 'chat_message',
      client_id: 'blk-1',
      message: 'Hi all',
      sender_id: cy.id,
    });
    const echo = await cySocket.next('chat_message', (f) => f.client_id === 'blk-1');
    expect(echo.from_blocked).toBeUndefined();
    const toAna = await anaSocket.next('chat_message', (f) => f.client_id === 'blk-1');
    expect(toAna.from_blocked).toBeUndefined();
    // A message Ana sends does push Bo: the push channel works, Cy's message did not use it.
    anaSocket.send({ type: 'chat_message', client_id: 'blk-2', message: 'Hey', sender_id: ana.id });
    await expect.poll(() => pushesTo(boPhone, '/ok/blk-bo').length).toBe(1);
    await server.app.pushFanout.settled();
    expect(pushesTo(boPhone, '/ok/blk-bo').map((push) => push.body)).toEqual(['Hey']);
    // Ana's message counts unread for Bo; Cy's does not.
    expect(await unreadOf(bo, room)).toBe(unreadBefore + 1);

    // Live: Bo in the room gets Cy's next message marked, Ana's unmarked.
    const boSocket = await open(bo);
    const history = await boSocket.join(room);
    const fromCy = history.message.filter((m) => m.sender_id === cy.id);
    expect(fromCy.length).toBeGreaterThan(0);
    expect(fromCy.every((m) => m.from_blocked === true)).toBe(true);
    expect(history.message.filter((m) => m.sender_id === ana.id).some((m) => m.from_blocked)).toBe(
      false,
    );
    cySocket.send({ type: 'chat_message', client_id: 'blk-3', message: 'Again', sender_id: cy.id });
    const live = await boSocket.next('chat_message', (f) => f.client_id === 'blk-3');
    expect(live).toMatchObject({ sender_id: cy.id, message: 'Again', from_blocked: true });
    const anaGets = await anaSocket.next('chat_message', (f) => f.client_id === 'blk-3');
    expect(anaGets.from_blocked).toBeUndefined();

    // The chat list shows Cy's last message collapsed to Bo, as written to Ana.
    const lastFor = async (user: ChatUser) =>
      (
        await http.get<{ room_name: string; last_message: string | null }[]>(CHAT_PATHS.groups, {
          token: user.token,
        })
      ).body.find((group) => group.room_name === room)?.last_message;
    expect(await lastFor(bo)).toBe('Message from a blocked person');
    expect(await lastFor(ana)).toBe('Again');

    // The REST history marks them too.
    const page = await http.get<{ results: { sender_id: number; from_blocked?: boolean }[] }>(
      `${CHAT_PATHS.history}?room_name=${encodeURIComponent(room)}`,
      { token: bo.token },
    );
    expect(page.status).toBe(200);
    expect(
      page.body.results.filter((m) => m.sender_id === cy.id).every((m) => m.from_blocked),
    ).toBe(true);

    // Live voice: the blocker never hears the blocked person live; the others do.
    cySocket.send({
      type: 'chunk_init',
      from: cy.id,
      mime_type: 'audio/webm;codecs=opus',
      room_name: room,
    });
    cySocket.ws.send(Buffer.alloc(4000, 1));
    await anaSocket.next('voice_chunk', (f) => f.from === cy.id);
    await boSocket.ping();
    expect(boSocket.frames.filter((f) => f.type === 'voice_chunk')).toEqual([]);
    cySocket.send({ type: 'chunk_end' });

    // Unblocked: said live, and later messages are ordinary again.
    await blockOrUnblock(bo, SAFETY_PATHS.unblock, cy);
    expect(await boSocket.next('block_changed')).toMatchObject({ user_id: cy.id, blocked: false });
    cySocket.send({ type: 'chat_message', client_id: 'blk-4', message: 'Back', sender_id: cy.id });
    const after = await boSocket.next('chat_message', (f) => f.client_id === 'blk-4');
    expect(after.from_blocked).toBeUndefined();
    // Bo stays a member throughout: blocking neither removes nor requires leaving.
    expect(await unreadOf(bo, room)).toBeDefined();
  });

  it('a block marks the very next message, though the sender’s blockers were just read', async () => {
    const { bo, cy, room } = await groupOfThree('blk2', 'Blocked again');
    const [boSocket, cySocket] = [await open(bo), await open(cy)];
    await boSocket.join(room);
    await cySocket.join(room);
    const say = async (clientId: string) => {
      cySocket.send({
        type: 'chat_message',
        client_id: clientId,
        message: clientId,
        sender_id: cy.id,
      });
      return boSocket.next('chat_message', (f) => f.client_id === clientId);
    };

    // Who blocked Cy is read for this message (and kept for a few seconds).
    expect((await say('blk2-1')).from_blocked).toBeUndefined();
    await blockOrUnblock(bo, SAFETY_PATHS.block, cy);
    expect((await say('blk2-2')).from_blocked).toBe(true);
    await blockOrUnblock(bo, SAFETY_PATHS.unblock, cy);
    expect((await say('blk2-3')).from_blocked).toBeUndefined();
  });
});
