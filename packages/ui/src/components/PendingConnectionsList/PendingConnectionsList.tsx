import type { ConnectionListItem } from '@parley/chat-sdk';
import { UI_STRINGS } from '../../strings';
import { InfiniteList } from '../InfiniteList/InfiniteList';
import { PendingRequestRow } from '../PendingRequestRow/PendingRequestRow';
import { SearchBox } from '../SearchBox/SearchBox';
import * as css from './PendingConnectionsList.css';

const S = UI_STRINGS.notificationsScreen;

export interface PendingConnectionsListProps {
  requests: readonly Readonly<ConnectionListItem>[];
  loading?: boolean;
  hasMore?: boolean;
  error?: string | null;
  /** The query in effect ('' for none), to say "no matches" rather than "no requests". */
  query?: string;
  /** Debounced (300 ms) and trimmed: search by username on the server. */
  onQueryChange: (query: string) => void;
  onLoadMore: () => void;
  onApprove: (user: Readonly<ConnectionListItem>) => void;
  onReject: (user: Readonly<ConnectionListItem>) => void;
  /** Ids whose approve / reject is in flight. */
  busyIds?: readonly number[];
}

/** The pending-connections list (spec §2): 'Search requests...' and an infinite list of requests. */
export function PendingConnectionsList({
  requests,
  loading,
  hasMore,
  error,
  query = '',
  onQueryChange,
  onLoadMore,
  onApprove,
  onReject,
  busyIds = [],
}: PendingConnectionsListProps) {
  return (
    <div className={css.wrapper}>
      <SearchBox label={S.searchLabel} placeholder={S.searchPlaceholder} onSearch={onQueryChange} />
      <InfiniteList
        label={S.listLabel}
        count={requests.length}
        loading={loading}
        hasMore={hasMore}
        error={error}
        emptyText={query ? S.noMatches : S.empty}
        loadingText={S.loadingMore}
        onLoadMore={onLoadMore}
      >
        {requests.map((user) => (
          <li key={user.id}>
            <PendingRequestRow
              user={user}
              busy={busyIds.includes(user.id)}
              onApprove={() => onApprove(user)}
              onReject={() => onReject(user)}
            />
          </li>
        ))}
      </InfiniteList>
    </div>
  );
}
