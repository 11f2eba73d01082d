import { describe, expect, it } from 'vitest';
import { type ChatMessage, messageTicks } from '../src/index';
import { ana, storedMessage as stored } from './support/fixtures';
import { statusIs, useSocketSetup } from './support/socket-client';
import { type ServerConnection, until } from './support/socket-server';
import { useApiServer } from './support/test-client';

// Issue 25 in the chat store: reactions, read and delivered receipts, unread counts.

const api = useApiServer();
const setup = useSocketSetup(api);
const ROOM = 'private-1-2';

async function openConnection(): Promise<ServerConnection> {
  setup.client.socket.connect();
  const connection = await setup.server.connection(1);
  await statusIs(setup.client, 'open');
  return connection;
}

const chat = () => setup.client.chat;
const message = (id: number) => chat().state.rooms[ROOM]?.messages.find((m) => m.id === id);
const framesOf = (connection: ServerConnection, type: string) =>
  connection.frames.filter((frame) => frame.type === type);

async function joinWith(connection: ServerConnection, history: Record<string, unknown>) {
  chat().openRoom(ROOM);
  await until(() => framesOf(connection, 'join_room').length === 1);
  connection.send({ type: 'chat_history', room_name: ROOM, has_more: false, ...history });
  await until(() => (chat().state.rooms[ROOM]?.messages.length ?? 0) > 0);
}

describe('reactions', () => {
  it('reads history reactions, sends react, and applies every member’s reaction frames', async () => {
    const connection = await openConnection();
    await joinWith(connection, {
      message: [stored(10, { reactions: [{ emoji: '👍', count: 1, user_ids: [2] }] })],
    });
    expect(message(10)?.reactions).toEqual([{ emoji: '👍', count: 1, user_ids: [2] }]);

    chat().react(ROOM, 10, '👍');
    await until(() => framesOf(connection, 'react').length === 1);
    expect(framesOf(connection, 'react')[0]).toEqual({
      type: 'react',
      message_id: 10,
      emoji: '👍',
    });

    const reaction = { type: 'reaction', message_id: 10, room_name: ROOM } as const;
    connection.send({ ...reaction, emoji: '👍', user_id: ana.id, added: true });
    connection.send({ ...reaction, emoji: '😂', user_id: 2, added: true });
    await until(() => message(10)?.reactions?.length === 2);
    expect(message(10)?.reactions).toEqual([
      { emoji: '👍', count: 2, user_ids: [2, ana.id] },
      { emoji: '😂', count: 1, user_ids: [2] },
    ]);
    connection.send({ ...reaction, emoji: '😂', user_id: 2, added: false });
    connection.send({ ...reaction, emoji: '👍', user_id: 2, added: false });
    await until(() => message(10)?.reactions?.length === 1);
    expect(message(10)?.reactions).toEqual([{ emoji: '👍', count: 1, user_ids: [ana.id] }]);
  });
});

