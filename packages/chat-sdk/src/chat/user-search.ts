import type { AccountsApi } from '../accounts-api';
import type { UserSummary } from '../protocol';
import { createPagedList, type PagedListState } from './paged-list';

/** Search All Users' state: `items` are the users found so far (deduped by id). */
export type UserSearchState = PagedListState<UserSummary>;

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
 * framework can bind: `createUserSearch(client.api.accounts)`. The paging rules are
 * `createPagedList`'s, keyed by user id.
 */
export function createUserSearch(accounts: Pick<AccountsApi, 'users'>): UserSearch {
  const list = createPagedList<UserSummary>(
    (query) => {
      const trimmed = query.trim();
      return accounts.users(trimmed ? { search: trimmed } : {});
    },
    (user) => user.id,
  );
  return {
    state: list.state,
    search: (query) => list.restart(query),
    loadMore: list.loadMore,
    dispose: list.dispose,
  };
}
