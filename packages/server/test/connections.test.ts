import type { ConnectionListItem, PagedList, PendingListResponse } from '@parley/chat-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatClient, type ChatUser, createChatUser } from './support/chatClients.js';
import type { HttpClient } from './support/httpClient.js';
import { startTestServer, type TestServer } from './support/testServer.js';

let server: TestServer;
let http: HttpClient;

beforeAll(async () => {
  server = await startTestServer();
  http = server.client();
});
afterAll(() => server?.close());

const request = (from: ChatUser, to: ChatUser | number, body?: Record<string, unknown>) =>
  http.post<{ status: string; direction?: string }>(
    '/connections/request/',
    body ?? { from_user: from.id, to_user: typeof to === 'number' ? to : to.id },
    { token: from.token },
  );
const accept = (receiver: ChatUser, requester: ChatUser) =>
  http.post<{ status: string }>(
    '/connections/accept/',
    { to_user: requester.id, status: 'pending' },
    { token: receiver.token },
  );
const remove = (from: ChatUser, to: ChatUser) =>
  http.post('/connections/delete/', { from_user: from.id, to_user: to.id }, { token: from.token });
const status = async (me: ChatUser, other: ChatUser) =>
  (
    await http.get<{ status: string; direction?: string }>(
      `/connections/status/?to_user=${other.id}`,
      { token: me.token },
    )
  ).body;
const followers = async (user: ChatUser) =>
  (
    await server.pglite.query<{ followers_count: number }>(
      'select followers_count from users where id = $1',
      [user.id],
    )
  ).rows[0]?.followers_count;

