import { useCallback, useEffect, useRef, useState } from 'react';

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
 * A list fed page by page by an sdk iterator (`results`/`next`): a new query restarts from the
 * first page, answers of a superseded query are dropped, items are de-duplicated by `keyOf`.
 */
export function usePagedList<T>(
  open: (query: string) => AsyncIterator<T[]>,
  keyOf: (item: T) => string | number,
  failedMessage: string,
  { autoStart = true }: { autoStart?: boolean } = {},
): PagedListState<T> {
  const [items, setItems] = useState<T[]>([]);
  const [loading, setLoading] = useState(autoStart);
  const [hasMore, setHasMore] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useRef<{ pages: AsyncIterator<T[]>; generation: number } | null>(null);
  const busy = useRef(false);
  const generation = useRef(0);
  const openRef = useRef(open);
  openRef.current = open;
  const keyRef = useRef(keyOf);
  keyRef.current = keyOf;

  const loadMore = useCallback(async () => {
    const current = run.current;
    if (!current || busy.current) return;
    busy.current = true;
    setLoading(true);
    const mine = () => current.generation === generation.current;
    try {
      const step = await current.pages.next();
      if (!mine()) return;
      if (step.done) setHasMore(false);
      else {
        setItems((list) => {
          const seen = new Set(list.map((item) => keyRef.current(item)));
          return [...list, ...step.value.filter((item) => !seen.has(keyRef.current(item)))];
        });
        setHasMore(true);
      }
    } catch {
      if (mine()) {
        setError(failedMessage);
        setHasMore(false);
      }
    } finally {
      if (mine()) {
        busy.current = false;
        setLoading(false);
      }
    }
  }, [failedMessage]);

  const restart = useCallback(
    (query = '') => {
      generation.current += 1;
      run.current?.pages.return?.()?.catch(() => {});
      run.current = { pages: openRef.current(query), generation: generation.current };
      busy.current = false;
      setItems([]);
      setError(null);
      setHasMore(true);
      void loadMore();
    },
    [loadMore],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: starts once; restart() starts over
  useEffect(() => {
    if (autoStart) restart('');
    return () => {
      generation.current += 1;
      run.current?.pages.return?.()?.catch(() => {});
    };
  }, []);

  const remove = useCallback((predicate: (item: T) => boolean) => {
    setItems((list) => list.filter((item) => !predicate(item)));
  }, []);

  return { items, loading, hasMore, error, restart, loadMore: () => void loadMore(), remove };
}
