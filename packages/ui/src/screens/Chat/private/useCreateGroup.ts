import type { ConnectionListItem, ParleyClient } from '@parley/chat-sdk';
import { useCallback, useState } from 'react';
import { UI_STRINGS } from '../../../strings';
import { type PagedListState, usePagedList } from '../../private/usePagedList';

export interface CreateGroupState {
  /** The create-group modal is showing. */
  isOpen: boolean;
  /** The sidebar's Create Groups: loads the accepted connections afresh and opens the modal. */
  open: () => void;
  close: () => void;
  /** The accepted connections the group's members are chosen from (loaded only when opened). */
  connections: PagedListState<Readonly<ConnectionListItem>>;
  /** Creates the group; the new group appears in the sidebar at once. */
  create: (values: { name: string; userIds: number[]; image: File | null }) => Promise<void>;
}

/** The chat screen's Create Groups: the modal's state, its connection list and the create call. */
export function useCreateGroup(client: ParleyClient): CreateGroupState {
  const [isOpen, setIsOpen] = useState(false);
  const openAccepted = useCallback(
    (search: string) => client.api.connections.accepted(search ? { search } : {}),
    [client],
  );
  const connections = usePagedList(openAccepted, (u) => u.id, UI_STRINGS.createGroup.loadFailed, {
    autoStart: false,
  });
  return {
    isOpen,
    open: () => {
      connections.restart('');
      setIsOpen(true);
    },
    close: () => setIsOpen(false),
    connections,
    create: async ({ name, userIds, image }) => {
      const group = await client.api.chat.createGroup({
        name,
        userIds,
        ...(image ? { image } : {}),
      });
      client.chatList.addGroup(group);
    },
  };
}