describe('receipts and unread counts', () => {
  it('marks the open room read when its newest message is in view, and counts it unread when not', async () => {
    const connection = await openConnection();
    await joinWith(connection, {
      message: [stored(10), stored(11, { sender_id: ana.id, client_id: 'mine' })],
      receipts: [{ user_id: 2, delivered_up_to: 11, read_up_to: 0, read_at: null }],
    });
    // Nothing read yet: Bo's message counts.
    expect(chat().state.unread[ROOM]).toBe(1);
    const mine = message(11);
    if (!mine) throw new Error('no message 11');
    expect(messageTicks(chat().state.receipts[ROOM], mine, ana.id)?.status).toBe('delivered');

    chat().setNewestInView(ROOM, true);
    await until(() => framesOf(connection, 'read').length === 1);
    expect(framesOf(connection, 'read')[0]).toEqual({
      type: 'read',
      room_name: ROOM,
      message_id: 10,
    });
    expect(chat().state.unread[ROOM]).toBeUndefined();

    // A new message while in view is read at once; scrolled away it counts.
    connection.send({ type: 'chat_message', ...stored(12) });
    await until(() => framesOf(connection, 'read').length === 2);
    chat().setNewestInView(ROOM, false);
    connection.send({ type: 'chat_message', ...stored(13) });
    await until(() => chat().state.unread[ROOM] === 1);
    expect(framesOf(connection, 'read')).toHaveLength(2);

    // Bo reads my message: two coloured ticks.
    connection.send({
      type: 'read_receipt',
      room_name: ROOM,
      user_id: 2,
      message_id: 11,
      read_at: '2026-11-22T01:05:00.000Z',
    });
    await until(() => chat().state.receipts[ROOM]?.[2]?.read_up_to === 11);
    expect(messageTicks(chat().state.receipts[ROOM], mine, ana.id)).toEqual({
      status: 'read',
      readBy: [{ user_id: 2, read_at: '2026-11-22T01:05:00.000Z' }],
    });
  });

  it('clears the unread count when I read the chat on another device', async () => {
    const connection = await openConnection();
    await joinWith(connection, { message: [stored(20), stored(21)], receipts: [] });
    chat().leaveRoom();
    expect(chat().state.unread[ROOM]).toBe(2);
    connection.send({
      type: 'read_receipt',
      room_name: ROOM,
      user_id: ana.id,
      message_id: 20,
      read_at: '2026-11-22T01:05:00.000Z',
    });
    await until(() => chat().state.unread[ROOM] === 1);
    connection.send({
      type: 'read_receipt',
      room_name: ROOM,
      user_id: ana.id,
      message_id: 21,
      read_at: '2026-11-22T01:06:00.000Z',
    });
    await until(() => chat().state.unread[ROOM] === undefined);
  });

  it('shows no ticks for a backend that sends no receipts (spec only)', async () => {
    const connection = await openConnection();
    await joinWith(connection, {
      message: [stored(29), stored(30, { sender_id: ana.id })],
    });
    const mine = message(30);
    if (!mine) throw new Error('no message 30');
    // Reading clears the count here but sends the backend no frame it does not know.
    chat().setNewestInView(ROOM, true);
    await connection.roundTrip();
    expect(framesOf(connection, 'read')).toEqual([]);
    expect(chat().state.unread[ROOM]).toBeUndefined();
    expect(chat().state.receipts[ROOM]).toBeUndefined();
    expect(messageTicks(chat().state.receipts[ROOM], mine, ana.id)).toBeNull();
  });

  it('reads a grouped delivered_receipts frame as each member’s delivered_receipt', async () => {
    const connection = await openConnection();
    expect(connection.path).toContain('features=grouped_receipts');
    await joinWith(connection, {
      message: [stored(40), stored(41, { sender_id: ana.id, client_id: 'mine' })],
      receipts: [],
    });
    const seen: unknown[] = [];
    setup.client.socket.on('frame', (frame) => {
      if (frame.type === 'delivered_receipt') seen.push(frame);
    });
    connection.send({
      type: 'delivered_receipts',
      room_name: ROOM,
      receipts: [
        { user_id: 2, message_id: 41, delivered_at: '2026-11-22T01:05:00.000Z' },
        { user_id: 'not an id', message_id: 41 },
        null,
        { user_id: '3', message_id: '40', delivered_at: '2026-11-22T01:06:00.000Z' },
      ],
    });
    await until(() => chat().state.receipts[ROOM]?.[3]?.delivered_up_to === 40);
    expect(chat().state.receipts[ROOM]?.[2]?.delivered_up_to).toBe(41);
    // Each well-formed entry, in order, as the single frame a server without the feature sends.
    expect(seen).toEqual([
      {
        type: 'delivered_receipt',
        room_name: ROOM,
        user_id: 2,
        message_id: 41,
        delivered_at: '2026-11-22T01:05:00.000Z',
      },
      {
        type: 'delivered_receipt',
        room_name: ROOM,
        user_id: 3,
        message_id: 40,
        delivered_at: '2026-11-22T01:06:00.000Z',
      },
    ]);
    // A frame with no list carries nothing and breaks nothing.
    connection.send({ type: 'delivered_receipts', room_name: ROOM });
    await connection.roundTrip();
    expect(seen).toHaveLength(2);
  });

  it('in a group: sent, delivered to all, and read by some', () => {
    const receipts = {
      [ana.id]: { delivered_up_to: 5, read_up_to: 5, read_at: null },
      7: { delivered_up_to: 5, read_up_to: 5, read_at: '2026-11-22T01:02:00.000Z' },
      8: { delivered_up_to: 5, read_up_to: 4, read_at: '2026-11-22T01:01:00.000Z' },
    };
    const sent = { id: 5, type: 'sent', status: 'sent', room_name: 'friends' } as const;
    const members = [ana.id, 7, 8];
    expect(messageTicks(receipts, sent, ana.id, members)).toEqual({
      status: 'delivered',
      readBy: [{ user_id: 7, read_at: '2026-11-22T01:02:00.000Z' }],
    });
    expect(messageTicks(receipts, sent, ana.id, [...members, 9])?.status).toBe('sent');
    expect(messageTicks(receipts, { ...sent, id: 4 }, ana.id, members)?.status).toBe('read');
  });
});
