import type { ChatListUser, UserSummary } from '@parley/chat-sdk';
import { ChatScreen } from '@parley/ui';
import { useRouterState } from '@tanstack/react-router';

declare module '@tanstack/react-router' {
  interface HistoryState {
    /** Spec §2: the chat screen opens a private room with a user passed in navigation state. */
    chatUser?: ChatListUser | UserSummary;
  }
}

export function ChatRoute() {
  const chatUser = useRouterState({ select: (state) => state.location.state.chatUser });
  return <ChatScreen chatUser={chatUser} />;
}
