import { proxy } from 'valtio/vanilla';
import type { AccountsApi } from '../accounts-api';
import type { UserSummary } from '../protocol';

export interface UserSearchState {
  /** Users found so far, in server order, each once (spec §5: deduped by id). */
  users: UserSummary[];
  /** A page is being fetched. */
  loading: boolean;
  /** More pages exist (or the first has not arrived yet). */
  hasMore: boolean;
  /** The last page failed to load; the list keeps what it had. */
  failed: boolean;
}

export interface UserSearch {
  /** A valtio proxy; bind it with subscribeToState / snapshotOfState. */
  state: UserSearchState;
  /** Starts a search from the first page ('' lists everyone); answers to an older query are dropped. */
  search(query: string): void;
  /** Fetches the next page of the current search; ignored while one is loading or none is left. */
  loadMore(): Promise<void>;
  /** Stops the current search (closing its page iterator) and ignores answers still in flight. */
  dispose(): void;
}

/** Appends the users not already listed (spec §5: the user search list dedupes by id). */
export function mergeUsers(
  current: readonly UserSummary[],
  page: readonly UserSummary[],
): UserSummary[] {
  const seen = new Set(current.map((u) => u.id));
  const merged = [...current];
  for (const user of page) {
    if (seen.has(user.id)) continue;
    seen.add(user.id);
    merged.push(user);
  }
  return merged;
}

/**
 * Search All Users (spec §5) over GET /accounts/users/?search= with its paging, as state any
 * framework can bind: `createUserSearch(client.api.accounts)`.
 */
export function createUserSearch(accounts: Pick<AccountsApi, 'users'>): UserSearch {
  const state = proxy<UserSearchState>({
    users: [],
    loading: false,
    hasMore: false,
    failed: false,
  });
  let pages: AsyncIterator<UserSummary[]> | null = null;
  let generation = 0;
  let busy = false;

  function stop() {
    generation += 1;
    pages?.return?.()?.catch(() => {});
    pages = null;
    busy = false;
  }

  async function loadMore(): Promise<void> {
    const current = pages;
    if (!current || busy) return;
    const mine = generation;
    busy = true;
    state.loading = true;
    try {
      const step = await current.next();
      if (mine !== generation) return;
      if (step.done) {
        state.hasMore = false;
      } else {
        state.users = mergeUsers(state.users, step.value);
        state.hasMore = true;
      }
    } catch {
      if (mine === generation) {
        state.failed = true;
        state.hasMore = false;
      }
    } finally {
      if (mine === generation) {
        busy = false;
        state.loading = false;
      }
    }
  }

  return {
    state,
    search(query) {
      stop();
      const trimmed = query.trim();
      pages = accounts.users(trimmed ? { search: trimmed } : {});
      state.users = [];
      state.failed = false;
      state.hasMore = true;
      void loadMore();
    },
    loadMore,
    dispose: stop,
  };
}