describe('the connection state machine (spec §4)', () => {
  it('goes No connection → pending → accepted, with the direction on pending', async () => {
    const ana = await createChatUser(server);
    const ben = await createChatUser(server);
    expect(await status(ana, ben)).toEqual({ status: 'No connection' });

    const asked = await request(ana, ben);
    expect(asked.status, asked.text).toBe(201);
    expect(asked.body).toEqual({ status: 'pending', direction: 'sent' });
    expect(await status(ana, ben)).toEqual({ status: 'pending', direction: 'sent' });
    expect(await status(ben, ana)).toEqual({ status: 'pending', direction: 'received' });

    const accepted = await accept(ben, ana);
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body).toEqual({ status: 'accepted' });
    expect(await status(ana, ben)).toEqual({ status: 'accepted' });
    expect(await status(ben, ana)).toEqual({ status: 'accepted' });
    // The requester follows the receiver.
    expect(await followers(ben)).toBe(1);
    expect(await followers(ana)).toBe(0);
  });

  it('lets the sender cancel a pending request (204) and the receiver reject one', async () => {
    const ana = await createChatUser(server);
    const ben = await createChatUser(server);
    await request(ana, ben);
    const cancelled = await remove(ana, ben);
    expect(cancelled.status).toBe(204);
    expect(cancelled.text).toBe('');
    expect(await status(ben, ana)).toEqual({ status: 'No connection' });

    await request(ana, ben);
    const rejected = await remove(ben, ana);
    expect(rejected.status).toBe(204);
    expect(await status(ana, ben)).toEqual({ status: 'No connection' });
    expect(await followers(ben)).toBe(0);
  });

  it('deletes an accepted connection and the follower count follows', async () => {
    const ana = await createChatUser(server);
    const ben = await createChatUser(server);
    await request(ana, ben);
    await accept(ben, ana);
    expect(await followers(ben)).toBe(1);
    expect((await remove(ben, ana)).status).toBe(204);
    expect(await status(ana, ben)).toEqual({ status: 'No connection' });
    expect(await followers(ben)).toBe(0);
    expect((await remove(ben, ana)).status).toBe(404);
  });

  it('refuses a request to oneself, a spoofed from_user, an unknown user and bad ids', async () => {
    const ana = await createChatUser(server);
    const ben = await createChatUser(server);
    const self = await request(ana, ana);
    expect(self.status).toBe(400);
    expect(self.body).toEqual({ to_user: ['You cannot connect with yourself.'] });

    const spoofed = await request(ana, ben, { from_user: ben.id, to_user: ana.id });
    expect(spoofed.status).toBe(403);
    expect(await status(ben, ana)).toEqual({ status: 'No connection' });

    expect((await request(ana, 2_000_000_000)).status).toBe(404);
    const bad = await request(ana, ben, { from_user: ana.id, to_user: 'abc' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ to_user: ['A valid integer is required.'] });
    const missing = await request(ana, ben, { from_user: ana.id });
    expect(missing.body).toEqual({ to_user: ['This field is required.'] });
    // A spoofed delete is refused too.
    await request(ana, ben);
    const spoofedDelete = await http.post(
      '/connections/delete/',
      { from_user: ben.id, to_user: ana.id },
      { token: ana.token },
    );
    expect(spoofedDelete.status).toBe(403);
    expect(await status(ben, ana)).toEqual({ status: 'pending', direction: 'received' });
  });

  it('never creates a duplicate, also when two identical requests race', async () => {
    const ana = await createChatUser(server);
    const ben = await createChatUser(server);
    const answers = await Promise.all([request(ana, ben), request(ana, ben), request(ana, ben)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    const rows = await server.pglite.query(
      'select * from connections where from_user_id = $1 or to_user_id = $1',
      [ana.id],
    );
    expect(rows.rows).toHaveLength(1);
    expect((await request(ana, ben)).body).toEqual({
      detail: 'A connection request is already pending.',
    });
    await accept(ben, ana);
    expect((await request(ben, ana)).body).toEqual({ detail: 'You are already connected.' });
  });

  it('answers a request crossing a pending one by accepting it, also when both race', async () => {
    const ana = await createChatUser(server);
    const ben = await createChatUser(server);
    await request(ana, ben);
    const crossing = await request(ben, ana);
    expect(crossing.status).toBe(200);
    expect(crossing.body).toEqual({ status: 'accepted' });
    expect(await status(ana, ben)).toEqual({ status: 'accepted' });
    expect(await followers(ben)).toBe(1);

    const cai = await createChatUser(server);
    const dan = await createChatUser(server);
    const both = await Promise.all([request(cai, dan), request(dan, cai)]);
    expect(both.map((a) => a.status).sort()).toEqual([200, 201]);
    expect(await status(cai, dan)).toEqual({ status: 'accepted' });
    const rows = await server.pglite.query(
      'select * from connections where from_user_id in ($1, $2)',
      [cai.id, dan.id],
    );
    expect(rows.rows).toHaveLength(1);
  });

  it('lets nobody accept a request addressed to someone else, or one that was never sent', async () => {
    const ana = await createChatUser(server);
    const ben = await createChatUser(server);
    const cai = await createChatUser(server);
    await request(ana, ben);
    // Cai tries to accept Ana's request to Ben.
    const stolen = await accept(cai, ana);
    expect(stolen.status).toBe(404);
    // Ana tries to accept her own request.
    expect((await accept(ana, ben)).status).toBe(404);
    expect(await status(ben, ana)).toEqual({ status: 'pending', direction: 'received' });
    const wrongStatus = await http.post(
      '/connections/accept/',
      { to_user: ana.id, status: 'accepted' },
      { token: ben.token },
    );
    expect(wrongStatus.status).toBe(400);
    expect((await accept(ben, ana)).status).toBe(200);
    expect((await accept(ben, ana)).status).toBe(404);
  });

  it('refuses every call without a valid token', async () => {
    const calls: [string, string][] = [
      ['GET', '/connections/status/?to_user=1'],
      ['POST', '/connections/request/'],
      ['POST', '/connections/accept/'],
      ['POST', '/connections/delete/'],
      ['GET', '/connections/accepted_list/'],
      ['GET', '/connections/pending/'],
      ['GET', '/connections/pending_list/'],
      ['POST', '/accounts/block/'],
      ['POST', '/accounts/unblock/'],
      ['GET', '/accounts/blocked/'],
      ['POST', '/accounts/report/'],
    ];
    for (const [method, path] of calls) {
      const answer = await http.request(method, path, method === 'POST' ? {} : undefined);
      expect(answer.status, `${method} ${path}`).toBe(401);
      const forged = await http.request(method, path, method === 'POST' ? {} : undefined, {
        token: 'not-a-token',
      });
      expect(forged.status, `${method} ${path}`).toBe(401);
    }
  });
});

describe('lists', () => {
  it('pages pending requests newest first with count, search and from_user', async () => {
    const me = await createChatUser(server);
    const askers: ChatUser[] = [];
    for (let i = 0; i < 23; i += 1) {
      const asker = await createChatUser(server, { username: `pend${process.pid}_${i}_x` });
      askers.push(asker);
      await request(asker, me);
    }
    const first = await http.get<PagedList<ConnectionListItem>>('/connections/pending/', {
      token: me.token,
    });
    expect(first.body.count).toBe(23);
    expect(first.body.results).toHaveLength(20);
    expect(first.body.results[0]).toEqual({
      id: askers[22]?.id,
      username: askers[22]?.username,
      profile_image: null,
      first_name: null,
      last_name: null,
      followers_count: 0,
      // Parley extension (issue 25): the language(s) the person writes (createChatUser: Spanish).
      languages: ['es'],
    });
    expect(first.body.next).toBe('/connections/pending/?page=2');
    const second = await http.get<PagedList<ConnectionListItem>>(first.body.next as string, {
      token: me.token,
    });
    expect(second.body.results.map((u) => u.id)).toEqual(
      askers
        .slice(0, 3)
        .map((a) => a.id)
        .reverse(),
    );
    expect(second.body.next).toBeNull();

    const searched = await http.get<PagedList<ConnectionListItem>>(
      `/connections/pending/?search=${encodeURIComponent(`_1`)}`,
      { token: me.token },
    );
    // _1_, _10_ … _19_: eleven usernames contain "_1".
    expect(searched.body.count).toBe(11);
    const fromOne = await http.get<PagedList<ConnectionListItem>>(
      `/connections/pending/?from_user=${askers[4]?.id}`,
      { token: me.token },
    );
    expect(fromOne.body.results.map((u) => u.id)).toEqual([askers[4]?.id]);
    const list = await http.get<PendingListResponse>('/connections/pending_list/', {
      token: me.token,
    });
    expect(list.body.count).toBe(23);
    expect(list.body.results).toHaveLength(23);
    // The requesters see none of this as pending for them.
    const theirs = await http.get<PagedList<ConnectionListItem>>('/connections/pending/', {
      token: askers[0]?.token,
    });
    expect(theirs.body.count).toBe(0);
    expect((await http.get('/connections/pending/?page=3', { token: me.token })).status).toBe(404);
  });

  it('lists accepted connections both ways, by username, with search', async () => {
    const me = await createChatUser(server, { username: `hub${process.pid}` });
    const a = await createChatUser(server, { username: `zed${process.pid}` });
    const b = await createChatUser(server, { username: `amy${process.pid}` });
    const c = await createChatUser(server);
    await request(me, a);
    await accept(a, me);
    await request(b, me);
    await accept(me, b);
    await request(c, me); // pending: not listed
    const list = await http.get<PagedList<ConnectionListItem>>('/connections/accepted_list/', {
      token: me.token,
    });
    expect(list.body).toMatchObject({ count: 2, next: null });
    expect(list.body.results.map((u) => u.username)).toEqual([b.username, a.username]);
    expect(list.body.results[1]?.followers_count).toBe(1);
    const searched = await http.get<PagedList<ConnectionListItem>>(
      '/connections/accepted_list/?search=AMY',
      { token: me.token },
    );
    expect(searched.body.results.map((u) => u.id)).toEqual([b.id]);
  });
});

describe('live frames', () => {
  it('pushes connection_request to the receiver and connection_accepted to the requester', async () => {
    const ana = await createChatUser(server);
    const ben = await createChatUser(server);
    const benTab1 = await ChatClient.open(server, ben);
    const benTab2 = await ChatClient.open(server, ben);
    const anaSocket = await ChatClient.open(server, ana);
    try {
      await request(ana, ben);
      for (const tab of [benTab1, benTab2]) {
        const frame = await tab.next('connection_request');
        expect(frame.from_user).toMatchObject({ id: ana.id, username: ana.username });
      }
      await accept(ben, ana);
      const accepted = await anaSocket.next('connection_accepted');
      expect(accepted.to_user).toMatchObject({
        id: ben.id,
        username: ben.username,
        followers_count: 1,
      });
      expect(await benTab1.unclaimed('connection_accepted')).toHaveLength(0);

      await remove(ana, ben);
      const removed = await benTab1.next('connection_removed');
      expect(removed.from_user).toMatchObject({ id: ana.id });
    } finally {
      benTab1.close();
      benTab2.close();
      anaSocket.close();
    }
  });
});

describe('block and report', () => {
  it('a blocked person can no longer request, message, or stay connected', async () => {
    const ana = await createChatUser(server);
    const ben = await createChatUser(server);
    await request(ana, ben);
    await accept(ben, ana);
    const blocked = await http.post('/accounts/block/', { user_id: ana.id }, { token: ben.token });
    expect(blocked.status).toBe(204);
    expect(await status(ana, ben)).toEqual({ status: 'No connection' });
    expect(await followers(ben)).toBe(0);
    const again = await request(ana, ben);
    expect(again.status).toBe(403);
    expect(again.body).toEqual({ detail: 'This request could not be sent.' });

    const socket = await ChatClient.open(server, ana);
    try {
      const room = `private-${Math.min(ana.id, ben.id)}-${Math.max(ana.id, ben.id)}`;
      socket.send({
        type: 'chat_message',
        client_id: 'c1',
        message: 'hi',
        sender_id: ana.id,
        room_name: room,
      });
      const error = await socket.next('error', (f) => f.client_id === 'c1');
      expect(error.code).toBe('not_a_member');
    } finally {
      socket.close();
    }
    const list = await http.get<PagedList<ConnectionListItem>>('/accounts/blocked/', {
      token: ben.token,
    });
    expect(list.body.results.map((u) => u.id)).toEqual([ana.id]);
    expect(
      (await http.post('/accounts/unblock/', { user_id: ana.id }, { token: ben.token })).status,
    ).toBe(204);
    expect((await request(ana, ben)).status).toBe(201);
    expect(
      (await http.post('/accounts/block/', { user_id: ben.id }, { token: ben.token })).status,
    ).toBe(400);
  });

  it('the blocker sees their side: Unblock on the profile, the chat out of their list until unblocked', async () => {
    const ana = await createChatUser(server);
    const ben = await createChatUser(server);
    const room = `private-${Math.min(ana.id, ben.id)}-${Math.max(ana.id, ben.id)}`;
    await server.pglite.query(
      `insert into messages (room, sender_id, message, original_message) values ($1, $2, 'hello', 'hello')`,
      [room, ana.id],
    );
    const chats = async (who: ChatUser) =>
      (await http.get<{ id: number }[]>('/chatmessage/chats/', { token: who.token })).body.map(
        (u) => u.id,
      );
    const profileOf = async (who: ChatUser, of: ChatUser) =>
      (
        await http.get<{ blocked?: boolean }>(`/accounts/profile/${of.username}/`, {
          token: who.token,
        })
      ).body;
    expect(await chats(ben)).toEqual([ana.id]);
    expect((await profileOf(ben, ana)).blocked).toBe(false);

    await http.post('/accounts/block/', { user_id: ana.id }, { token: ben.token });
    expect(await chats(ben)).toEqual([]);
    expect((await profileOf(ben, ana)).blocked).toBe(true);
    // Nothing tells the blocked person: their list and their view of the profile are unchanged.
    expect(await chats(ana)).toEqual([ben.id]);
    expect((await profileOf(ana, ben)).blocked).toBe(false);

    await http.post('/accounts/unblock/', { user_id: ana.id }, { token: ben.token });
    expect(await chats(ben)).toEqual([ana.id]);
    expect((await profileOf(ben, ana)).blocked).toBe(false);
  });

  it('pages the blocked list by a cursor: unblocking someone on page one skips nobody on page two', async () => {
    const me = await createChatUser(server);
    const others = await Promise.all(Array.from({ length: 25 }, () => createChatUser(server)));
    for (const other of others) {
      expect(
        (await http.post('/accounts/block/', { user_id: other.id }, { token: me.token })).status,
      ).toBe(204);
    }
    const first = await http.get<PagedList<ConnectionListItem>>('/accounts/blocked/', {
      token: me.token,
    });
    expect(first.body.count).toBe(25);
    expect(first.body.results).toHaveLength(20);
    expect(first.body.next).toMatch(/^\/accounts\/blocked\/\?after_name=.+&after_id=\d+$/);
    // Unblocked from the first page while the list is open.
    const gone = first.body.results[3]?.id;
    expect(
      (await http.post('/accounts/unblock/', { user_id: gone }, { token: me.token })).status,
    ).toBe(204);
    const second = await http.get<PagedList<ConnectionListItem>>(String(first.body.next), {
      token: me.token,
    });
    expect(second.body.next).toBeNull();
    const seen = [...first.body.results, ...second.body.results].map((u) => u.id);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.sort((a, b) => a - b)).toEqual(others.map((o) => o.id).sort((a, b) => a - b));
    // A cursor without a valid id is refused; ?page= still pages by offset.
    expect(
      (await http.get('/accounts/blocked/?after_name=x&after_id=nope', { token: me.token })).status,
    ).toBe(400);
    const page2 = await http.get<PagedList<ConnectionListItem>>('/accounts/blocked/?page=2', {
      token: me.token,
    });
    expect(page2.body.results).toHaveLength(4);
  });

  it('stores a report with the reason and the reported message', async () => {
    const ana = await createChatUser(server);
    const ben = await createChatUser(server);
    const cai = await createChatUser(server);
    const room = `private-${Math.min(ana.id, ben.id)}-${Math.max(ana.id, ben.id)}`;
    const inserted = await server.pglite.query<{ id: number }>(
      `insert into messages (room, sender_id, message, original_message) values ($1, $2, 'rude words', 'rude words') returning id`,
      [room, ana.id],
    );
    const messageId = inserted.rows[0]?.id;
    const report = await http.post(
      '/accounts/report/',
      { user_id: ana.id, reason: 'Harassment', message_id: messageId },
      { token: ben.token },
    );
    expect(report.status, report.text).toBe(201);
    const rows = await server.pglite.query<{ reason: string; message_text: string }>(
      'select reason, message_text from reports where reporter_id = $1',
      [ben.id],
    );
    expect(rows.rows).toEqual([{ reason: 'Harassment', message_text: 'rude words' }]);
    // Cai is not in that room: he cannot report (or read) that message.
    const outsider = await http.post(
      '/accounts/report/',
      { user_id: ana.id, reason: 'x', message_id: messageId },
      { token: cai.token },
    );
    expect(outsider.status).toBe(400);
    expect(outsider.body).toEqual({ message_id: ['Message not found.'] });
    const noReason = await http.post(
      '/accounts/report/',
      { user_id: ana.id },
      { token: cai.token },
    );
    expect(noReason.body).toEqual({ reason: ['This field is required.'] });
  });
});

