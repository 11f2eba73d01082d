import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import {
  type ChatMessage,
  type ChatMessageSendFrame,
  groupRoomName,
  type IncomingMessage,
} from '../src/index';
import { API_URL, ana, storedMessage as stored } from './support/fixtures';
import { statusIs, useSocketSetup } from './support/socket-client';
import { type ServerConnection, until } from './support/socket-server';
import { useApiServer } from './support/test-client';

const api = useApiServer();
const setup = useSocketSetup(api);
const ROOM = 'private-1-2';

/** The server's echo of a client's chat_message. */
function echo(frame: ChatMessageSendFrame, id: number): ChatMessage {
  return stored(id, {
    client_id: frame.client_id ?? null,
    sender_id: Number(frame.sender_id),
    sender_username: 'ana',
    message: frame.message ?? '',
    original_message: frame.message ?? '',
  });
}

async function openConnection(): Promise<ServerConnection> {
  setup.client.socket.connect();
  const connection = await setup.server.connection(1);
  await statusIs(setup.client, 'open');
  return connection;
}

function chatFrames(connection: ServerConnection): ChatMessageSendFrame[] {
  return connection.frames.filter(
    (frame): frame is ChatMessageSendFrame => frame.type === 'chat_message',
  );
}

const messages = () => setup.client.chat.state.rooms[ROOM]?.messages ?? [];

describe('sending messages', () => {
  it('shows a message as sending at once, and as sent once the echo arrives, without a duplicate', async () => {
    const { client } = setup;
    const connection = await openConnection();

    const clientId = client.chat.sendMessage({ roomName: 'private_1_2', text: 'hola' });
    expect(messages()).toMatchObject([
      { id: null, client_id: clientId, message: 'hola', status: 'sending', type: 'sent' },
    ]);
    await until(() => chatFrames(connection).length === 1);
    const frame = chatFrames(connection)[0] as ChatMessageSendFrame;
    expect(frame).toMatchObject({
      client_id: clientId,
      message: 'hola',
      sender_id: ana.id,
      receiver_id: 2,
      user_objects: [{ id: ana.id, username: ana.username }, { id: 2 }],
      file_type: 'text',
      room_name: 'private_1_2',
    });

    connection.send({ type: 'chat_message', ...echo(frame, 7), room_name: 'private_1_2' });
    await until(() => messages()[0]?.status === 'sent');
    expect(messages()).toHaveLength(1);
    expect(messages()[0]).toMatchObject({ id: 7, client_id: clientId, type: 'sent' });
  });

  it('does not add or send a message whose echo arrived before the local insert', async () => {
    const { client } = setup;
    const connection = await openConnection();
    connection.send({
      type: 'chat_message',
      ...stored(9, { client_id: 'c-early', sender_id: ana.id, message: 'hola' }),
    });
    await until(() => messages().length === 1);

    client.chat.sendMessage({ roomName: ROOM, text: 'hola', clientId: 'c-early' });
    await connection.roundTrip();
    expect(messages()).toHaveLength(1);
    expect(messages()[0]).toMatchObject({ id: 9, status: 'sent', type: 'sent' });
    expect(chatFrames(connection)).toEqual([]);
  });

  it('marks a send failed on an error frame and retries it with the same client_id', async () => {
    const { client } = setup;
    const connection = await openConnection();
    const clientId = client.chat.sendMessage({ roomName: ROOM, text: 'hola' });
    await until(() => chatFrames(connection).length === 1);

    connection.send({
      type: 'error',
      code: 'rate_limited',
      detail: 'Slow down',
      client_id: clientId,
    });
    await until(() => messages()[0]?.status === 'failed');
    expect(messages()[0]?.error).toEqual({ code: 'rate_limited', detail: 'Slow down' });

    expect(client.chat.retry(clientId)).toBe(true);
    expect(messages()[0]?.status).toBe('sending');
    await until(() => chatFrames(connection).length === 2);
    const [first, second] = chatFrames(connection);
    expect(second).toEqual(first);

    connection.send({
      type: 'chat_message',
      ...echo(second as ChatMessageSendFrame, 3),
    });
    await until(() => messages()[0]?.status === 'sent');
    expect(messages()).toHaveLength(1);
    expect(client.chat.retry(clientId)).toBe(false);
  });

  it('marks a send failed when it cannot go out within 15 s, and sends it on retry', async () => {
    const { client, server } = setup;
    const clientId = client.chat.sendMessage({ roomName: ROOM, text: 'offline' });
    expect(client.socket.state.queued).toBe(1);

    vi.advanceTimersByTime(14_999);
    expect(messages()[0]?.status).toBe('sending');
    vi.advanceTimersByTime(1);
    expect(messages()[0]).toMatchObject({ status: 'failed', error: { code: 'timeout' } });
    expect(client.socket.state.queued).toBe(0);

    client.socket.connect();
    const connection = await server.connection(1);
    await statusIs(client, 'open');
    await connection.roundTrip();
    expect(chatFrames(connection)).toEqual([]);

    client.chat.retry(clientId);
    await until(() => chatFrames(connection).length === 1);
    expect(chatFrames(connection)[0]?.client_id).toBe(clientId);
  });
});

