import { createPagedList } from '@parley/chat-sdk';
import { useEffect, useMemo, useRef } from 'react';
import { useSdkState } from '../../context/ParleyProvider';

export interface PagedListState<T> {
  items: T[];
  loading: boolean;
  hasMore: boolean;
  error: string | null;
  /** Starts over with a query ('' for all). */
  restart: (query?: string) => void;
  /** Fetches the next page (the end sentinel calls it). */
  loadMore: () => void;
  /** Drops items, e.g. a request approved or rejected. */
  remove: (predicate: (item: T) => boolean) => void;
}

/**
 * Binds the sdk's `createPagedList` (restart per query, superseded answers dropped, de-duplication
 * by `keyOf` — the rules live in the sdk for non-React partners too) to a screen.
 */
export function usePagedList<T>(
  open: (query: string) => AsyncIterator<T[]>,
  keyOf: (item: T) => string | number,
  failedMessage: string,
  { autoStart = true }: { autoStart?: boolean } = {},
): PagedListState<T> {
  const openRef = useRef(open);
  openRef.current = open;
  const keyRef = useRef(keyOf);
  keyRef.current = keyOf;
  // biome-ignore lint/correctness/useExhaustiveDependencies: one list per mount; restart() starts over
  const list = useMemo(
    () =>
      createPagedList<T>(
        (query) => openRef.current(query),
        (item) => keyRef.current(item),
        { loading: autoStart },
      ),
    [],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: starts once; restart() starts over
  useEffect(() => {
    if (autoStart) list.restart('');
    return () => list.dispose();
  }, []);
  const state = useSdkState(list.state);
  return useMemo(
    () => ({
      items: state.items as T[],
      loading: state.loading,
      hasMore: state.hasMore,
      error: state.failed ? failedMessage : null,
      restart: list.restart,
      loadMore: () => void list.loadMore(),
      remove: list.remove,
    }),
    [state, failedMessage, list],
  );
}
