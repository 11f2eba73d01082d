import type { ChatListEntry, ParleyClient } from '@parley/chat-sdk';
import type { ReactNode } from 'react';
import { MessageRequestBanner } from '../../../components/MessageRequest/MessageRequestBanner';
import { MessageRequestNote } from '../../../components/MessageRequest/MessageRequestNote';
import type { ToastApi } from '../../../components/Toast/ToastProvider';
import { UI_STRINGS } from '../../../strings';

const S = UI_STRINGS.messageRequests;

/**
 * Issue 25: the open chat's message request for ChatView — the receiver's banner (Accept, and
 * Block / Delete after confirming: both close the chat) or the sender's note. Null for any other
 * chat, and always against a backend without message requests.
 */
export function messageRequestPanel(
  client: ParleyClient,
  selected: ChatListEntry | null | undefined,
  toast: ToastApi,
  close: () => void,
): { panel: ReactNode; replacesComposer: boolean } | null {
  if (!selected?.request || !selected.user) return null;
  const { key, name } = selected;
  const user = selected.user;
  if (selected.request === 'outgoing') {
    return {
      panel: <MessageRequestNote name={name} remaining={selected.requestRemaining} />,
      replacesComposer: false,
    };
  }
  const failed = () => {
    toast.show({ message: S.failed, tone: 'error' });
  };
  return {
    replacesComposer: true,
    panel: (
      <MessageRequestBanner
        key={key}
        name={name}
        onAccept={() =>
          client.chatList.acceptRequest(key).then(() => {
            toast.show({ message: S.accepted(name), tone: 'info' });
            // The chat moves from Requests to All; the server tells the sender how far I read.
            void client.chatList.load();
          }, failed)
        }
        onDelete={() =>
          client.chatList.deleteRequest(key).then(() => {
            toast.show({ message: S.deleted, tone: 'info' });
            close();
          }, failed)
        }
        onBlock={() =>
          client.api.connections.block(user.id).then(() => {
            toast.show({ message: UI_STRINGS.profile.blocked(name), tone: 'info' });
            close();
            // Their chat (and so the request) leaves the list until they are unblocked.
            void client.chatList.load();
          }, failed)
        }
      />
    ),
  };
}
