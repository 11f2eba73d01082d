import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import {
  type ChatListUser,
  chatListEntries,
  filterChatList,
  type GroupSummary,
  sortChatList,
} from '../src/index';
import { API_URL } from './support/fixtures';
import { statusIs, useSocketSetup } from './support/socket-client';
import { until } from './support/socket-server';
import { useApiServer } from './support/test-client';

const api = useApiServer();
const setup = useSocketSetup(api);

const person = (id: number, username: string, last: string | null, at: string | null) =>
  ({
    id,
    username,
    profile_image: null,
    first_name: null,
    last_name: null,
    followers_count: 0,
    last_message: last,
    last_message_time: at,
    language: 'English',
    voice_output_enabled: true,
    mute_sounds: false,
  }) satisfies ChatListUser;

const group: GroupSummary = {
  id: 5,
  name: 'Book Club',
  room_name: 'book-club',
  image: null,
  last_message: 'see you',
  last_message_time: '2026-03-10T10:00:00.000Z',
  user_ids: [],
  members: [],
};

describe('client.chatList (the sidebar as sdk state)', () => {
  it('reuses a load that is running or just finished when asked to, and asks anew otherwise', async () => {
    let asked = 0;
    api.use(
      http.get(`${API_URL}/chatmessage/chats/`, () => {
        asked += 1;
        return HttpResponse.json([person(2, 'bo', `hi ${asked}`, '2026-03-10T12:00:00.000Z')]);
      }),
      http.get(`${API_URL}/chatmessage/user/group/`, () => HttpResponse.json([])),
    );
    const list = setup.client.chatList;
    const first = list.load({ reuseWithinMs: 2_000 });
    // Running: the screen that opens meanwhile gets the same load.
    expect(list.load({ reuseWithinMs: 2_000 })).toBe(first);
    await first;
    expect(asked).toBe(1);
    // Just finished: reused; a plain load (something changed) asks again.
    await list.load({ reuseWithinMs: 2_000 });
    expect(asked).toBe(1);
    await list.load();
    expect(asked).toBe(2);
    expect(list.state.users[0]?.last_message).toBe('hi 2');
    // Older than asked for: asked again.
    vi.useFakeTimers({ now: Date.now() + 5_000, toFake: ['Date'] });
    try {
      await list.load({ reuseWithinMs: 2_000 });
    } finally {
      vi.useRealTimers();
    }
    expect(asked).toBe(3);
    // Signed out and in again: nothing of the last session is reused.
    list.reset();
    await list.load({ reuseWithinMs: 60_000 });
    expect(asked).toBe(4);
  });

  it('loads chats with connections and groups, opens chats, and sorts and filters rows', async () => {
    let chats = [
      person(2, 'bo', 'hi', '2026-03-10T12:00:00.000Z'),
      person(3, 'carmen', null, null),
    ];
    api.use(
      http.get(`${API_URL}/chatmessage/chats/`, () => HttpResponse.json(chats)),
      http.get(`${API_URL}/chatmessage/user/group/`, () => HttpResponse.json([group])),
    );
    const list = setup.client.chatList;
    expect(list.state.loaded).toBe(false);
    await list.load();
    expect(list.state).toMatchObject({ loaded: true, loading: false, failed: false });
    expect(list.openWith({ ...person(9, 'zed', null, null) })).toBe('private-1-9');
    list.openWith(person(2, 'bo', null, null)); // already listed: no second row

    const rows = sortChatList(chatListEntries(1, list.state, setup.client.chat.state.rooms));
    expect(rows.map((r) => r.key)).toEqual([
      'private-1-2',
      'book-club',
      'private-1-3',
      'private-1-9',
    ]);
    expect(filterChatList(rows, 'group', '').map((r) => r.name)).toEqual(['Book Club']);
    expect(filterChatList(rows, 'all', 'CAR').map((r) => r.name)).toEqual(['carmen']);

    // A connection accepted live reloads the list.
    setup.client.socket.connect();
    const connection = await setup.server.connection(1);
    await statusIs(setup.client, 'open');
    chats = [...chats, person(4, 'dmitri', null, null)];
    connection.send({ type: 'connection_accepted', to_user: { id: 4, username: 'dmitri' } });
    await until(() => list.state.users.length === 3);

    // A deletion reloads it too (issue 25): the server's preview then leaves out a message the
    // reader hid, or says it was deleted for everyone.
    chats = chats.map((row) =>
      row.id === 2
        ? {
            ...row,
            last_message: 'This message was deleted.',
            last_message_info: { sender_id: 2, file_type: 'text' as const, deleted: true },
          }
        : row,
    );
    connection.send({ type: 'message_deleted', message_id: 7, room_name: 'private-1-2' });
    await until(() => list.state.users.some((row) => row.last_message_info?.deleted === true));
  });

  it('reloads after a reconnect, not on the first open: what arrived meanwhile shows', async () => {
    let loads = 0;
    let chats = [person(2, 'bo', 'hi', '2026-03-10T12:00:00.000Z')];
    api.use(
      http.get(`${API_URL}/chatmessage/chats/`, () => {
        loads += 1;
        return HttpResponse.json(chats);
      }),
      http.get(`${API_URL}/chatmessage/user/group/`, () => HttpResponse.json([])),
    );
    const list = setup.client.chatList;
    await list.load();
    setup.client.socket.connect();
    const first = await setup.server.connection(1);
    await statusIs(setup.client, 'open');
    await first.roundTrip();
    expect(loads).toBe(1);

    // Away: Bo wrote meanwhile; the socket comes back after its first backoff step.
    chats = [person(2, 'bo', 'are you there?', '2026-03-10T12:05:00.000Z')];
    first.close(1012, 'server restarting');
    await statusIs(setup.client, 'closed');
    vi.advanceTimersByTime(1000);
    await setup.server.connection(2);
    await statusIs(setup.client, 'open');
    await until(() => list.state.users[0]?.last_message === 'are you there?');
    expect(loads).toBe(2);
  });

  it('marks the list failed only when both calls fail', async () => {
    api.use(
      http.get(`${API_URL}/chatmessage/chats/`, () => HttpResponse.json({}, { status: 500 })),
      http.get(`${API_URL}/chatmessage/user/group/`, () => HttpResponse.json({}, { status: 500 })),
    );
    await setup.client.chatList.load();
    expect(setup.client.chatList.state.failed).toBe(true);
  });
});