describe('room state', () => {
  it('fills a room from chat_history on join and loads older pages over REST', async () => {
    const { client } = setup;
    const requests: string[] = [];
    api.use(
      http.get(`${API_URL}/chatmessage/history/`, ({ request }) => {
        const url = new URL(request.url);
        requests.push(url.search);
        return HttpResponse.json({ results: [stored(8), stored(9)], has_more: false });
      }),
    );
    const connection = await openConnection();
    client.chat.openRoom('private_1_2');
    await until(() => connection.frames.length === 1);
    expect(connection.frames[0]).toEqual({ type: 'join_room', room_name: 'private_1_2' });
    expect(client.chat.state.currentRoom).toBe(ROOM);

    connection.send({
      type: 'chat_history',
      room_name: 'private_1_2',
      message: [stored(10), stored(11, { sender_id: ana.id })],
      has_more: true,
    });
    await until(() => messages().length === 2);
    expect(messages().map((m) => [m.id, m.type])).toEqual([
      [10, 'received'],
      [11, 'sent'],
    ]);
    expect(client.chat.state.rooms[ROOM]?.hasMore).toBe(true);

    const loading = client.chat.loadOlder('private_1_2');
    expect(client.chat.state.rooms[ROOM]?.loadingOlder).toBe(true);
    await loading;
    expect(requests).toEqual(['?room_name=private-1-2&before=10']);
    expect(messages().map((m) => m.id)).toEqual([8, 9, 10, 11]);
    expect(client.chat.state.rooms[ROOM]).toMatchObject({ hasMore: false, loadingOlder: false });

    // A rejoin's history keeps the older page and does not duplicate.
    connection.send({
      type: 'chat_history',
      room_name: ROOM,
      message: [stored(10), stored(11, { sender_id: ana.id })],
      has_more: true,
    });
    await connection.roundTrip();
    expect(messages().map((m) => m.id)).toEqual([8, 9, 10, 11]);
  });

  it('sends typing true once, then false after 2 s without typing', async () => {
    const { client } = setup;
    const connection = await openConnection();
    const typingFrames = () => connection.frames.filter((frame) => frame.type === 'typing');

    client.chat.setTyping(ROOM);
    vi.advanceTimersByTime(1500);
    client.chat.setTyping(ROOM);
    vi.advanceTimersByTime(1999);
    await connection.roundTrip();
    expect(typingFrames()).toEqual([
      {
        type: 'typing',
        is_typing: true,
        sender_id: ana.id,
        username: ana.username,
        // Spec §7: the room's people, both of a private room.
        user_objects: [{ id: ana.id, username: ana.username }, { id: 2 }],
        room_name: ROOM,
      },
    ]);
    vi.advanceTimersByTime(1);
    await until(() => typingFrames().length === 2);
    expect(typingFrames()[1]).toMatchObject({ is_typing: false, room_name: ROOM });
  });

  it('keeps typing and recording indicators per room, then per user', async () => {
    const { client } = setup;
    const connection = await openConnection();
    connection.send({
      type: 'typing_indicator',
      room_name: 'private_1_2',
      sender_id: 2,
      username: 'bo',
      is_typing: true,
    });
    connection.send({
      type: 'recording_indicator',
      room_name: 'team',
      sender_id: 3,
      username: 'cy',
      is_recording: true,
    });
    await until(() => client.chat.state.recording.team?.[3] === true);
    expect(client.chat.state.typing).toEqual({ [ROOM]: { 2: true } });

    connection.send({
      type: 'typing_indicator',
      room_name: ROOM,
      sender_id: 2,
      username: 'bo',
      is_typing: false,
    });
    await until(() => client.chat.state.typing[ROOM]?.[2] === false);

    // After a close no "false" can arrive: the indicators are cleared rather than left stuck.
    connection.send({
      type: 'typing_indicator',
      room_name: ROOM,
      sender_id: 2,
      username: 'bo',
      is_typing: true,
    });
    await until(() => client.chat.state.typing[ROOM]?.[2] === true);
    connection.close(4000, 'restart');
    await statusIs(client, 'closed');
    expect(client.chat.state).toMatchObject({ typing: {}, recording: {} });
  });

  it('ignores, with a warning, group messages from senders not in the group user list', async () => {
    const { client, logger } = setup;
    const connection = await openConnection();
    const incoming: IncomingMessage[] = [];
    client.chat.on('incoming', (event) => incoming.push(event));
    client.chat.openRoom(groupRoomName('Team Rocket'), {
      groupUsers: [{ id: 1 }, { id: 2 }],
    });
    expect(client.chat.state.groupUsers).toEqual({
      roomName: 'team-rocket',
      users: [{ id: 1 }, { id: 2 }],
    });

    connection.send({
      type: 'chat_message',
      ...stored(1, { room_name: 'team-rocket', sender_id: 3 }),
    });
    connection.send({
      type: 'chat_message',
      ...stored(2, { room_name: 'team-rocket', sender_id: 2 }),
    });
    await until(() => incoming.length === 1);
    await connection.roundTrip();

    expect(client.chat.state.rooms['team-rocket']?.messages.map((m) => m.id)).toEqual([2]);
    expect(incoming[0]).toMatchObject({
      roomName: 'team-rocket',
      message: { id: 2, type: 'received' },
    });
    expect(logger.warn).toHaveBeenCalledWith(
      '[parley] ignored a message from a sender not in the group',
      { room: 'team-rocket', sender_id: 3 },
    );
  });
});

