import {
  type Capabilities,
  type ChatListUser,
  canTranslate,
  chatListEntries,
  findLanguage,
  groupUserObjects,
  languageNameForCode,
  rememberPreviousChatUrl,
  type TierLimitWarningFrame,
  type UserSummary,
} from '@parley/chat-sdk';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { ConversationMenu } from '../../components/ConversationMenu/ConversationMenu';
import { CreateGroupForm } from '../../components/CreateGroupForm/CreateGroupForm';
import { Modal } from '../../components/Modal/Modal';
import { ReportDialog } from '../../components/ReportDialog/ReportDialog';
import type { ChatTab } from '../../components/SidebarTabs/SidebarTabs';
import { useToast } from '../../components/Toast/ToastProvider';
import { useParleyClient, useSdkState, useSession } from '../../context/ParleyProvider';
import { ROUTES, UI_STRINGS } from '../../strings';
import { usePagedList } from '../private/usePagedList';
import { ChatView } from './ChatView';
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
}

function browserPath(): string {
  const { pathname, search, hash } = globalThis.location ?? { pathname: '/', search: '', hash: '' };
  return `${pathname}${search}${hash}`;
}

/** A language's picker name, whether the server gave a name or an ISO code. */
function languageLabel(language: string): string {
  return findLanguage(language)?.name ?? languageNameForCode(language);
}

/**
 * What the header says when messages of this private chat are not translated (per
 * /meta/capabilities), or null. Same language, unknown capabilities or languages: nothing.
 */
