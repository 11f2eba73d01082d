import type { ConnectionListItem } from '@parley/chat-sdk';
import { useCallback, useState } from 'react';
import {
  BlockedPeopleView,
  type BlockedPeopleViewProps,
} from '../../components/BlockedPeopleView/BlockedPeopleView';
import { useParleyClient } from '../../context/ParleyProvider';
import { UI_STRINGS } from '../../strings';
import { useBusyIds } from '../private/useBusyIds';
import { usePagedList } from '../private/usePagedList';

const S = UI_STRINGS.blockedPeople;

/**
 * The blocked-people list connected to the sdk (GET /accounts/blocked/, POST /accounts/unblock/):
 * loads its first page when mounted and the next ones as the end scrolls into view (the sdk's
 * paged list, as every other list here).
 */
export function BlockedPeople() {
  const client = useParleyClient();
  const open = useCallback(() => client.api.connections.blocked(), [client]);
  const list = usePagedList(open, (person) => person.id, S.loadFailed);
  const { busyIds, whileBusy } = useBusyIds();
  const [notice, setNotice] = useState<BlockedPeopleViewProps['notice']>(null);

  function unblock(person: Readonly<ConnectionListItem>) {
    return whileBusy(person.id, async () => {
      try {
        await client.api.connections.unblock(person.id);
        list.remove((item) => item.id === person.id);
        setNotice({ tone: 'info', message: UI_STRINGS.profile.unblocked(person.username) });
      } catch (cause) {
        console.warn('[parley] could not unblock', cause);
        setNotice({ tone: 'error', message: S.unblockFailed(person.username) });
      }
    });
  }

  return (
    <BlockedPeopleView
      people={list.items}
      loading={list.loading}
      hasMore={list.hasMore}
      error={list.error}
      notice={notice}
      busyIds={busyIds}
      onLoadMore={list.loadMore}
      onRetry={() => list.restart('')}
      onUnblock={(person) => void unblock(person)}
    />
  );
}
