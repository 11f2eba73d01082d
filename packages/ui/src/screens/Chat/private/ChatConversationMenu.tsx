import type { ChatListEntry } from '@parley/chat-sdk';
import { ConversationMenu } from '../../../components/ConversationMenu/ConversationMenu';
import { useToast } from '../../../components/Toast/ToastProvider';
import { useParleyClient } from '../../../context/ParleyProvider';
import { ROUTES, UI_STRINGS } from '../../../strings';

/**
 * The open private chat's More actions: their profile, Report (the screen's dialog) and Block,
 * confirmed with a toast. The screen shows it for private chats only (a group has no menu).
 */
export function ChatConversationMenu({
  user,
  onReport,
  onBlocked,
}: {
  user: NonNullable<ChatListEntry['user']>;
  onReport: () => void;
  /** They were blocked: the screen closes their chat. */
  onBlocked: () => void;
}) {
  const client = useParleyClient();
  const toast = useToast();
  return (
    <ConversationMenu
      profileHref={ROUTES.profile(user.username)}
      onReport={onReport}
      onBlock={() => {
        client.api.connections.block(user.id).then(
          () => {
            toast.show({ message: UI_STRINGS.profile.blocked(user.username), tone: 'info' });
            // Their chat leaves the list until they are unblocked (Settings).
            onBlocked();
            void client.chatList.load();
          },
          () => toast.show({ message: UI_STRINGS.profile.actionFailed, tone: 'error' }),
        );
      }}
    />
  );
}
