import { proxy } from 'valtio/vanilla';
import type { ChatApi } from '../chat-api';
import { ApiError } from '../errors';
import { MESSAGE_SEARCH_LIMITS, type MessageSearchResult } from '../protocol/chat';

/**
 * 'idle': no query; 'loading': the first page is on its way; 'failed': it did not come;
 * 'unavailable': the server has no message search (a spec-only backend answers 404).
 */
export type MessageSearchStatus = 'idle' | 'loading' | 'done' | 'failed' | 'unavailable';

export interface MessageSearchState {
  /** The query the results are for (trimmed). */
  query: string;
  /** Only this room, or all the reader's rooms (null). */
  roomName: string | null;
  results: MessageSearchResult[];
  status: MessageSearchStatus;
  /** A next (older) page is being fetched. */
  loadingMore: boolean;
  /** More (older) hits exist. */
  hasMore: boolean;
}

export interface MessageSearch {
  /** A valtio proxy; bind it with subscribeToState / snapshotOfState. */
  state: MessageSearchState;
  /**
   * Searches from the first page; '' clears. An answer to an older query is dropped (and its
   * request aborted), so it can be called on every keystroke (debounce it in the ui).
   */
  search(query: string, roomName?: string | null): void;
  /** The next (older) page of the current query; ignored while one loads or none is left. */
  loadMore(): Promise<void>;
  /** Clears the results and aborts what is in flight. */
  clear(): void;
}

/**
 * Message search across languages (Parley extension, GET /chatmessage/search/) as state any
 * framework can bind: `createMessageSearch(client.api.chat)`.
 */
export function createMessageSearch(chat: Pick<ChatApi, 'searchMessages'>): MessageSearch {
  const state = proxy<MessageSearchState>({
    query: '',
    roomName: null,
    results: [],
    status: 'idle',
    loadingMore: false,
    hasMore: false,
  });
  let cursor: string | null = null;
  let controller: AbortController | null = null;

  function abort() {
    controller?.abort();
    controller = null;
  }

  async function fetchPage(first: boolean): Promise<void> {
    abort();
    const mine = new AbortController();
    controller = mine;
    try {
      const page = await chat.searchMessages({
        q: state.query,
        ...(state.roomName ? { roomName: state.roomName } : {}),
        ...(!first && cursor ? { cursor } : {}),
        signal: mine.signal,
      });
      if (controller !== mine) return;
      const results = Array.isArray(page?.results) ? page.results : [];
      const seen = new Set(first ? [] : state.results.map((r) => r.message.id));
      const fresh = results.filter((r) => !seen.has(r.message.id));
      state.results = first ? fresh : [...state.results, ...fresh];
      cursor = typeof page?.next_cursor === 'string' ? page.next_cursor : null;
      state.hasMore = cursor !== null;
      state.status = 'done';
    } catch (error) {
      if (controller !== mine) return;
      if (first)
        state.status = error instanceof ApiError && error.status === 404 ? 'unavailable' : 'failed';
      state.hasMore = false;
    } finally {
      if (controller === mine) {
        controller = null;
        state.loadingMore = false;
      }
    }
  }

  return {
    state,
    search(query, roomName = null) {
      const trimmed = query.trim().slice(0, MESSAGE_SEARCH_LIMITS.maxQueryLength);
      state.query = trimmed;
      state.roomName = roomName;
      cursor = null;
      state.hasMore = false;
      state.loadingMore = false;
      if (trimmed === '') {
        abort();
        state.results = [];
        state.status = 'idle';
        return;
      }
      state.status = 'loading';
      void fetchPage(true);
    },
    async loadMore() {
      if (state.status !== 'done' || !state.hasMore || state.loadingMore) return;
      state.loadingMore = true;
      await fetchPage(false);
    },
    clear() {
      abort();
      cursor = null;
      Object.assign(state, {
        query: '',
        roomName: null,
        results: [],
        status: 'idle',
        loadingMore: false,
        hasMore: false,
      });
    },
  };
}

/** The most history requests a jump makes (a spec backend answers 50 messages a page). */
const MAX_JUMP_PAGES = 10;

/**
 * Loads a room's history back to message `messageId` (a search hit) so the list can scroll to
 * it: one page on a Parley server (`around`), up to ten ordinary pages on a spec backend. True
 * when the message is loaded.
 */
export async function loadHistoryUntil(
  store: {
    state: { rooms: Record<string, { messages: { id: number | null }[]; hasMore: boolean }> };
    loadOlder(roomName: string, options?: { around?: number }): Promise<void>;
  },
  roomName: string,
  messageId: number,
): Promise<boolean> {
  const loaded = () => store.state.rooms[roomName]?.messages.some((m) => m.id === messageId);
  for (let page = 0; page < MAX_JUMP_PAGES; page += 1) {
    if (loaded()) return true;
    const room = store.state.rooms[roomName];
    if (room && room.messages.length > 0 && !room.hasMore) return false;
    const before = room?.messages.length ?? 0;
    await store.loadOlder(roomName, { around: messageId });
    if ((store.state.rooms[roomName]?.messages.length ?? 0) === before) break;
  }
  return Boolean(loaded());
}
