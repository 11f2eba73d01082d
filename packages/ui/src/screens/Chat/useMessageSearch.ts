import {
  canonicalRoomName,
  createMessageSearch,
  loadHistoryUntil,
  type MessageSearch,
  type ParleyClient,
} from '@parley/chat-sdk';
import { useEffect, useMemo, useState } from 'react';
import { useSdkState } from '../../context/ParleyProvider';
import type { ChatViewMessageSearch, ChatViewSearch } from './ChatView';

function useBound(search: MessageSearch, roomName: () => string | null): ChatViewSearch {
  useEffect(() => () => search.clear(), [search]);
  const state = useSdkState(search.state);
  return {
    query: state.query,
    // The sdk's snapshot is deeply read-only; the view only reads it.
    results: state.results as ChatViewSearch['results'],
    status: state.status,
    hasMore: state.hasMore,
    loadingMore: state.loadingMore,
    onQueryChange: (query) => search.search(query, roomName()),
    onLoadMore: () => void search.loadMore(),
    onRetry: () => search.search(state.query, roomName()),
  };
}

/**
 * Message search for the chat screen: the chat list's (every chat) and the open conversation's,
 * each the sdk's `createMessageSearch` (aborting superseded requests, paging by cursor). Opening a
 * result opens its conversation, loads history back to the message (`loadHistoryUntil`; on a
 * spec-only backend it may not get there, and the conversation simply opens) and jumps to it.
 */
export function useMessageSearch(
  client: ParleyClient,
  selectedKey: string | null,
  openRoom: (key: string) => void,
): ChatViewMessageSearch {
  const everywhere = useMemo(() => createMessageSearch(client.api.chat), [client]);
  const inRoom = useMemo(() => createMessageSearch(client.api.chat), [client]);
  const [jumpTo, setJumpTo] = useState<{ id: number } | null>(null);
  // The conversation's search starts empty in each conversation.
  useEffect(() => {
    if (selectedKey !== inRoom.state.roomName) inRoom.clear();
  }, [inRoom, selectedKey]);
  return {
    chats: useBound(everywhere, () => null),
    conversation: useBound(inRoom, () => selectedKey),
    jumpTo,
    onOpen: (result) => {
      const key = canonicalRoomName(result.room.room_name);
      openRoom(key);
      setJumpTo({ id: result.message.id });
      void loadHistoryUntil(client.chat, key, result.message.id).catch(() => false);
    },
  };
}
