import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  ApiError,
  type ChatMessage,
  createMessageSearch,
  loadHistoryUntil,
  type MessageSearchResult,
} from '../src/index';
import { API_URL, ana, persistedValue } from './support/fixtures';
import { createTestClient, csrfHandler, useApiServer } from './support/test-client';

const server = useApiServer();

function hit(id: number, text = 'Tengo un perro'): MessageSearchResult {
  const message: ChatMessage = {
    id,
    client_id: null,
    room_name: 'private-1-2',
    sender_id: 2,
    sender_username: 'ana',
    sender_profile_image: null,
    message: text,
    original_message: 'I have a dog',
    original_language: 'en',
    translated: true,
    file_type: 'text',
    file_url: null,
    file_name: null,
    audio_url: null,
    transcript: null,
    timestamp: '2026-11-26T10:00:00.000Z',
  };
  return {
    message,
    room: { room_name: 'private-1-2', kind: 'private', name: 'ana', image: null },
    match: { text, ranges: [{ start: 9, end: 14 }], in_original: false },
  };
}

async function signedInClient() {
  const { client } = createTestClient({ stored: { 'persist:root': persistedValue('tok', ana) } });
  await client.ready;
  return client;
}

describe('api.chat.searchMessages', () => {
  it('sends q, room_name and cursor with the bearer token and answers the page', async () => {
    const seen: { params: string; auth: string | null }[] = [];
    server.use(
      csrfHandler(),
      http.get(`${API_URL}/chatmessage/search/`, ({ request }) => {
        seen.push({
          params: new URL(request.url).search,
          auth: request.headers.get('Authorization'),
        });
        return HttpResponse.json({ results: [hit(7)], next_cursor: null });
      }),
    );
    const parley = await signedInClient();
    const page = await parley.api.chat.searchMessages({
      q: 'perro grande',
      roomName: 'private-1-2',
      cursor: 'bTc',
    });
    expect(page.results.map((r) => r.message.id)).toEqual([7]);
    expect(seen).toEqual([
      { params: '?q=perro+grande&room_name=private-1-2&cursor=bTc', auth: 'Bearer tok' },
    ]);
  });

  it('asks history for a page reaching back to a message with around', async () => {
    let params = '';
    server.use(
      csrfHandler(),
      http.get(`${API_URL}/chatmessage/history/`, ({ request }) => {
        params = new URL(request.url).search;
        return HttpResponse.json({ results: [], has_more: false });
      }),
    );
    const parley = await signedInClient();
    await parley.api.chat.history({ roomName: 'private-1-2', before: 90, around: 12 });
    expect(params).toBe('?room_name=private-1-2&before=90&around=12');
  });
});

describe('createMessageSearch', () => {
  it('pages with the cursor, drops a superseded answer and reports a failure', async () => {
    const asked: string[] = [];
    let releaseSlow: () => void = () => {};
    const search = createMessageSearch({
      async searchMessages({ q, cursor, signal }) {
        asked.push(`${q}:${cursor ?? ''}`);
        if (q === 'slow') {
          await new Promise<void>((resolve) => {
            releaseSlow = resolve;
          });
          signal?.throwIfAborted();
          return { results: [hit(99)], next_cursor: null };
        }
        if (q === 'broken') throw new Error('500');
        if (q === 'gone') throw new ApiError(404, { detail: 'Not found.' });
        return cursor
          ? { results: [hit(3), hit(2)], next_cursor: null }
          : { results: [hit(5), hit(3)], next_cursor: 'next' };
      },
    });
    expect(search.state.status).toBe('idle');
    search.search('slow');
    expect(search.state.status).toBe('loading');
    search.search('  perro ');
    releaseSlow();
    await expect.poll(() => search.state.status).toBe('done');
    expect(search.state.query).toBe('perro');
    expect(search.state.results.map((r) => r.message.id)).toEqual([5, 3]);
    expect(search.state.hasMore).toBe(true);
    await search.loadMore();
    expect(search.state.results.map((r) => r.message.id)).toEqual([5, 3, 2]);
    expect(search.state.hasMore).toBe(false);
    expect(asked).toEqual(['slow:', 'perro:', 'perro:next']);

    search.search('broken');
    await expect.poll(() => search.state.status).toBe('failed');
    search.search('gone');
    await expect.poll(() => search.state.status).toBe('unavailable');
    search.search('');
    expect(search.state).toMatchObject({ status: 'idle', results: [], query: '' });
  });
});

describe('loadHistoryUntil', () => {
  function fakeStore(pages: number[][], hasMore: boolean[]) {
    const calls: (number | undefined)[] = [];
    const store = {
      state: {
        rooms: {} as Record<string, { messages: { id: number | null }[]; hasMore: boolean }>,
      },
      async loadOlder(roomName: string, options?: { around?: number }) {
        calls.push(options?.around);
        const page = pages.shift() ?? [];
        const room = store.state.rooms[roomName] ?? { messages: [], hasMore: true };
        room.messages = [...page.map((id) => ({ id })), ...room.messages];
        room.hasMore = hasMore.shift() ?? false;
        store.state.rooms[roomName] = room;
      },
    };
    return { store, calls };
  }

  it('loads older pages (around the message) until it is there', async () => {
    const { store, calls } = fakeStore(
      [
        [90, 91],
        [40, 41],
      ],
      [true, true],
    );
    store.state.rooms.r = { messages: [{ id: 100 }], hasMore: true };
    await expect(loadHistoryUntil(store, 'r', 41)).resolves.toBe(true);
    expect(calls).toEqual([41, 41]);
  });

  it('gives up when the history ends without it (the conversation just opens)', async () => {
    const { store } = fakeStore([[1, 2]], [false]);
    store.state.rooms.r = { messages: [{ id: 100 }], hasMore: true };
    await expect(loadHistoryUntil(store, 'r', 50)).resolves.toBe(false);
  });
});
