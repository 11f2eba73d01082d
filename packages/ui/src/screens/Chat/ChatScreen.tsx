import {
  type ChatListUser,
  groupUserObjects,
  type RecorderEnvironment,
  rememberPreviousChatUrl,
  type UserSummary,
} from '@parley/chat-sdk';
import { useCallback, useEffect, useMemo } from 'react';
import type { ChatTab } from '../../components/SidebarTabs/SidebarTabs';
import { useToast } from '../../components/Toast/ToastProvider';
import { useParleyClient, useSdkState, useSession } from '../../context/ParleyProvider';
import { UI_STRINGS } from '../../strings';
import { ChatView } from './ChatView';
import { ChatConversationMenu } from './private/ChatConversationMenu';
import { ChatCreateGroup } from './private/ChatCreateGroup';
import { ChatReportDialog } from './private/ChatReportDialog';
import { messageRequestPanel } from './private/messageRequestPanel';
import { roomComposerProps } from './private/roomComposerProps';
import { roomMessageActions } from './private/roomMessageActions';
import { translationNoticeFor } from './private/translationNotice';
import { useChatNotices } from './private/useChatNotices';
import { useCreateGroup } from './private/useCreateGroup';
import { useOpenRoom } from './private/useOpenRoom';
import { useReportDialog } from './private/useReportDialog';
import { useRoomReactionsAndReceipts } from './private/useRoomReactionsAndReceipts';
import { useCallsEnabled, useServerCapabilities } from './private/useServerCapabilities';
import { useVoiceOutput } from './private/useVoiceOutput';
import { useMessageSearch } from './useMessageSearch';
import { useUserSearch } from './useUserSearch';

export interface ChatScreenProps {
  /** Open the private chat with this user (the app passes navigation state's chatUser). */
  chatUser?: ChatListUser | UserSummary;
  /** "Now" for the date display; fixed in stories. */
  now?: Date;
  /** Called with '/settings', '/groups' or '/notifications' instead of following those links. */
  onNavigate?: (path: string) => void;
  /**
   * Pending connection requests for the Notifications badge (capped at 99+); by default the sdk's
   * live count (`client.connections.state.pendingCount`).
   */
  notificationCount?: number;
  /** The sidebar's first tab: the dashboard's /groups opens the Group tab. */
  defaultTab?: ChatTab;
  /**
   * The path stored as previousChatUrl before a tier-limit action or plan link is followed;
   * default the browser's location (path, query and hash).
   */
  currentPath?: () => string;
  /** The microphone and MediaRecorder for voice notes; the browser's by default (faked in stories). */
  recorderEnvironment?: RecorderEnvironment;
  /** Voice output and notification sounds (default on; stories turn them off). */
  sounds?: boolean;
  /**
   * The open chat's key (room name), when the app keeps it (e.g. in the URL, so the browser's back
   * returns to the list on phones); the screen keeps its own when omitted.
   */
  openKey?: string | null;
  /**
   * A chat was opened (a key) or closed (null: the phone's back button). `from` says whether the
   * list was showing before (a new history entry then) or another chat was open.
   */
  onOpenKeyChange?: (key: string | null, from: 'list' | 'chat') => void;
}

function browserPath(): string {
  const { pathname, search, hash } = globalThis.location ?? { pathname: '/', search: '', hash: '' };
  return `${pathname}${search}${hash}`;
}

/**
 * The chat screen (route /), connected: keeps the socket connected while shown, loads private chats
 * and groups, opens rooms, sends, and shows the socket's rejection as a toast. Needs ParleyProvider
 * and ToastProvider, and a signed-in session.
 */
