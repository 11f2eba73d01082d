import { ChatScreen } from '@parley/ui';

/** The dashboard's /groups tile: the chat screen on its Group tab. */
export function GroupsRoute() {
  return <ChatScreen defaultTab="group" />;
}
