import type { ParleyClient, UserSummary } from '@parley/chat-sdk';
import { useCallback, useEffect, useRef, useState } from 'react';
import { UI_STRINGS } from '../../strings';
import type { ChatViewUserSearch } from './ChatView';

interface Run {
  pages: AsyncIterator<UserSummary[]>;
  generation: number;
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
 * Search All Users over GET /accounts/users/?search= (paged): a new query restarts from the first
 * page; loadMore fetches the next one. Answers of a superseded query are dropped.
 */
export function useUserSearch(client: ParleyClient): ChatViewUserSearch {
  const [users, setUsers] = useState<UserSummary[]>([]);
  const [loading, setLoading] = useState(false);
  const [hasMore, setHasMore] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useRef<Run | null>(null);
  const busy = useRef(false);
  const generation = useRef(0);

  const onLoadMore = useCallback(async () => {
    const current = run.current;
    if (!current || busy.current) return;
    busy.current = true;
    setLoading(true);
    const mine = () => current.generation === generation.current;
    try {
      const step = await current.pages.next();
      if (!mine()) return;
      if (step.done) {
        setHasMore(false);
      } else {
        setUsers((list) => mergeUsers(list, step.value));
        setHasMore(true);
      }
    } catch {
      if (mine()) {
        setError(UI_STRINGS.userSearch.loadFailed);
        setHasMore(false);
      }
    } finally {
      if (mine()) {
        busy.current = false;
        setLoading(false);
      }
    }
  }, []);

  const start = useCallback(
    (query: string) => {
      generation.current += 1;
      run.current?.pages.return?.()?.catch(() => {});
      run.current = {
        pages: client.api.accounts.users(query ? { search: query } : {}),
        generation: generation.current,
      };
      busy.current = false;
      setUsers([]);
      setError(null);
      setHasMore(true);
      void onLoadMore();
    },
    [client, onLoadMore],
  );

  useEffect(
    () => () => {
      generation.current += 1;
      run.current?.pages.return?.()?.catch(() => {});
    },
    [],
  );

  return {
    users,
    loading,
    hasMore,
    error,
    onOpen: () => start(''),
    onQueryChange: start,
    onLoadMore: () => void onLoadMore(),
  };
}
