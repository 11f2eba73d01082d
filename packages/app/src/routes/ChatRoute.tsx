import type { ChatListUser, UserSummary } from '@parley/chat-sdk';
import { ChatScreen } from '@parley/ui';
import { useRouter, useRouterState } from '@tanstack/react-router';
import type { ChatSearch } from '../chatSearch';

declare module '@tanstack/react-router' {
  interface HistoryState {
    /** Spec §2: the chat screen opens a private room with a user passed in navigation state. */
    chatUser?: ChatListUser | UserSummary;
    /** The open chat was chosen from the list (so the phone's back button is the browser's). */
    fromChatList?: boolean;
  }
}

export function ChatRoute() {
  const router = useRouter();
  const chatUser = useRouterState({ select: (state) => state.location.state.chatUser });
  const room = useRouterState({
    select: (state) => (state.location.search as ChatSearch).room ?? null,
  });
  const fromChatList = useRouterState({
    select: (state) => state.location.state.fromChatList === true,
  });
  const pathname = useRouterState({ select: (state) => state.location.pathname });

  return (
    <ChatScreen
      chatUser={chatUser}
      openKey={room}
      onOpenKeyChange={(key, from) => {
        if (key === null) {
          // The list was the previous entry: going back is what the browser's back would do.
          if (fromChatList) router.history.back();
          else void router.navigate({ to: pathname, search: {}, replace: true });
          return;
        }
        void router.navigate({
          to: pathname,
          search: { room: key },
          // From the list: a new entry, so the back gesture returns to the list. Another chat, or
          // the user handed over in navigation state, replaces the entry.
          replace: from === 'chat' || chatUser !== undefined,
          state: (prev) => ({
            ...prev,
            chatUser: undefined,
            fromChatList: chatUser === undefined && (from === 'list' || prev.fromChatList === true),
          }),
        });
      }}
    />
  );
}