describe('group consent', () => {
  it('enrols only the creator’s accepted connections', async () => {
    const ana = await createChatUser(server);
    const ben = await createChatUser(server);
    const stranger = await createChatUser(server);
    const pendingOne = await createChatUser(server);
    await request(ana, ben);
    await accept(ben, ana);
    await request(ana, pendingOne);
    const form = (ids: number[]) => {
      const data = new FormData();
      data.append('name', `Consent ${ids.join('-')}`);
      for (const id of ids) data.append('user_ids', String(id));
      return data;
    };
    for (const ids of [[stranger.id], [ben.id, pendingOne.id]]) {
      const refused = await http.post('/chatmessage/create/group/', form(ids), {
        token: ana.token,
      });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({
        user_ids: ['You can only add people you are connected with.'],
      });
    }
    const created = await http.post<{ members: { id: number }[] }>(
      '/chatmessage/create/group/',
      form([ben.id, ana.id]),
      { token: ana.token },
    );
    expect(created.status, created.text).toBe(201);
    expect(created.body.members.map((m) => m.id).sort()).toEqual([ana.id, ben.id].sort());
  });
});

describe('chat list', () => {
  it('lists accepted connections before a first message, after the chats with messages', async () => {
    const me = await createChatUser(server);
    const talker = await createChatUser(server);
    const quiet = await createChatUser(server);
    const pendingOne = await createChatUser(server);
    await request(me, quiet);
    await accept(quiet, me);
    await request(pendingOne, me);
    const room = `private-${Math.min(me.id, talker.id)}-${Math.max(me.id, talker.id)}`;
    await server.pglite.query(
      `insert into messages (room, sender_id, message, original_message) values ($1, $2, 'hello', 'hello')`,
      [room, talker.id],
    );
    const list = await http.get<
      { id: number; last_message: string | null; last_message_time: string | null }[]
    >('/chatmessage/chats/', { token: me.token });
    expect(list.body.map((u) => u.id)).toEqual([talker.id, quiet.id]);
    expect(list.body[1]).toMatchObject({ last_message: null, last_message_time: null });
  });
});
