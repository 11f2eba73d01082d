import { describe, expect, it } from 'vitest';
import {
  BLOCKED_MESSAGE_PREVIEW,
  chatListEntries,
  type GroupSummary,
  type IncomingMessage,
} from '../src/index';
import { storedMessage as stored } from './support/fixtures';
import { statusIs, useSocketSetup } from './support/socket-client';
import { type ServerConnection, until } from './support/socket-server';
import { useApiServer } from './support/test-client';

// Issue 29, blocking in groups: `from_blocked` messages are held (shown collapsed by the ui) but
// neither announced nor counted unread; `block_changed` collapses or opens messages already held.

const api = useApiServer();
const setup = useSocketSetup(api);
const GROUP = 'book-club';

async function openConnection(): Promise<ServerConnection> {
  setup.client.socket.connect();
  const connection = await setup.server.connection(1);
  await statusIs(setup.client, 'open');
  return connection;
}

const chat = () => setup.client.chat;
const inGroup = (id: number, sender: number, extra: Record<string, unknown> = {}) => ({
  ...stored(id, { room_name: GROUP, sender_id: sender, sender_username: `user${sender}` }),
  ...extra,
});

describe('blocking in groups', () => {
  it('holds a from_blocked message silently and follows block_changed both ways', async () => {
    const announced: IncomingMessage[] = [];
    chat().on('incoming', (incoming) => announced.push(incoming));
    const connection = await openConnection();

    connection.send({ type: 'chat_message', ...inGroup(20, 3, { from_blocked: true }) });
    connection.send({ type: 'chat_message', ...inGroup(21, 2) });
    await until(() => (chat().state.rooms[GROUP]?.messages.length ?? 0) === 2);
    const [fromBlocked, ordinary] = chat().state.rooms[GROUP]?.messages ?? [];
    expect(fromBlocked?.from_blocked).toBe(true);
    expect(ordinary?.from_blocked).toBeUndefined();
    // Only the ordinary message is announced (in-app notification, aria-live) and counted.
    expect(announced.map((item) => item.message.id)).toEqual([21]);
    expect(chat().state.unread[GROUP]).toBe(1);

    // Unblocked elsewhere: the held message opens and counts; blocked again: it collapses.
    connection.send({ type: 'block_changed', user_id: 3, blocked: false });
    await until(() => chat().state.rooms[GROUP]?.messages[0]?.from_blocked === undefined);
    expect(chat().state.unread[GROUP]).toBe(2);
    connection.send({ type: 'block_changed', user_id: 2, blocked: true });
    await until(() => chat().state.rooms[GROUP]?.messages[1]?.from_blocked === true);
    expect(chat().state.unread[GROUP]).toBe(1);

    // A malformed frame or a non-true field changes nothing.
    connection.send({ type: 'block_changed', user_id: 'x', blocked: true });
    connection.send({ type: 'chat_message', ...inGroup(22, 4, { from_blocked: 'yes' }) });
    await until(() => (chat().state.rooms[GROUP]?.messages.length ?? 0) === 3);
    expect(chat().state.rooms[GROUP]?.messages[2]?.from_blocked).toBeUndefined();
    expect(chat().state.rooms[GROUP]?.messages[0]?.from_blocked).toBeUndefined();
  });

  it('keeps a blocked person’s newest message collapsed in the chat list row', () => {
    const group: GroupSummary = {
      id: 5,
      name: 'Book Club',
      room_name: GROUP,
      image: null,
      last_message: 'older',
      last_message_time: '2026-11-22T00:00:00.000Z',
      user_ids: [1, 2, 3],
      members: [],
    };
    const message = {
      ...inGroup(30, 3),
      from_blocked: true,
      status: 'sent' as const,
      type: 'received' as const,
    };
    const [entry] = chatListEntries(
      1,
      { users: [], groups: [group], opened: [], loading: false, loaded: true, failed: false },
      { [GROUP]: { messages: [message], hasMore: false, loadingOlder: false } },
    );
    expect(entry?.lastMessage).toBe(BLOCKED_MESSAGE_PREVIEW);
  });
});
