import { createUserSearch, type ParleyClient } from '@parley/chat-sdk';
import { useEffect, useMemo } from 'react';
import { useSdkState } from '../../context/ParleyProvider';
import { UI_STRINGS } from '../../strings';
import type { ChatViewUserSearch } from './ChatView';

/** Re-exported from the sdk, where the rule lives (spec §5: the user search list dedupes by id). */
export { mergeUsers } from '@parley/chat-sdk';

/**
 * Search All Users for the chat screen: binds the sdk's `createUserSearch` (paging, dedupe, dropping
 * answers to a superseded query all live there, for non-React partners too) to ChatView's props.
 */
export function useUserSearch(client: ParleyClient): ChatViewUserSearch {
  const search = useMemo(() => createUserSearch(client.api.accounts), [client]);
  useEffect(() => () => search.dispose(), [search]);
  const state = useSdkState(search.state);
  return {
    users: state.items,
    loading: state.loading,
    hasMore: state.hasMore,
    error: state.failed ? UI_STRINGS.userSearch.loadFailed : null,
    onOpen: () => search.search(''),
    onQueryChange: (query) => search.search(query),
    onLoadMore: () => void search.loadMore(),
  };
}
