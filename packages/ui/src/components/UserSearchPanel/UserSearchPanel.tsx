import type { UserSummary } from '@parley/chat-sdk';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { UI_STRINGS } from '../../strings';
import { Button } from '../Button/Button';
import { ChatListItem } from '../ChatListItem/ChatListItem';
import { LanguageChips } from '../LanguageChips/LanguageChips';
import { useStableId } from '../private/useStableId';
import { SearchBox } from '../SearchBox/SearchBox';
import * as css from './UserSearchPanel.css';

const S = UI_STRINGS.userSearch;

export interface UserSearchPanelProps {
  /** Users loaded so far (the caller de-duplicates by id). */
  users: readonly Readonly<UserSummary>[];
  loading?: boolean;
  /** More pages exist: the end sentinel asks for the next one when it scrolls into view. */
  hasMore?: boolean;
  error?: string | null;
  /** The debounced, trimmed query (server-side ?search=). */
  onQueryChange: (query: string) => void;
  onLoadMore: () => void;
  onSelect: (user: Readonly<UserSummary>) => void;
  /** Close button and Escape. */
  onClose: () => void;
}

function displayName(user: Readonly<UserSummary>): string {
  return user.username;
}

/**
 * Search All Users (spec §2): a 'Search User' box and an infinitely scrolling list. The list asks
 * for the next page when its end sentinel becomes visible (IntersectionObserver).
 */
export function UserSearchPanel({
  users,
  loading = false,
  hasMore = false,
  error,
  onQueryChange,
  onLoadMore,
  onSelect,
  onClose,
}: UserSearchPanelProps) {
  const titleId = useStableId();
  const scrollerRef = useRef<HTMLDivElement>(null);
  const sentinelRef = useRef<HTMLDivElement>(null);
  const onLoadMoreRef = useRef(onLoadMore);
  onLoadMoreRef.current = onLoadMore;
  const canLoad = hasMore && !loading && !error;

  // A new observer after each page: if the sentinel is still in view, the next page is asked for.
  // biome-ignore lint/correctness/useExhaustiveDependencies: users.length re-arms the observer
  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel || !canLoad) return;
    const observer = new IntersectionObserver(
      (records) => {
        if (records.some((r) => r.isIntersecting)) onLoadMoreRef.current();
      },
      { root: scrollerRef.current, rootMargin: '0px 0px 120px 0px' },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [canLoad, users.length]);

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    }
  }

  return (
    <section className={css.panel} aria-labelledby={titleId} onKeyDown={onKeyDown}>
      <div className={css.header}>
        <h2 id={titleId} className={css.title}>
          {S.title}
        </h2>
        <Button variant="ghost" size="sm" aria-label={S.close} onClick={onClose}>
          <span aria-hidden="true">×</span>
        </Button>
      </div>
      <SearchBox
        label={S.searchLabel}
        placeholder={S.searchPlaceholder}
        onSearch={onQueryChange}
        autoFocus
      />
      <div ref={scrollerRef} className={css.scroller}>
        {users.length > 0 ? (
          <ul className={css.list} aria-label={S.listLabel}>
            {users.map((user) => (
              <li key={user.id}>
                <ChatListItem
                  name={displayName(user)}
                  avatarSrc={user.profile_image}
                  colorKey={user.id}
                  details={<LanguageChips codes={user.languages} />}
                  onSelect={() => onSelect(user)}
                />
              </li>
            ))}
          </ul>
        ) : null}
        {error ? (
          <p className={css.error} role="alert">
            {error}
          </p>
        ) : loading ? (
          <p className={css.note} role="status">
            {S.loading}
          </p>
        ) : users.length === 0 ? (
          <p className={css.note}>{S.noResults}</p>
        ) : null}
        {canLoad ? (
          <div ref={sentinelRef} className={css.sentinel} data-testid="users-end" />
        ) : null}
      </div>
    </section>
  );
}
