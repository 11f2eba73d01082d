import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  type ChatListUser,
  type ChatMessage,
  type ChatMessageSendFrame,
  chatListEntries,
  filterChatList,
  MESSAGE_REQUEST_PATHS,
} from '../src/index';
import { API_URL, ana } from './support/fixtures';
import { statusIs, useSocketSetup } from './support/socket-client';
import { until } from './support/socket-server';
import { useApiServer } from './support/test-client';

// Issue 25: message requests in the chat list store (docs/protocol.md "Message requests").

const api = useApiServer();
const setup = useSocketSetup(api);
const SENT_AT = '2026-11-22T01:00:00.000Z';

const person = (id: number, username: string, extra: Partial<ChatListUser> = {}) =>
  ({
    id,
    username,
    profile_image: null,
    first_name: null,
    last_name: null,
    followers_count: 0,
    last_message: 'hi',
    last_message_time: SENT_AT,
    language: 'English',
    voice_output_enabled: true,
    mute_sounds: false,
    ...extra,
  }) satisfies ChatListUser;

function serve(rows: ChatListUser[]) {
  api.use(
    http.get(`${API_URL}/chatmessage/chats/`, () => HttpResponse.json(rows)),
    http.get(`${API_URL}/chatmessage/user/group/`, () => HttpResponse.json([])),
  );
}

const entries = () =>
  chatListEntries(ana.id, setup.client.chatList.state, setup.client.chat.state.rooms);
const names = (tab: 'all' | 'private' | 'group' | 'requests') =>
  filterChatList(entries(), tab, '').map((entry) => entry.name);

