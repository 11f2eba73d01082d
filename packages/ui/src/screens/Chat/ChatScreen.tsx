import type { ChatListUser, GroupSummary, UserSummary } from '@parley/chat-sdk';
import { useEffect, useMemo, useState } from 'react';
import {
  type ChatListEntry,
  groupChatEntry,
  privateChatEntry,
} from '../../components/ChatSidebar/chatListEntry';
import { useToast } from '../../components/Toast/ToastProvider';
import { useParleyClient, useSdkState, useSession } from '../../context/ParleyProvider';
import { UI_STRINGS } from '../../strings';
import { ChatView } from './ChatView';
import { useUserSearch } from './useUserSearch';

export interface ChatScreenProps {
  /** Open the private chat with this user (the app passes navigation state's chatUser). */
  chatUser?: ChatListUser | UserSummary;
  /** "Now" for the date display; fixed in stories. */
  now?: Date;
  /** Called with '/settings', '/groups' or '/notifications' instead of following those links. */
  onNavigate?: (path: string) => void;
  /** Pending connection requests for the Notifications badge (capped at 99+). */
  notificationCount?: number;
}

interface Lists {
  users: ChatListUser[];
  groups: GroupSummary[];
  loading: boolean;
  error: string | null;
}

/**
 * The chat screen (route /), connected: keeps the socket connected while shown, loads private chats
 * and groups, opens rooms, sends, and shows the socket's rejection as a toast. Needs ParleyProvider
 * and ToastProvider, and a signed-in session.
 */
export function ChatScreen({ chatUser, now, onNavigate, notificationCount = 0 }: ChatScreenProps) {
  const client = useParleyClient();
  const session = useSession();
  const me = session.user;
  const chat = useSdkState(client.chat.state);
  const socket = useSdkState(client.socket.state);
  const toast = useToast();
  const userSearch = useUserSearch(client);
  const [lists, setLists] = useState<Lists>({ users: [], groups: [], loading: true, error: null });
  const [extra, setExtra] = useState<ChatListEntry[]>([]);
  const [selectedKey, setSelectedKey] = useState<string | null>(null);

  useEffect(() => client.socket.connect(), [client]);

  useEffect(
    () => client.socket.on('error', (e) => toast.show({ message: e.message, tone: 'error' })),
    [client, toast],
  );

  const meId = me?.id ?? null;
  useEffect(() => {
    if (meId === null) return;
    let cancelled = false;
    setLists((l) => ({ ...l, loading: true, error: null }));
    void Promise.allSettled([client.api.chat.chats(), client.api.chat.groups()]).then(
      ([users, groups]) => {
        if (cancelled) return;
        setLists({
          users: users.status === 'fulfilled' ? users.value : [],
          groups: groups.status === 'fulfilled' ? groups.value : [],
          loading: false,
          error:
            users.status === 'rejected' && groups.status === 'rejected'
              ? UI_STRINGS.chat.loadFailed
              : null,
        });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [client, meId]);

  // A chatUser from navigation opens that private chat.
  const chatUserId = chatUser?.id ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a different user re-opens
  useEffect(() => {
    if (meId === null || !chatUser) return;
    const entry = privateChatEntry(meId, chatUser);
    setExtra((list) => (list.some((e) => e.key === entry.key) ? list : [...list, entry]));
    setSelectedKey(entry.key);
  }, [meId, chatUserId]);

  const entries = useMemo(() => {
    if (meId === null) return [];
    const base = [
      ...lists.users.map((u) => privateChatEntry(meId, u)),
      ...lists.groups.map(groupChatEntry),
    ];
    const keys = new Set(base.map((e) => e.key));
    const all = [...base, ...extra.filter((e) => !keys.has(e.key))];
    // The newest message the store has seen for a room beats the list's (older) last message.
    return all.map((entry) => {
      const messages = chat.rooms[entry.key]?.messages;
      const last = messages?.[messages.length - 1];
      if (!last) return entry;
      const stale =
        !entry.lastMessageTime || Date.parse(last.timestamp) >= Date.parse(entry.lastMessageTime);
      return stale
        ? {
            ...entry,
            lastMessage: last.message || last.file_name || entry.lastMessage,
            lastMessageTime: last.timestamp,
          }
        : entry;
    });
  }, [meId, lists, extra, chat.rooms]);

  const selected = entries.find((e) => e.key === selectedKey) ?? null;
  const selectedGroup = selected?.group;

  // Join the open room (the socket rejoins it on every reconnect); leave when the screen goes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the group's members only matter on open
  useEffect(() => {
    if (!selectedKey) return;
    client.chat.openRoom(
      selectedKey,
      selectedGroup
        ? { groupUsers: selectedGroup.members.map((m) => ({ id: m.id, username: m.username })) }
        : undefined,
    );
  }, [client, selectedKey]);
  useEffect(() => () => client.chat.leaveRoom(), [client]);

  const room = selectedKey ? chat.rooms[selectedKey] : undefined;

  const names = useMemo(() => {
    const map = new Map<number, string>();
    if (selected?.user) map.set(selected.user.id, selected.user.username);
    for (const m of selected?.group?.members ?? []) map.set(m.id, m.username);
    return map;
  }, [selected]);
  const who = (flags: Record<number, boolean> | undefined) =>
    Object.entries(flags ?? {})
      .filter(([, on]) => on)
      .map(([id]) => names.get(Number(id)) ?? UI_STRINGS.chat.someone);

  return (
    <ChatView
      entries={entries}
      listLoading={lists.loading}
      listError={lists.error}
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
      notificationCount={notificationCount}
      userSearch={userSearch}
      onSelectUser={(user) => {
        if (meId === null) return;
        const entry = privateChatEntry(meId, user);
        setExtra((list) => (list.some((e) => e.key === entry.key) ? list : [...list, entry]));
        setSelectedKey(entry.key);
      }}
      onNavigate={onNavigate}
      chatTheme={me?.chat_theme}
      now={now}
    />
  );
}
