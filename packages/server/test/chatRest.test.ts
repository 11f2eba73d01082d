import { type ChatListUser, type GroupSummary, privateRoomName } from '@parley/chat-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatUser, createChatUser } from './support/chatClients.js';
import { connectUsers } from './support/connections.js';
import type { HttpClient } from './support/httpClient.js';
import { startTestServer, type TestServer } from './support/testServer.js';

let server: TestServer;
let http: HttpClient;
let ana: ChatUser;
let ben: ChatUser;
let cai: ChatUser;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  server = await startTestServer();
  http = server.client();
  ana = await createChatUser(server);
  ben = await createChatUser(server);
  cai = await createChatUser(server);
  // Groups enrol only the creator's accepted connections.
  await connectUsers(server, ana, ben);
  await connectUsers(server, cai, ana);
});
afterAll(() => server?.close());

function groupForm(name: string | undefined, userIds: (number | string)[], image?: Blob) {
  const form = new FormData();
  if (name !== undefined) form.append('name', name);
  for (const id of userIds) form.append('user_ids', String(id));
  if (image) form.append('image', image, 'group.png');
  return form;
}

function createGroup(user: ChatUser, form: FormData) {
  return http.post<GroupSummary>('/chatmessage/create/group/', form, { token: user.token });
}

async function insertMessage(room: string, sender: ChatUser, text: string, at: string) {
  await server.pglite.query(
    `insert into messages (room, sender_id, message, original_message, created_at)
     values ($1, $2, $3, $3, $4)`,
    [room, sender.id, text, at],
  );
}

describe('POST /chatmessage/create/group/', () => {
  it('creates a group with its slug, the creator always a member, and an image', async () => {
    const response = await createGroup(
      ana,
      groupForm(
        '  Weekend   Hikers ',
        [ben.id, cai.id, ben.id],
        new Blob([PNG], { type: 'image/png' }),
      ),
    );
    expect(response.status, response.text).toBe(201);
    expect(response.body).toMatchObject({
      id: expect.any(Number),
      name: 'Weekend   Hikers',
      room_name: 'weekend-hikers',
      // No messages yet as the spec counts them; the extension tells of the group's record of
      // being created (a system row in Parley's clients).
      last_message: null,
      last_message_time: null,
      last_message_info: {
        sender_id: ana.id,
        file_type: 'text',
        group_event: {
          event: 'created',
          actor_id: ana.id,
          actor_username: ana.username,
          members: [],
          group_name: 'Weekend   Hikers',
        },
      },
    });
    expect(response.body.image).toMatch(/^\/media\/group-images\/[\w-]+\.png$/);
    expect(response.body.members.map((m) => m.id).sort()).toEqual([ana.id, ben.id, cai.id].sort());
    expect([...response.body.user_ids].sort()).toEqual([ana.id, ben.id, cai.id].sort());
    expect(response.body.user_ids).toEqual(response.body.members.map((m) => m.id));
    const image = await http.get(response.body.image ?? '');
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
  });

  it('rejects a name whose room slug is taken, in any case or spacing', async () => {
    await createGroup(ana, groupForm('Book Club', [ben.id]));
    const response = await createGroup(cai, groupForm('book   CLUB', []));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ name: ['A group with this name already exists.'] });
  });

  it.each([
    ['a missing name', groupForm(undefined, []), { name: ['This field is required.'] }],
    ['a blank name', groupForm('   ', []), { name: ['This field is required.'] }],
    [
      'a name over 100 characters',
      groupForm('n'.repeat(101), []),
      { name: ['Ensure this field has no more than 100 characters.'] },
    ],
    [
      'a private room name',
      groupForm('private-1-2', []),
      { name: ['This name is reserved for private chats.'] },
    ],
    [
      'a user id that is not a number',
      groupForm('Team A', ['abc']),
      { user_ids: ['A valid integer is required.'] },
    ],
    [
      'an unknown user id',
      groupForm('Team B', [999_999]),
      { user_ids: ['Invalid pk "999999" - object does not exist.'] },
    ],
    [
      'a file that is not an image',
      groupForm('Team C', [], new Blob(['<script>alert(1)</script>'])),
      {
        image: [
          'Upload a valid image. The file you uploaded was either not an image or a corrupted image.',
        ],
      },
    ],
  ])('rejects %s', async (_label, form, body) => {
    const response = await createGroup(ana, form);
    expect(response.status).toBe(400);
    expect(response.body).toEqual(body);
  });

  it('rejects an image over 5 MiB', async () => {
    const big = new Uint8Array(5 * 1024 * 1024 + 10);
    big.set(PNG);
    const response = await createGroup(ana, groupForm('Big Picture', [], new Blob([big])));
    expect(response.status).toBe(413);
  });

  it('accepts up to 100 members and needs a bearer token', async () => {
    const ids = Array.from({ length: 100 }, () => ben.id);
    expect((await createGroup(ana, groupForm('Crowd', ids))).status).toBe(201);
    const tooMany = await createGroup(ana, groupForm('Mob', [...ids, cai.id]));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toEqual({
      user_ids: ['Ensure this field has no more than 100 elements.'],
    });
    const anonymous = await http.post('/chatmessage/create/group/', groupForm('Nope', []));
    expect(anonymous.status).toBe(401);
  });
});