export function ChatScreen({
  chatUser,
  now,
  onNavigate,
  notificationCount,
  defaultTab,
  currentPath = browserPath,
  recorderEnvironment,
  sounds = true,
  openKey,
  onOpenKeyChange,
}: ChatScreenProps) {
  const client = useParleyClient();
  const callsEnabled = useCallsEnabled(client);
  const session = useSession();
  const me = session.user;
  const socket = useSdkState(client.socket.state);
  const connections = useSdkState(client.connections.state);
  const createGroup = useCreateGroup(client);
  const report = useReportDialog();
  const toast = useToast();
  const userSearch = useUserSearch(client);

  useEffect(() => client.socket.connect(), [client]);
  // The Notifications badge: loaded now, then kept live by the sdk (and reloaded on reconnect).
  useEffect(() => {
    void client.connections.refreshPendingCount();
  }, [client]);

  const { tierLimit, setTierLimit, upgradeOpen, setUpgradeOpen } = useChatNotices(client, toast);
  const { capabilities, capabilitiesRef } = useServerCapabilities(client);
  useVoiceOutput(client, sounds, capabilitiesRef);

  const myLanguage = me?.language ?? null;
  const checkSpelling = useCallback(
    async (text: string, signal: AbortSignal) => {
      if (!myLanguage) return [];
      const answer = await client.api.corrections.check(text, myLanguage, { signal });
      return answer.supported ? answer.corrections : [];
    },
    [client, myLanguage],
  );

  const meId = me?.id ?? null;
  const { chat, lists, entries, selected, selectedKey, setSelectedKey } = useOpenRoom({
    client,
    meId,
    chatUser,
    openKey,
    onOpenKeyChange,
  });

  const messageSearch = useMessageSearch(client, selectedKey, setSelectedKey);

  const room = selectedKey ? chat.rooms[selectedKey] : undefined;
  const theirLanguage =
    selected?.kind === 'private' && selected.user && 'language' in selected.user
      ? selected.user.language
      : null;
  const translationNotice = translationNoticeFor(capabilities, myLanguage, theirLanguage);
  const composer = roomComposerProps(client, selectedKey, meId, recorderEnvironment);

  const names = useMemo(() => {
    const map = new Map<number, string>();
    if (selected?.user) map.set(selected.user.id, selected.user.username);
    for (const m of selected?.group ? groupUserObjects(selected.group) : []) {
      if (m.username) map.set(m.id, m.username);
    }
    return map;
  }, [selected]);
  // '@' in a group offers its other members (issue 25).
  const mentionCandidates = useMemo(
    () =>
      selected?.group
        ? groupUserObjects(selected.group).flatMap((m) =>
            m.username && m.id !== meId ? [{ user_id: m.id, username: m.username }] : [],
          )
        : undefined,
    [selected, meId],
  );
  const conversationExtras = useRoomReactionsAndReceipts(
    client,
    chat,
    selectedKey,
    meId,
    names,
    selected?.group ?? null,
  );
  const who = (flags: Record<number, boolean> | undefined) =>
    Object.entries(flags ?? {})
      .filter(([, on]) => on)
      .map(([id]) => names.get(Number(id)) ?? UI_STRINGS.chat.someone);

  return (
    <ChatView
      entries={entries}
      listLoading={lists.loading || !lists.loaded}
      listError={lists.failed ? UI_STRINGS.chat.loadFailed : null}
      selected={selected}
      onSelect={(entry) => setSelectedKey(entry.key)}
      onBack={() => setSelectedKey(null)}
      messages={room?.messages ?? []}
      hasMore={room?.hasMore ?? false}
      loadingOlder={room?.loadingOlder ?? false}
      onLoadOlder={() => {
        if (selectedKey) void client.chat.loadOlder(selectedKey);
      }}
      onRetry={(clientId) => client.chat.retry(clientId)}
      {...conversationExtras}
      unread={chat.unread}
      typing={selectedKey ? who(chat.typing[selectedKey]) : []}
      recording={selectedKey ? who(chat.recording[selectedKey]) : []}
      live={selectedKey ? who(chat.live[selectedKey]) : []}
      {...composer}
      messageActions={roomMessageActions(client, selectedKey, myLanguage)}
      mentionCandidates={mentionCandidates}
      showLinkPreviews={me?.link_previews !== false}
      connection={socket}
      notificationCount={notificationCount ?? connections.pendingCount}
      userSearch={userSearch}
      onSelectUser={(user) => {
        if (meId === null) return;
        setSelectedKey(client.chatList.openWith(user));
      }}
      onNavigate={onNavigate}
      chatTheme={me?.chat_theme}
      now={now}
      translationNotice={translationNotice}
      checkSpelling={checkSpelling}
      autoCorrect={me?.auto_correct ?? false}
      onAutoCorrectChange={(on) => {
        void client.session.setAutoCorrect(on);
      }}
      onCall={
        callsEnabled && selected?.kind === 'private' && selected.user
          ? (callType) => {
              const user = selected.user;
              if (!user) return;
              client.calls.call(
                {
                  id: user.id,
                  username: user.username,
                  profile_image: user.profile_image ?? null,
                },
                callType,
              );
            }
          : undefined
      }
      tierLimit={tierLimit}
      onDismissTierLimit={() => setTierLimit(null)}
      upgradeOpen={upgradeOpen}
      onDismissUpgrade={() => setUpgradeOpen(false)}
      onLeaveForPlan={() => {
        void rememberPreviousChatUrl(currentPath());
        setTierLimit(null);
        setUpgradeOpen(false);
      }}
      onCreateGroup={createGroup.open}
      defaultTab={defaultTab}
      messageRequest={messageRequestPanel(client, selected, toast, () => setSelectedKey(null))}
      conversationMenu={
        selected ? (
          <ChatConversationMenu
            entry={selected}
            onReport={report.open}
            onBlocked={() => setSelectedKey(null)}
          />
        ) : null
      }
      messageSearch={messageSearch}
      dialogs={
        <>
          <ChatReportDialog
            user={selected?.kind === 'private' ? selected.user : null}
            report={report}
          />
          <ChatCreateGroup group={createGroup} />
        </>
      }
    />
  );
}
