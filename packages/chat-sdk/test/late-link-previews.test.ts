import { describe, expect, it } from 'vitest';
import type { ChatMessage, LinkPreview } from '../src/index';
import { storedMessage } from './support/fixtures';
import { statusIs, useSocketSetup } from './support/socket-client';
import { until } from './support/socket-server';
import { useApiServer } from './support/test-client';

// Late cards (docs/socket-protocol.md, "Link preview and search polish"): a `link_preview` frame
// puts the card on a message that went out without it; malformed frames change nothing.

const api = useApiServer();
const setup = useSocketSetup(api);
const ROOM = 'private-1-2';

const card: LinkPreview = {
  url: 'http://news.example.com/a',
  title: 'Late news',
  description: 'Took a while.',
  image_url: '/media/link-previews/abc.png',
  site_name: 'news.example.com',
};

const stored = (id: number, over: Partial<ChatMessage> = {}): ChatMessage =>
  storedMessage(id, {
    message: `read http://news.example.com/a (${id})`,
    original_message: `read http://news.example.com/a (${id})`,
    ...over,
  });

const messages = () => setup.client.chat.state.rooms[ROOM]?.messages ?? [];

describe('late link preview cards', () => {
  it('puts a card that came after its message on it; ignores malformed ones and deleted messages', async () => {
    setup.client.socket.connect();
    const connection = await setup.server.connection(1);
    await statusIs(setup.client, 'open');
    setup.client.chat.openRoom(ROOM);
    await until(() => connection.frames.some((f) => f.type === 'join_room'));
    connection.send({
      type: 'chat_history',
      room_name: ROOM,
      has_more: false,
      message: [stored(1), stored(2)],
    });
    await until(() => messages().length === 2);
    connection.send({ type: 'message_deleted', message_id: 2, room_name: ROOM });

    // Malformed: no id, no card, a card without its url; then a deleted message's card.
    for (const frame of [
      { type: 'link_preview', room_name: ROOM, link_preview: card },
      { type: 'link_preview', message_id: 1, room_name: ROOM },
      { type: 'link_preview', message_id: 1, room_name: ROOM, link_preview: { title: 'x' } },
      { type: 'link_preview', message_id: 2, room_name: ROOM, link_preview: card },
    ]) {
      connection.send(frame);
    }
    connection.send({
      type: 'link_preview',
      message_id: 1,
      room_name: ROOM,
      link_preview: { ...card, title: 42 as unknown as string },
    });
    await until(() => messages()[0]?.link_preview !== undefined);
    // Only the last frame was readable: its non-string title is dropped, the rest kept.
    expect(messages()[0]?.link_preview).toEqual({ ...card, title: null });
    expect(messages()[1]).toMatchObject({ deleted: true });
    expect(messages()[1]).not.toHaveProperty('link_preview');
  });
});