export function translationNoticeFor(
  capabilities: Pick<Capabilities, 'translation'> | null,
  mine: string | null | undefined,
  theirs: string | null | undefined,
): string | null {
  if (!capabilities || !mine || !theirs) return null;
  const toMe = canTranslate(capabilities, theirs, mine);
  const toThem = canTranslate(capabilities, mine, theirs);
  const T = UI_STRINGS.translation;
  if (!toMe && !toThem) return T.pairUnsupported(languageLabel(mine), languageLabel(theirs));
  if (!toMe) return T.directionUnsupported(languageLabel(theirs), languageLabel(mine));
  if (!toThem) return T.directionUnsupported(languageLabel(mine), languageLabel(theirs));
  return null;
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
}: ChatScreenProps) {
  const client = useParleyClient();
  const callsEnabled = useCallsEnabled(client);
  const session = useSession();
  const me = session.user;
  const chat = useSdkState(client.chat.state);
  const socket = useSdkState(client.socket.state);
  const connections = useSdkState(client.connections.state);
  const [createOpen, setCreateOpen] = useState(false);
  const [reportOpen, setReportOpen] = useState(false);
  const openAccepted = useCallback(
    (search: string) => client.api.connections.accepted(search ? { search } : {}),
    [client],
  );
  const accepted = usePagedList(openAccepted, (u) => u.id, UI_STRINGS.createGroup.loadFailed, {
    autoStart: false,
  });
  const toast = useToast();
  const userSearch = useUserSearch(client);
  const lists = useSdkState(client.chatList.state);
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const [capabilities, setCapabilities] = useState<Capabilities | null>(null);
  const [tierLimit, setTierLimit] = useState<TierLimitWarningFrame | null>(null);
  const [upgradeOpen, setUpgradeOpen] = useState(false);

  useEffect(() => client.socket.connect(), [client]);
  // The Notifications badge: loaded now, then kept live by the sdk (and reloaded on reconnect).
  useEffect(() => {
    void client.connections.refreshPendingCount();
  }, [client]);

  useEffect(
    () => client.socket.on('error', (e) => toast.show({ message: e.message, tone: 'error' })),
    [client, toast],
  );

  useEffect(() => {
    const offTier = client.chat.on('tierLimit', (frame) => setTierLimit(frame));
    const offUpgrade = client.chat.on('subscriptionRequired', () => setUpgradeOpen(true));
    return () => {
      offTier();
      offUpgrade();
    };
  }, [client]);

  // What the server can translate, so the header never pretends (asked once per client).
  useEffect(() => {
    let cancelled = false;
    client.api.meta.capabilities().then(
      (answer) => {
        if (!cancelled) setCapabilities(answer);
      },
      () => {
        // Unknown capabilities: say nothing rather than guess.
      },
    );
    return () => {
      cancelled = true;
    };
  }, [client]);

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
  // The sdk keeps the list (and reloads it when a connection is accepted, here or live).
  useEffect(() => {
    if (meId !== null) void client.chatList.load();
  }, [client, meId]);

  // A chatUser from navigation opens that private chat.
  const chatUserId = chatUser?.id ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a different user re-opens
  useEffect(() => {
    if (meId === null || !chatUser) return;
    setSelectedKey(client.chatList.openWith(chatUser));
  }, [meId, chatUserId]);

  const entries = useMemo(
    () => (meId === null ? [] : chatListEntries(meId, lists, chat.rooms)),
    [meId, lists, chat.rooms],
  );

  const selected = entries.find((e) => e.key === selectedKey) ?? null;
  const selectedGroup = selected?.group;

  // Join the open room (the socket rejoins it on every reconnect); leave when the screen goes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the group's members only matter on open
  useEffect(() => {
    if (!selectedKey) return;
    client.chat.openRoom(
      selectedKey,
      selectedGroup ? { groupUsers: groupUserObjects(selectedGroup) } : undefined,
    );
  }, [client, selectedKey]);
  useEffect(() => () => client.chat.leaveRoom(), [client]);

  const room = selectedKey ? chat.rooms[selectedKey] : undefined;
  const theirLanguage =
    selected?.kind === 'private' && selected.user && 'language' in selected.user
      ? selected.user.language
      : null;
  const translationNotice = translationNoticeFor(capabilities, myLanguage, theirLanguage);

  const names = useMemo(() => {
    const map = new Map<number, string>();
    if (selected?.user) map.set(selected.user.id, selected.user.username);
    for (const m of selected?.group ? groupUserObjects(selected.group) : []) {
      if (m.username) map.set(m.id, m.username);
    }
    return map;
  }, [selected]);
  const who = (flags: Record<number, boolean> | undefined) =>
    Object.entries(flags ?? {})
      .filter(([, on]) => on)
      .map(([id]) => names.get(Number(id)) ?? UI_STRINGS.chat.someone);

  return (
    <>
      <ChatView
        entries={entries}
        listLoading={lists.loading || !lists.loaded}
        listError={lists.failed ? UI_STRINGS.chat.loadFailed : null}
        selected={selected}
        onSelect={(entry) => setSelectedKey(entry.key)}
        messages={room?.messages ?? []}
        hasMore={room?.hasMore ?? false}
        loadingOlder={room?.loadingOlder ?? false}
        onLoadOlder={() => {
          if (selectedKey) void client.chat.loadOlder(selectedKey);
        }}
        onRetry={(clientId) => client.chat.retry(clientId)}
        typing={selectedKey ? who(chat.typing[selectedKey]) : []}
        recording={selectedKey ? who(chat.recording[selectedKey]) : []}
        onSend={(text) => {
          if (selectedKey) client.chat.sendMessage({ roomName: selectedKey, text });
        }}
        onTyping={() => {
          if (selectedKey) client.chat.setTyping(selectedKey);
        }}
        onStopTyping={() => {
          if (selectedKey) client.chat.stopTyping(selectedKey);
        }}
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
        onCreateGroup={() => {
          accepted.restart('');
          setCreateOpen(true);
        }}
        defaultTab={defaultTab}
        conversationMenu={
          selected?.kind === 'private' && selected.user ? (
            <ConversationMenu
              profileHref={ROUTES.profile(selected.user.username)}
              onReport={() => setReportOpen(true)}
              onBlock={() => {
                const user = selected.user;
                if (!user) return;
                client.api.connections.block(user.id).then(
                  () =>
                    toast.show({
                      message: UI_STRINGS.profile.blocked(user.username),
                      tone: 'info',
                    }),
                  () => toast.show({ message: UI_STRINGS.profile.actionFailed, tone: 'error' }),
                );
              }}
            />
          ) : null
        }
      />
      {selected?.kind === 'private' && selected.user ? (
        <ReportDialog
          open={reportOpen}
          name={selected.user.username}
          onClose={() => setReportOpen(false)}
          onSubmit={async (reason) => {
            const user = selected.user;
            if (!user) return;
            await client.api.connections.report({ userId: user.id, reason });
            toast.show({ message: UI_STRINGS.report.sent, tone: 'success' });
          }}
        />
      ) : null}
      <Modal
        open={createOpen}
        onClose={() => setCreateOpen(false)}
        title={UI_STRINGS.createGroup.title}
      >
        {createOpen ? (
          <CreateGroupForm
            connections={accepted.items}
            loading={accepted.loading}
            loadError={accepted.error}
            onSearch={(query) => accepted.restart(query)}
            onCreate={async ({ name, userIds, image }) => {
              const group = await client.api.chat.createGroup({
                name,
                userIds,
                ...(image ? { image } : {}),
              });
              // The new group appears in the sidebar at once.
              client.chatList.addGroup(group);
            }}
          />
        ) : null}
      </Modal>
    </>
  );
}

/** Whether this server offers calls (`/meta/capabilities`); false until it answers. */
function useCallsEnabled(client: ReturnType<typeof useParleyClient>): boolean {
  const [enabled, setEnabled] = useState(false);
  useEffect(() => {
    let live = true;
    void client.calls.enabled().then((on) => {
      if (live) setEnabled(on);
    });
    return () => {
      live = false;
    };
  }, [client]);
  return enabled;
}
