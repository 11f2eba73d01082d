import { type ChatListEntry, type ChatMuteDuration, isChatMuted } from '@parley/chat-sdk';
import { ConversationMenu } from '../../../components/ConversationMenu/ConversationMenu';
import { useToast } from '../../../components/Toast/ToastProvider';
import { useParleyClient } from '../../../context/ParleyProvider';
import { ROUTES, UI_STRINGS } from '../../../strings';

/**
 * The open chat's More actions: for a private chat their profile, Report (the screen's dialog) and
 * Block, confirmed with a toast; for any chat whose list row says the backend mutes chats
 * (`muted_until` present, issue 25), Mute / Unmute notifications. Null when there is nothing to
 * offer (a group on a spec-only backend).
 */
export function ChatConversationMenu({
  entry,
  onReport,
  onBlocked,
}: {
  entry: ChatListEntry;
  onReport: () => void;
  /** They were blocked: the screen closes their chat. */
  onBlocked: () => void;
}) {
  const client = useParleyClient();
  const toast = useToast();
  const user = entry.kind === 'private' ? entry.user : undefined;
  const canMute = entry.mutedUntil !== undefined;
  if (!user && !canMute) return null;
  const changeMute = (duration: ChatMuteDuration) => {
    client.chatList.mute(entry.key, duration).then(
      () =>
        toast.show({
          message: duration === 'off' ? UI_STRINGS.mute.unmutedToast : UI_STRINGS.mute.mutedToast,
          tone: 'info',
        }),
      () => toast.show({ message: UI_STRINGS.mute.failed, tone: 'error' }),
    );
  };
  return (
    <ConversationMenu
      {...(canMute ? { mute: { muted: isChatMuted(entry.mutedUntil), onChange: changeMute } } : {})}
      {...(user
        ? {
            profileHref: ROUTES.profile(user.username),
            onReport,
            onBlock: () => {
              client.api.connections.block(user.id).then(
                () => {
                  toast.show({ message: UI_STRINGS.profile.blocked(user.username), tone: 'info' });
                  // Their chat leaves the list until they are unblocked (Settings).
                  onBlocked();
                  void client.chatList.load();
                },
                () => toast.show({ message: UI_STRINGS.profile.actionFailed, tone: 'error' }),
              );
            },
          }
        : {})}
    />
  );
}