describe('a rejoin after more than a page arrived', () => {
  const range = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i) => from + i);
  /** The server's room: messages 1 to 300; the page of GET /chatmessage/history/. */
  function historyOf(options: { around: boolean; pageSize?: number }) {
    const requests: string[] = [];
    api.use(
      http.get(`${API_URL}/chatmessage/history/`, ({ request }) => {
        const url = new URL(request.url);
        requests.push(url.search);
        const before = Number(url.searchParams.get('before') ?? 301);
        const around = url.searchParams.get('around');
        // Like the Parley server: a page reaching back to `around` and two older ones; a spec
        // backend ignores `around` and sends its usual page.
        const from =
          options.around && around !== null
            ? Math.max(1, Number(around) - 2)
            : Math.max(1, before - (options.pageSize ?? 50));
        return HttpResponse.json({
          results: range(from, before - 1).map((id) => stored(id)),
          has_more: from > 1,
        });
      }),
    );
    return requests;
  }

  async function rejoinAfterGap(connection: ServerConnection): Promise<void> {
    setup.client.chat.openRoom(ROOM);
    connection.send({
      type: 'chat_history',
      room_name: ROOM,
      message: range(1, 50).map((id) => stored(id)),
      has_more: false,
    });
    await until(() => messages().length === 50);
    // The socket was away while messages 51 to 300 were sent: the rejoin brings 251 to 300.
    connection.send({
      type: 'chat_history',
      room_name: ROOM,
      message: range(251, 300).map((id) => stored(id)),
      has_more: true,
    });
  }

  it('reads the messages in between (Parley around), so the list has no hole', async () => {
    const requests = historyOf({ around: true });
    const connection = await openConnection();
    await rejoinAfterGap(connection);
    await until(() => messages().length === 300);
    expect(messages().map((m) => m.id)).toEqual(range(1, 300));
    expect(requests).toEqual(['?room_name=private-1-2&before=251&around=50']);
  });

  it('pages back from a spec backend, which ignores around', async () => {
    const requests = historyOf({ around: false });
    const connection = await openConnection();
    await rejoinAfterGap(connection);
    await until(() => messages().length === 300);
    expect(messages().map((m) => m.id)).toEqual(range(1, 300));
    expect(requests.map((query) => new URLSearchParams(query).get('before'))).toEqual([
      '251',
      '201',
      '151',
      '101',
      '51',
    ]);
  });

  it('drops the older part when the gap is too long or cannot be read: no hole either way', async () => {
    const requests = historyOf({ around: false, pageSize: 2 });
    const connection = await openConnection();
    await rejoinAfterGap(connection);
    await until(() => requests.length === 20 && messages()[0]?.id === 211);
    expect(messages().map((m) => m.id)).toEqual(range(211, 300));
    expect(setup.client.chat.state.rooms[ROOM]?.hasMore).toBe(true);

    api.use(
      http.get(`${API_URL}/chatmessage/history/`, () =>
        HttpResponse.json({ detail: 'down' }, { status: 500 }),
      ),
    );
    connection.send({
      type: 'chat_history',
      room_name: ROOM,
      message: range(401, 450).map((id) => stored(id)),
      has_more: true,
    });
    await until(() => messages()[0]?.id === 401);
    expect(messages().map((m) => m.id)).toEqual(range(401, 450));
    expect(setup.logger.warn).toHaveBeenCalledWith(
      '[parley] could not load the messages that arrived while away',
      expect.anything(),
    );
  });
});

describe('signing out', () => {
  it('closes the socket, forgets rooms and queue, and reconnects for the next session', async () => {
    const { client, server, token } = setup;
    api.use(
      http.post(`${API_URL}/accounts/logout/`, () => new HttpResponse(null, { status: 204 })),
    );
    const connection = await openConnection();
    client.chat.openRoom(ROOM);
    connection.send({ type: 'chat_message', ...stored(1) });
    await until(() => messages().length === 1);

    await client.session.signOut();
    await statusIs(client, 'closed');
    await until(() => connection.closed);
    expect(client.chat.state.rooms).toEqual({});
    expect(client.socket.state).toMatchObject({ currentRoom: null, queued: 0 });

    api.use(
      http.post(`${API_URL}/accounts/login/`, () => HttpResponse.json({ access_token: token })),
      http.get(`${API_URL}/accounts/me/`, () => HttpResponse.json(ana)),
    );
    await client.session.signIn('ana', 'secret');
    const next = await server.connection(2);
    await statusIs(client, 'open');
    expect(next.token).toBe(token);
  });
});
