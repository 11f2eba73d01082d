import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { type ChatMessageSendFrame, firstLinkIn, LINK_PREVIEW_PATHS } from '../src/index';
import { API_URL, ana } from './support/fixtures';
import { statusIs, useSocketSetup } from './support/socket-client';
import { until } from './support/socket-server';
import { useApiServer } from './support/test-client';

const api = useApiServer();
const setup = useSocketSetup(api);
const GROUP = 'garden-club';

describe('mentions and link previews (issue 25)', () => {
  it('sends mentions as ids and link_preview: false when the card was removed, also on retry', async () => {
    const { client } = setup;
    client.socket.connect();
    const connection = await setup.server.connection(1);
    await statusIs(client, 'open');
    const clientId = client.chat.sendMessage({
      roomName: GROUP,
      text: 'Hi @rose https://example.com/a',
      mentions: [{ user_id: 5, username: 'rose' }],
      linkPreview: false,
    });
    await until(() => connection.frames.some((f) => f.type === 'chat_message'));
    const frame = connection.frames.find((f) => f.type === 'chat_message') as ChatMessageSendFrame;
    expect(frame).toMatchObject({ client_id: clientId, mentions: [5], link_preview: false });
    const message = client.chat.state.rooms[GROUP]?.messages[0];
    expect(message?.mentions).toEqual([{ user_id: 5, username: 'rose' }]);
  });

  it('sends neither field for a plain message (a spec backend sees the spec frame)', async () => {
    const { client } = setup;
    client.socket.connect();
    const connection = await setup.server.connection(1);
    await statusIs(client, 'open');
    client.chat.sendMessage({ roomName: GROUP, text: 'plain' });
    await until(() => connection.frames.some((f) => f.type === 'chat_message'));
    const frame = connection.frames.find((f) => f.type === 'chat_message') as ChatMessageSendFrame;
    expect(frame).not.toHaveProperty('mentions');
    expect(frame).not.toHaveProperty('link_preview');
    expect(frame.sender_id).toBe(ana.id);
  });

  it('asks for a card; a backend without the call (404) rejects', async () => {
    const card = {
      url: 'https://example.com/a',
      title: 'A',
      description: null,
      image_url: null,
      site_name: 'example.com',
    };
    api.use(
      http.get(`${API_URL}${LINK_PREVIEW_PATHS.linkPreview}`, ({ request }) =>
        new URL(request.url).searchParams.get('url') === card.url
          ? HttpResponse.json({ link_preview: card })
          : HttpResponse.json({ detail: 'Not found.' }, { status: 404 }),
      ),
    );
    expect(await setup.client.api.chat.linkPreview(card.url)).toEqual(card);
    await expect(setup.client.api.chat.linkPreview('https://example.com/b')).rejects.toMatchObject({
      status: 404,
    });
  });

  it('finds the first link of a text without the sentence’s punctuation', () => {
    expect(firstLinkIn('see https://example.com/a?b=1). And http://x.y')).toBe(
      'https://example.com/a?b=1',
    );
    expect(firstLinkIn('no link here')).toBeNull();
  });
});