describe('GET /chatmessage/user/group/', () => {
  it('lists the caller’s groups with their members and last message, most recent first', async () => {
    const dan = await createChatUser(server);
    const eve = await createChatUser(server);
    await connectUsers(server, dan, eve);
    const first = await createGroup(dan, groupForm('Quiet Room', [eve.id]));
    const second = await createGroup(dan, groupForm('Busy Room', []));
    await insertMessage('quiet-room', eve, 'latest news', '2030-01-01T00:00:00Z');

    const mine = await http.get<GroupSummary[]>('/chatmessage/user/group/', { token: dan.token });
    expect(mine.status).toBe(200);
    expect(mine.body.map((g) => g.id)).toEqual([first.body.id, second.body.id]);
    expect(mine.body[0]).toMatchObject({
      room_name: 'quiet-room',
      last_message: 'latest news',
      last_message_time: '2030-01-01T00:00:00.000Z',
    });
    const theirs = await http.get<GroupSummary[]>('/chatmessage/user/group/', { token: eve.token });
    expect(theirs.body.map((g) => g.room_name)).toEqual(['quiet-room']);
  });
});

describe('GET /chatmessage/chats/', () => {
  it('lists private chat partners with their last message, most recent first', async () => {
    const me = await createChatUser(server, { language: 'German' });
    const other1 = await createChatUser(server);
    const other2 = await createChatUser(server);
    await insertMessage(privateRoomName(me.id, other1.id), me, 'old', '2029-01-01T00:00:00Z');
    await insertMessage(
      privateRoomName(me.id, other2.id),
      other2,
      'middle',
      '2029-02-01T00:00:00Z',
    );
    await insertMessage(
      privateRoomName(me.id, other1.id),
      other1,
      'newest',
      '2029-03-01T00:00:00Z',
    );
    await insertMessage(
      privateRoomName(other1.id, other2.id),
      other1,
      'not mine',
      '2029-04-01T00:00:00Z',
    );

    const response = await http.get<ChatListUser[]>('/chatmessage/chats/', { token: me.token });
    expect(response.status).toBe(200);
    expect(response.body.map((u) => [u.id, u.last_message])).toEqual([
      [other1.id, 'newest'],
      [other2.id, 'middle'],
    ]);
    expect(response.body[0]).toMatchObject({
      username: other1.username,
      last_message_time: '2029-03-01T00:00:00.000Z',
      language: 'Spanish',
      voice_output_enabled: true,
      mute_sounds: false,
      chat_theme: 'default',
      followers_count: 0,
    });
    // Listed as the spec names it, never filled: it is that user's organisation's secret.
    expect(response.body[0]).toHaveProperty('org_invite_token', null);
    expect(response.body[0]).not.toHaveProperty('password_hash');

    const nobody = await createChatUser(server);
    expect((await http.get('/chatmessage/chats/', { token: nobody.token })).body).toEqual([]);
  });
});

describe('GET /chatmessage/history/', () => {
  it('needs room_name, a numeric before and membership', async () => {
    const room = privateRoomName(ana.id, ben.id);
    const ok = await http.get(`/chatmessage/history/?room_name=${room}`, { token: ana.token });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ results: [], has_more: false });
    expect((await http.get('/chatmessage/history/', { token: ana.token })).status).toBe(400);
    const badBefore = await http.get(`/chatmessage/history/?room_name=${room}&before=x`, {
      token: ana.token,
    });
    expect(badBefore.status).toBe(400);
    const forbidden = await http.get(`/chatmessage/history/?room_name=${room}`, {
      token: cai.token,
    });
    expect(forbidden.status).toBe(403);
    expect((await http.get(`/chatmessage/history/?room_name=${room}`)).status).toBe(401);
  });
});
