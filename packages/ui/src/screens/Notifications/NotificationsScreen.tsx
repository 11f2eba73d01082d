import type { ConnectionListItem } from '@parley/chat-sdk';
import { useCallback, useEffect, useState } from 'react';
import { Badge } from '../../components/Badge/Badge';
import { PendingConnectionsList } from '../../components/PendingConnectionsList/PendingConnectionsList';
import { Link } from '../../context/Link';
import { useParleyClient, useSdkState } from '../../context/ParleyProvider';
import { ROUTES, UI_STRINGS } from '../../strings';
import * as page from '../private/SocialPage.css';
import { useBusyIds } from '../private/useBusyIds';
import { usePagedList } from '../private/usePagedList';

const S = UI_STRINGS.notificationsScreen;

/**
 * Notifications (/notifications, spec §2): pending connection requests with search, infinite
 * scroll, approve and reject; requests arriving live join the top. Needs ParleyProvider.
 */
export function NotificationsScreen() {
  const client = useParleyClient();
  const connections = useSdkState(client.connections.state);
  const [query, setQuery] = useState('');
  const { busyIds, whileBusy } = useBusyIds();
  const open = useCallback(
    (search: string) =>
      client.api.connections.pending(search ? { search } : {})[Symbol.asyncIterator](),
    [client],
  );
  const list = usePagedList<ConnectionListItem>(open, (u) => u.id, S.loadFailed);

  // Live connection frames (requests, acceptances) arrive over the socket while this is shown.
  useEffect(() => client.socket.connect(), [client]);

  useEffect(() => {
    void client.connections.refreshPendingCount();
  }, [client]);

  // A request arriving while the list is shown joins it at the top (newest first).
  const { restart } = list;
  useEffect(
    () =>
      client.connections.on('request', (person) => {
        if (
          !person.username ||
          (query && !person.username.toLowerCase().includes(query.toLowerCase()))
        )
          return;
        restart(query);
      }),
    [client, query, restart],
  );

  function act(user: Readonly<ConnectionListItem>, approve: boolean) {
    return whileBusy(user.id, async () => {
      try {
        if (approve) await client.connections.approve(user.id);
        else await client.connections.reject(user.id);
        list.remove((u) => u.id === user.id);
      } catch (error) {
        // Spec §8: approve and reject fail silently (console only); the row stays to try again.
        console.warn('[parley] could not update the connection request', error);
      }
    });
  }

  return (
    <div className={page.page}>
      <header className={page.header}>
        <Link href={ROUTES.home} className={page.link}>
          {UI_STRINGS.social.home}
        </Link>
        <h1 className={page.title}>
          {S.title}{' '}
          <Badge count={connections.pendingCount} label={UI_STRINGS.chat.notificationsBadge} />
        </h1>
      </header>
      <main className={page.main}>
        <div className={page.panel}>
          <PendingConnectionsList
            requests={list.items}
            loading={list.loading}
            hasMore={list.hasMore}
            error={list.error}
            query={query}
            onQueryChange={(next) => {
              setQuery(next);
              list.restart(next);
            }}
            onLoadMore={list.loadMore}
            onApprove={(user) => void act(user, true)}
            onReject={(user) => void act(user, false)}
            busyIds={busyIds}
          />
        </div>
      </main>
    </div>
  );
}
