import { type ReactNode, useEffect, useRef } from 'react';
import * as css from './InfiniteList.css';

export interface InfiniteListProps {
  /** The rows, already rendered (each an <li>). */
  children?: ReactNode;
  /** Accessible name of the list. */
  label: string;
  count: number;
  loading?: boolean;
  hasMore?: boolean;
  error?: string | null;
  /** Shown when there are no rows and nothing is loading. */
  emptyText: string;
  /** Read out while a page loads (the spinner's name). */
  loadingText: string;
  /** Shown under the last row when there is nothing more (optional). */
  endText?: string;
  onLoadMore: () => void;
  /** Scroll inside this box (default) or with the page. */
  scroll?: 'self' | 'page';
  /** 'grid' lays rows out as cards, 'tiles' as small square tiles (a profile's posts). */
  layout?: 'list' | 'grid' | 'tiles';
}

const LAYOUTS = { list: css.list, grid: css.grid, tiles: css.tiles } as const;

/**
 * A list that asks for its next page when an end sentinel scrolls into view (spec §9), with a
 * spinner while loading, and its empty and error states.
 */
export function InfiniteList({
  children,
  label,
  count,
  loading = false,
  hasMore = false,
  error,
  emptyText,
  loadingText,
  endText,
  onLoadMore,
  scroll = 'self',
  layout = 'list',
}: InfiniteListProps) {
  const scrollerRef = useRef<HTMLDivElement>(null);
  const sentinelRef = useRef<HTMLDivElement>(null);
  const onLoadMoreRef = useRef(onLoadMore);
  onLoadMoreRef.current = onLoadMore;
  const canLoad = hasMore && !loading && !error;

  // A new observer after each page: a sentinel still in view asks for the next one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: count re-arms the observer
  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel || !canLoad) return;
    const observer = new IntersectionObserver(
      (records) => {
        if (records.some((r) => r.isIntersecting)) onLoadMoreRef.current();
      },
      { root: scroll === 'self' ? scrollerRef.current : null, rootMargin: '0px 0px 200px 0px' },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [canLoad, count, scroll]);

  return (
    <div ref={scrollerRef} className={scroll === 'self' ? css.scroller : undefined}>
      {count > 0 ? (
        <ul className={LAYOUTS[layout]} aria-label={label}>
          {children}
        </ul>
      ) : null}
      {error ? (
        <p className={css.error} role="alert">
          {error}
        </p>
      ) : loading ? (
        <div className={css.loading} role="status">
          <span className={css.spinner} aria-hidden="true" />
          <span>{loadingText}</span>
        </div>
      ) : count === 0 ? (
        <p className={css.note}>{emptyText}</p>
      ) : !hasMore && endText ? (
        <p className={css.note}>{endText}</p>
      ) : null}
      {canLoad ? <div ref={sentinelRef} className={css.sentinel} data-testid="list-end" /> : null}
    </div>
  );
}