describe('message requests in the chat list', () => {
  it('lists incoming requests only under Requests, and outgoing ones with their allowance', async () => {
    serve([
      person(2, 'bo', { request: 'incoming' }),
      person(3, 'carmen', { request: 'outgoing', request_remaining: 2 }),
      person(4, 'dmitri'),
    ]);
    await setup.client.chatList.load();
    expect(names('requests')).toEqual(['bo']);
    expect(names('all')).toEqual(['carmen', 'dmitri']);
    expect(names('private')).toEqual(['carmen', 'dmitri']);
    const carmen = entries().find((entry) => entry.name === 'carmen');
    expect(carmen).toMatchObject({ request: 'outgoing', requestRemaining: 2 });
    expect(entries().find((entry) => entry.name === 'dmitri')?.request).toBeUndefined();
  });

  it('accepts and deletes through the server, then updates the list', async () => {
    serve([person(2, 'bo', { request: 'incoming' }), person(3, 'carmen', { request: 'incoming' })]);
    const bodies: Record<string, unknown>[] = [];
    api.use(
      http.post(`${API_URL}${MESSAGE_REQUEST_PATHS.accept}`, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        return HttpResponse.json({ room_name: body.room_name, state: 'accepted' });
      }),
      http.post(`${API_URL}${MESSAGE_REQUEST_PATHS.delete}`, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        return HttpResponse.json({ room_name: body.room_name, state: 'deleted' });
      }),
    );
    const list = setup.client.chatList;
    await list.load();
    await list.acceptRequest('private-1-2');
    expect(names('all')).toEqual(['bo']);
    expect(names('requests')).toEqual(['carmen']);
    await list.deleteRequest('private-1-3');
    expect(names('requests')).toEqual([]);
    expect(entries().map((entry) => entry.name)).toEqual(['bo']);
    expect(bodies).toEqual([{ room_name: 'private-1-2' }, { room_name: 'private-1-3' }]);
  });

  it('leaves the row as it was when the server refuses the decision', async () => {
    serve([person(2, 'bo', { request: 'incoming' })]);
    api.use(
      http.post(`${API_URL}${MESSAGE_REQUEST_PATHS.accept}`, () =>
        HttpResponse.json({ detail: 'Only the person who received…' }, { status: 403 }),
      ),
    );
    await setup.client.chatList.load();
    await expect(setup.client.chatList.acceptRequest('private-1-2')).rejects.toMatchObject({
      status: 403,
    });
    expect(names('requests')).toEqual(['bo']);
  });

  it('counts my sends against the allowance; the refusal keeps the message, failed with its reason', async () => {
    serve([person(2, 'bo', { request: 'outgoing', request_remaining: 1 })]);
    await setup.client.chatList.load();
    setup.client.socket.connect();
    const connection = await setup.server.connection(1);
    await statusIs(setup.client, 'open');
    const chatFrames = () =>
      connection.frames.filter(
        (frame): frame is ChatMessageSendFrame => frame.type === 'chat_message',
      );
    const first = setup.client.chat.sendMessage({ roomName: 'private-1-2', text: 'third' });
    await until(() => chatFrames().length === 1);
    const echo: ChatMessage = {
      id: 30,
      client_id: first,
      room_name: 'private-1-2',
      sender_id: ana.id,
      sender_username: ana.username,
      sender_profile_image: null,
      message: 'third',
      original_message: 'third',
      original_language: 'en',
      file_type: 'text',
      file_url: null,
      file_name: null,
      audio_url: null,
      transcript: null,
      timestamp: '2026-11-22T01:05:00.000Z',
    };
    connection.send({ type: 'chat_message', ...echo });
    await until(() => entries()[0]?.requestRemaining === 0);

    const fourth = setup.client.chat.sendMessage({ roomName: 'private-1-2', text: 'fourth' });
    await until(() => chatFrames().length === 2);
    connection.send({
      type: 'error',
      code: 'request_pending',
      detail: 'You can send more messages once they accept your message request.',
      client_id: fourth,
    });
    const room = () => setup.client.chat.state.rooms['private-1-2']?.messages ?? [];
    await until(() => room().some((m) => m.client_id === fourth && m.status === 'failed'));
    expect(room().find((m) => m.client_id === fourth)).toMatchObject({
      message: 'fourth',
      error: { code: 'request_pending' },
    });
    expect(entries()[0]).toMatchObject({ request: 'outgoing', requestRemaining: 0 });

    // Their answer makes it an ordinary chat.
    connection.send({
      type: 'chat_message',
      ...echo,
      id: 31,
      client_id: 'theirs',
      sender_id: 2,
      sender_username: 'bo',
      message: 'hey',
      timestamp: '2026-11-22T01:06:00.000Z',
    });
    await until(() => entries()[0]?.request === undefined);
    expect(entries()[0]?.requestRemaining).toBeUndefined();
  });

  it('reloads the list once when a private chat it does not hold gets a message', async () => {
    let rows: ChatListUser[] = [];
    let calls = 0;
    api.use(
      http.get(`${API_URL}/chatmessage/chats/`, () => {
        calls += 1;
        return HttpResponse.json(rows);
      }),
      http.get(`${API_URL}/chatmessage/user/group/`, () => HttpResponse.json([])),
    );
    await setup.client.chatList.load();
    setup.client.socket.connect();
    const connection = await setup.server.connection(1);
    await statusIs(setup.client, 'open');
    rows = [person(5, 'eve', { request: 'incoming' })];
    const frame = {
      type: 'chat_message',
      id: 50,
      client_id: 'eve-1',
      room_name: 'private-1-5',
      sender_id: 5,
      sender_username: 'eve',
      sender_profile_image: null,
      message: 'hi, stranger here',
      original_message: 'hi, stranger here',
      original_language: 'en',
      file_type: 'text',
      file_url: null,
      file_name: null,
      audio_url: null,
      transcript: null,
      timestamp: SENT_AT,
    } as const;
    connection.send(frame);
    await until(() => names('requests').includes('eve'));
    connection.send({ ...frame, id: 51, client_id: 'eve-2' });
    await connection.roundTrip();
    expect(calls).toBe(2);
  });

  it('changes nothing against a backend that sends no request field', async () => {
    serve([person(2, 'bo'), person(3, 'carmen')]);
    await setup.client.chatList.load();
    expect(names('all')).toEqual(['bo', 'carmen']);
    expect(names('requests')).toEqual([]);
    expect(entries().every((entry) => !('request' in entry))).toBe(true);
  });
});
