import { proxy } from 'valtio/vanilla';

export interface PagedListState<T> {
  /** Items so far, in server order, each key once. */
  items: T[];
  /** A page is being fetched. */
  loading: boolean;
  /** More pages exist (or the first has not arrived yet). */
  hasMore: boolean;
  /** The last page failed to load; the list keeps what it had. */
  failed: boolean;
}

export interface PagedListStore<T> {
  /** A valtio proxy; bind it with subscribeToState / snapshotOfState. */
  state: PagedListState<T>;
  /** Starts over from the first page of `query` ('' for all); answers to an older query are dropped. */
  restart(query?: string): void;
  /** Fetches the next page; ignored while one is loading or before the first restart. */
  loadMore(): Promise<void>;
  /** Drops items, e.g. a request approved or rejected. */
  remove(predicate: (item: T) => boolean): void;
  /** Stops the current run (closing its page iterator) and ignores answers still in flight. */
  dispose(): void;
}

/**
 * A list fed page by page by an sdk iterator (`results`/`next`), as state any framework can bind:
 * a new query restarts from the first page, answers of a superseded query are dropped, items are
 * de-duplicated by `keyOf` (spec §5 for user search; the same rule for requests and the feed).
 */
export function createPagedList<T>(
  open: (query: string) => AsyncIterator<T[]>,
  keyOf: (item: T) => string | number,
  options: { loading?: boolean } = {},
): PagedListStore<T> {
  const state = proxy<PagedListState<T>>({
    items: [],
    loading: options.loading ?? false,
    hasMore: false,
    failed: false,
  });
  let pages: AsyncIterator<T[]> | null = null;
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
        const seen = new Set(state.items.map(keyOf));
        const fresh: T[] = [];
        for (const item of step.value) {
          const key = keyOf(item);
          if (seen.has(key)) continue;
          seen.add(key);
          fresh.push(item);
        }
        state.items = [...state.items, ...fresh];
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
    restart(query = '') {
      stop();
      pages = open(query);
      state.items = [];
      state.failed = false;
      state.hasMore = true;
      void loadMore();
    },
    loadMore,
    remove(predicate) {
      state.items = state.items.filter((item) => !predicate(item as T));
    },
    dispose: stop,
  };
}
