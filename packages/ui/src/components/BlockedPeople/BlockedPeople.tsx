import type { ConnectionListItem } from '@parley/chat-sdk';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useParleyClient } from '../../context/ParleyProvider';
import { UI_STRINGS } from '../../strings';
import { Avatar } from '../Avatar/Avatar';
import { Button } from '../Button/Button';
import { InfiniteList } from '../InfiniteList/InfiniteList';
import * as row from '../PendingRequestRow/PendingRequestRow.css';
import * as css from './BlockedPeople.css';

const S = UI_STRINGS.blockedPeople;

export interface BlockedPeopleViewProps {
  people: readonly Readonly<ConnectionListItem>[];
  loading?: boolean;
  hasMore?: boolean;
  error?: string | null;
  /** The last unblock's outcome, read out politely (success) or as an alert (failure). */
  notice?: { tone: 'info' | 'error'; message: string } | null;
  /** Ids whose unblock is in flight. */
  busyIds?: readonly number[];
  onLoadMore: () => void;
  onRetry?: () => void;
  onUnblock: (person: Readonly<ConnectionListItem>) => void;
}

/** The people the signed-in person blocked, each with Unblock (Settings). */
export function BlockedPeopleView({
  people,
  loading = false,
  hasMore = false,
  error = null,
  notice = null,
  busyIds = [],
  onLoadMore,
  onRetry,
  onUnblock,
}: BlockedPeopleViewProps) {
  return (
    <div className={css.wrapper}>
      <p className={css.hint}>{S.hint}</p>
      {notice ? (
        <p
          className={notice.tone === 'error' ? css.error : css.notice}
          role={notice.tone === 'error' ? 'alert' : 'status'}
        >
          {notice.message}
        </p>
      ) : null}
      <InfiniteList
        label={S.listLabel}
        count={people.length}
        loading={loading}
        hasMore={hasMore}
        error={error}
        emptyText={S.empty}
        loadingText={S.loading}
        onLoadMore={onLoadMore}
        scroll="page"
      >
        {people.map((person) => {
          const name = [person.first_name, person.last_name].filter(Boolean).join(' ');
          return (
            <li key={person.id}>
              <div className={row.row}>
                <Avatar name={person.username} colorKey={person.id} src={person.profile_image} />
                <div className={row.text}>
                  <span className={row.username} dir="auto">
                    {person.username}
                  </span>
                  {name ? (
                    <span className={row.detail} dir="auto">
                      {name}
                    </span>
                  ) : null}
                </div>
                <div className={row.actions}>
                  <Button
                    size="sm"
                    variant="secondary"
                    busy={busyIds.includes(person.id)}
                    aria-label={S.unblockLabel(person.username)}
                    onClick={() => onUnblock(person)}
                  >
                    {S.unblock}
                  </Button>
                </div>
              </div>
            </li>
          );
        })}
      </InfiniteList>
      {error && onRetry ? (
        <div>
          <Button size="sm" variant="secondary" onClick={onRetry}>
            {S.retry}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/**
 * The blocked-people list connected to the sdk (GET /accounts/blocked/, POST /accounts/unblock/):
 * loads its first page when mounted and the next ones as the end scrolls into view.
 */
export function BlockedPeople() {
  const client = useParleyClient();
  const pages = useRef<AsyncIterator<ConnectionListItem[]> | null>(null);
  const [people, setPeople] = useState<ConnectionListItem[]>([]);
  // Loading from the start: the first page is asked for on mount (no flash of the empty text).
  const [loading, setLoading] = useState(true);
  const [hasMore, setHasMore] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [busyIds, setBusyIds] = useState<number[]>([]);
  const [notice, setNotice] = useState<BlockedPeopleViewProps['notice']>(null);
  const loadingRef = useRef(false);

  const loadMore = useCallback(async () => {
    if (loadingRef.current) return;
    loadingRef.current = true;
    setLoading(true);
    setError(null);
    try {
      pages.current ??= client.api.connections.blocked();
      const step = await pages.current.next();
      if (step.done) setHasMore(false);
      else {
        const seen = new Set<number>();
        setPeople((current) =>
          [...current, ...step.value].filter((p) => !seen.has(p.id) && seen.add(p.id)),
        );
      }
    } catch (cause) {
      console.warn('[parley] could not load blocked people', cause);
      // The failed page is asked for again from the start on retry.
      pages.current = null;
      setPeople([]);
      setError(S.loadFailed);
    } finally {
      loadingRef.current = false;
      setLoading(false);
    }
  }, [client]);

  useEffect(() => {
    void loadMore();
  }, [loadMore]);

  async function unblock(person: Readonly<ConnectionListItem>) {
    setBusyIds((ids) => [...ids, person.id]);
    try {
      await client.api.connections.unblock(person.id);
      setPeople((current) => current.filter((p) => p.id !== person.id));
      setNotice({ tone: 'info', message: UI_STRINGS.profile.unblocked(person.username) });
    } catch (cause) {
      console.warn('[parley] could not unblock', cause);
      setNotice({ tone: 'error', message: S.unblockFailed(person.username) });
    } finally {
      setBusyIds((ids) => ids.filter((id) => id !== person.id));
    }
  }

  return (
    <BlockedPeopleView
      people={people}
      loading={loading}
      hasMore={hasMore && error === null}
      error={error}
      notice={notice}
      busyIds={busyIds}
      onLoadMore={() => void loadMore()}
      onRetry={() => {
        setHasMore(true);
        void loadMore();
      }}
      onUnblock={(person) => void unblock(person)}
    />
  );
}
