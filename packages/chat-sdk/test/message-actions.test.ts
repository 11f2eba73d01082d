import { describe, expect, it } from 'vitest';
import type { ChatMessage, ChatMessageSendFrame, ClientFrame } from '../src/index';
import { quoteOf } from '../src/index';
import { ana, storedMessage } from './support/fixtures';
import { statusIs, useSocketSetup } from './support/socket-client';
import { type ServerConnection, until } from './support/socket-server';
import { useApiServer } from './support/test-client';

// Message actions (docs/socket-protocol.md): the chat store keeps reply_to, applies
// message_edited and message_deleted to its list, and sends reply / edit / delete frames.

const api = useApiServer();
const setup = useSocketSetup(api);
const ROOM = 'private-1-2';

const stored = (id: number, over: Partial<ChatMessage> = {}): ChatMessage =>
  storedMessage(id, { message: `hola ${id}`, ...over });

async function openRoom(): Promise<ServerConnection> {
  setup.client.socket.connect();
  const connection = await setup.server.connection(1);
  await statusIs(setup.client, 'open');
  setup.client.chat.openRoom(ROOM);
  await until(() => connection.frames.some((f) => f.type === 'join_room'));
  const quoted = stored(2, { reply_to: undefined });
  connection.send({
    type: 'chat_history',
    room_name: ROOM,
    has_more: false,
    message: [
      stored(1),
      { ...quoted, message: 'second', original_message: 'second' },
      stored(3, {
        message: 'reply',
        reply_to: {
          id: 1,
          sender_id: 2,
          sender_username: 'bo',
          message: 'hola 1',
          file_type: 'text',
        },
      }),
    ],
  });
  await until(() => messages().length === 3);
  return connection;
}

const messages = () => setup.client.chat.state.rooms[ROOM]?.messages ?? [];
const sentFrames = (connection: ServerConnection, type: ClientFrame['type']) =>
  connection.frames.filter((frame) => frame.type === type);

describe('message actions in the chat store', () => {
  it('keeps reply_to from history and a spec-only message without it', async () => {
    await openRoom();
    expect(messages()[2]?.reply_to).toEqual({
      id: 1,
      sender_id: 2,
      sender_username: 'bo',
      message: 'hola 1',
      file_type: 'text',
    });
    expect(messages()[0]).not.toHaveProperty('reply_to');
    expect(messages()[0]).not.toHaveProperty('edited_at');
    expect(messages()[0]).not.toHaveProperty('deleted');
  });

  it('reply shows the quote at once and sends reply_to as the quoted id', async () => {
    const connection = await openRoom();
    const target = messages()[1];
    const quote = target && quoteOf(target);
    expect(quote).toMatchObject({ id: 2, message: 'second' });
    const clientId = setup.client.chat.reply({ roomName: ROOM, text: 'yes' }, quote as never);
    expect(messages().at(-1)).toMatchObject({ client_id: clientId, reply_to: { id: 2 } });
    await until(() => sentFrames(connection, 'chat_message').length === 1);
    expect(sentFrames(connection, 'chat_message')[0]).toMatchObject({
      message: 'yes',
      reply_to: 2,
      sender_id: ana.id,
    } satisfies Partial<ChatMessageSendFrame>);
  });

  it('message_edited changes the text, marks it edited and updates quotes of it', async () => {
    const connection = await openRoom();
    connection.send({
      type: 'message_edited',
      message_id: 1,
      message: 'hola editado',
      original_message: 'hello edited',
      edited_at: '2026-11-22T01:05:00.000Z',
      room_name: ROOM,
      translated: true,
    });
    await until(() => messages()[0]?.message === 'hola editado');
    expect(messages()[0]).toMatchObject({
      original_message: 'hello edited',
      edited_at: '2026-11-22T01:05:00.000Z',
      translated: true,
    });
    expect(messages()[2]?.reply_to?.message).toBe('hola editado');
  });

  it('message_deleted for everyone empties the message and its quotes; for me removes it', async () => {
    const connection = await openRoom();
    connection.send({ type: 'message_deleted', message_id: 1, room_name: ROOM });
    await until(() => messages()[0]?.deleted === true);
    expect(messages()[0]).toMatchObject({ message: '', original_message: '', file_url: null });
    expect(messages()[2]?.reply_to).toMatchObject({ deleted: true, message: '' });

    connection.send({ type: 'message_deleted', message_id: 2, room_name: ROOM, for: 'me' });
    await until(() => messages().length === 2);
    expect(messages().map((m) => m.id)).toEqual([1, 3]);
  });

  it('editMessage and deleteMessage send their frames', async () => {
    const connection = await openRoom();
    expect(setup.client.chat.editMessage(3, 'fixed')).toBe(true);
    expect(setup.client.chat.deleteMessage(3)).toBe(true);
    expect(setup.client.chat.deleteMessage(1, { forMe: true })).toBe(true);
    await until(() => sentFrames(connection, 'delete_message').length === 2);
    expect(sentFrames(connection, 'edit_message')).toEqual([
      { type: 'edit_message', message_id: 3, message: 'fixed' },
    ]);
    expect(sentFrames(connection, 'delete_message')).toEqual([
      { type: 'delete_message', message_id: 3 },
      { type: 'delete_message', message_id: 1, for: 'me' },
    ]);
  });

  it('ignores malformed action frames', async () => {
    const connection = await openRoom();
    connection.send({ type: 'message_edited', message_id: 'x', message: 5 } as never);
    connection.send({ type: 'message_deleted' } as never);
    await connection.roundTrip();
    expect(messages()).toHaveLength(3);
    expect(messages()[0]?.message).toBe('hola 1');
  });
});
