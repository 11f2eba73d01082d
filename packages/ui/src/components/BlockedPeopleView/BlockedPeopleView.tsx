import type { ConnectionListItem } from '@parley/chat-sdk';
import { UI_STRINGS } from '../../strings';
import { Button } from '../Button/Button';
import { InfiniteList } from '../InfiniteList/InfiniteList';
import { PersonRow } from '../private/PersonRow';
import * as css from './BlockedPeopleView.css';

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
        {people.map((person) => (
          <li key={person.id}>
            <PersonRow person={person}>
              <Button
                size="sm"
                variant="secondary"
                busy={busyIds.includes(person.id)}
                aria-label={S.unblockLabel(person.username)}
                onClick={() => onUnblock(person)}
              >
                {S.unblock}
              </Button>
            </PersonRow>
          </li>
        ))}
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
