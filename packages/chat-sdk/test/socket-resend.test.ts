import { describe, expect, it, vi } from 'vitest';
import type { ChatMessageSendFrame } from '../src/index';
import { storedMessage as stored } from './support/fixtures';
import { statusIs, useSocketSetup } from './support/socket-client';
import { type ServerConnection, until } from './support/socket-server';
import { useApiServer } from './support/test-client';

// Issue 28: an instance behind a balancer stops (1012) or dies with messages written to its socket
// and not yet echoed. They go out again, in order and with the same client_id, on the next socket.

const api = useApiServer();
const setup = useSocketSetup(api);
const ROOM = 'private-1-2';

const chatFrames = (connection: ServerConnection) =>
  connection.frames.filter((frame): frame is ChatMessageSendFrame => frame.type === 'chat_message');
const messages = () => setup.client.chat.state.rooms[ROOM]?.messages ?? [];

describe('messages written to a socket that closed before their echo', () => {
  it('are sent again on the next socket, oldest first, ahead of later ones, and settle once', async () => {
    const { client, server } = setup;
    client.socket.connect();
    const first = await server.connection(1);
    await statusIs(client, 'open');

    const one = client.chat.sendMessage({ roomName: ROOM, text: 'one' });
    const two = client.chat.sendMessage({ roomName: ROOM, text: 'two' });
    await until(() => chatFrames(first).length === 2);
    // The first instance echoes 'one', then stops.
    const firstFrame = chatFrames(first)[0] as ChatMessageSendFrame;
    first.send({
      type: 'chat_message',
      ...stored(1, { client_id: one, sender_id: 1, message: 'one', original_message: 'one' }),
      room_name: firstFrame.room_name,
    });
    await until(() => messages()[0]?.status === 'sent');
    first.close(1012, 'server restarting');
    await statusIs(client, 'closed');
    const three = client.chat.sendMessage({ roomName: ROOM, text: 'three' });

    vi.advanceTimersByTime(1_000);
    const second = await server.connection(2);
    await until(() => chatFrames(second).length === 2);
    expect(chatFrames(second).map((frame) => [frame.client_id, frame.message])).toEqual([
      [two, 'two'],
      [three, 'three'],
    ]);

    for (const [index, frame] of chatFrames(second).entries()) {
      second.send({
        type: 'chat_message',
        ...stored(2 + index, {
          client_id: frame.client_id ?? null,
          sender_id: 1,
          message: frame.message ?? '',
          original_message: frame.message ?? '',
        }),
        room_name: frame.room_name,
      });
    }
    await until(() => messages().every((message) => message.status === 'sent'));
    expect(messages().map((message) => [message.id, message.message])).toEqual([
      [1, 'one'],
      [2, 'two'],
      [3, 'three'],
    ]);
  });
});
