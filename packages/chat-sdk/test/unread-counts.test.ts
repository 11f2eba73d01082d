import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  CHAT_MUTE_FOREVER,
  type ChatListUser,
  type ChatMessage,
  chatListEntries,
  type GroupSummary,
  mutedRooms,
} from '../src/index';
import { API_URL, storedMessage as stored } from './support/fixtures';
import { statusIs, useSocketSetup } from './support/socket-client';
import { type ServerConnection, until } from './support/socket-server';
import { useApiServer } from './support/test-client';

// Issue 25: unread counts seeded from the chat list (right after a reload, across devices), and
// muting a chat through the list store.

const api = useApiServer();
const setup = useSocketSetup(api);
const ROOM = 'private-1-2';

const bo = (extra: Partial<ChatListUser> = {}): ChatListUser => ({
  id: 2,
  username: 'bo',
  profile_image: null,
  first_name: null,
  last_name: null,
  followers_count: 0,
  last_message: 'hello 12',
  last_message_time: '2026-11-22T01:00:00.000Z',
  language: 'English',
  voice_output_enabled: true,
  mute_sounds: false,
  ...extra,
});

const club = (extra: Partial<GroupSummary> = {}): GroupSummary => ({
  id: 5,
  name: 'Book Club',
  room_name: 'book-club',
  image: null,
  last_message: 'see you',
  last_message_time: '2026-11-22T00:00:00.000Z',
  user_ids: [1, 2],
  members: [],
  ...extra,
});

function serve(users: ChatListUser[], groups: GroupSummary[]) {
  api.use(
    http.get(`${API_URL}/chatmessage/chats/`, () => HttpResponse.json(users)),
    http.get(`${API_URL}/chatmessage/user/group/`, () => HttpResponse.json(groups)),
  );
}

async function openConnection(): Promise<ServerConnection> {
  setup.client.socket.connect();
  const connection = await setup.server.connection(1);
  await statusIs(setup.client, 'open');
  return connection;
}

const chat = () => setup.client.chat;

describe('unread counts from the chat list', () => {
  it('seeds each chat’s count right after a load, counts live messages on, and clears on a read elsewhere', async () => {
    serve([bo({ unread_count: 3 })], [club({ unread_count: 0 })]);
    await setup.client.chatList.load();
    expect(chat().state.unread).toEqual({ [ROOM]: 3 });

    const connection = await openConnection();
    connection.send({ type: 'chat_message', ...stored(13) });
    await until(() => chat().state.unread[ROOM] === 4);

    // Opening the chat loads only the newest page: older unread messages are not held, the
    // server's count stays; my read on another device clears it here too.
    chat().openRoom(ROOM);
    await until(() => connection.frames.some((frame) => frame.type === 'join_room'));
    connection.send({
      type: 'chat_history',
      room_name: ROOM,
      has_more: true,
      message: [stored(12), stored(13)],
      receipts: [{ user_id: 1, delivered_up_to: 9, read_up_to: 9, read_at: null }],
    });
    await until(() => (chat().state.rooms[ROOM]?.messages.length ?? 0) === 2);
    expect(chat().state.unread[ROOM]).toBe(4);
    connection.send({
      type: 'read_receipt',
      room_name: ROOM,
      user_id: 1,
      message_id: 13,
      read_at: '2026-11-22T01:01:00.000Z',
    });
    await until(() => chat().state.unread[ROOM] === undefined);
  });

  it('leaves counting to the device on a spec-only backend (no unread_count)', async () => {
    serve([bo()], [club()]);
    await setup.client.chatList.load();
    expect(chat().state.unread).toEqual({});
    const rows = chatListEntries(1, setup.client.chatList.state);
    expect(rows.every((row) => row.mutedUntil === undefined)).toBe(true);
  });
});

describe('muting a chat', () => {
  it('posts the mute and the row follows the server’s answer', async () => {
    serve([bo({ unread_count: 0, muted_until: null })], [club({ unread_count: 0 })]);
    const bodies: unknown[] = [];
    api.use(
      http.post(`${API_URL}/chatmessage/mute/`, async ({ request }) => {
        const body = (await request.json()) as { room_name: string; duration: string };
        bodies.push(body);
        return HttpResponse.json({
          room_name: body.room_name,
          muted_until: body.duration === 'off' ? null : CHAT_MUTE_FOREVER,
        });
      }),
    );
    const list = setup.client.chatList;
    await list.load();
    await list.mute('book-club', 'always');
    expect(bodies).toEqual([{ room_name: 'book-club', duration: 'always' }]);
    const entries = chatListEntries(1, list.state);
    expect(entries.find((row) => row.key === 'book-club')?.mutedUntil).toBe(CHAT_MUTE_FOREVER);
    expect(mutedRooms(1, list.state)).toEqual(new Set(['book-club']));
    await list.mute('book-club', 'off');
    expect(mutedRooms(1, list.state)).toEqual(new Set());
    // An 8-hour mute that has run out mutes nothing.
    expect(
      mutedRooms(1, { users: [bo({ muted_until: '2026-01-01T00:00:00.000Z' })], groups: [] }),
    ).toEqual(new Set());
  });
});
