import { proxy } from 'valtio/vanilla';
import type { ChatApi } from '../chat-api';
import type { ConnectionStore } from '../connections/connection-store';
import type { Logger } from '../logger';
import type { UserSummary } from '../protocol/accounts';
import { BLOCKED_MESSAGE_PREVIEW } from '../protocol/blockingInGroups';
import type { ChatListUser, GroupSummary } from '../protocol/chat';
import type { ChatMuteDuration } from '../protocol/chatListCounts';
import type { MessageRequestKind } from '../protocol/messageRequests';
import type { LastMessageInfo } from '../protocol/systemRows';
import { canonicalRoomName, groupRoomName, parseRoomName, privateRoomName } from '../rooms';
import type { ChatSocket } from '../socket/chat-socket';
import type { StateSnapshot } from '../state-binding';
import type { RoomState } from './chat-state';
import { requestOf, withRequestProgress } from './message-requests';
import { lastMessageInfoOf } from './system-rows';

/** The sidebar's tabs (spec §2). */
export const CHAT_LIST_TABS = ['all', 'private', 'group'] as const;
/** Plus 'requests' (issue 25), shown only when the backend marks requests. */
export type ChatListTab = (typeof CHAT_LIST_TABS)[number] | 'requests';

/** One row of the chat list: a private chat or a group, keyed by its canonical room name. */
export interface ChatListEntry {
  /** The room name: private-{min}-{max}, or the group's slug. */
  key: string;
  kind: 'private' | 'group';
  /** Username for private chats, the group's name for groups. */
  name: string;
  image: string | null;
  /** Stable avatar colour key. */
  colorKey: string | number;
  lastMessage: string | null;
  lastMessageTime: string | null;
  /** Parley extension: what the last message is (photo, voice note, call …); null from a spec
   * backend, and the list then shows `lastMessage` as it is. */
  lastMessageInfo?: Readonly<LastMessageInfo> | null;
  /** The signed-in person sent the last message ('You: …'); known only with `lastMessageInfo`. */
  lastMessageMine?: boolean;
  /** The other person (private chats). */
  user?: Readonly<UserSummary | ChatListUser>;
  /** The group (group chats). */
  group?: Readonly<GroupSummary>;
  /** Parley extension (issue 25): I muted the chat until then (ISO 8601); null: not muted;
   * undefined: the backend does not mute chats (spec only), so no mute is offered. */
  mutedUntil?: string | null;
  /** Parley extension (issue 25): a message request I received or sent; absent otherwise. */
  request?: MessageRequestKind;
  /** With `request: 'outgoing'`: the messages I may still send until they accept. */
  requestRemaining?: number;
}

function time(value: string | null): number {
  if (!value) return Number.NEGATIVE_INFINITY;
  const t = Date.parse(value);
  return Number.isNaN(t) ? Number.NEGATIVE_INFINITY : t;
}

/** Most recent first; chats without messages keep their order at the end. */
export function sortChatList(entries: readonly ChatListEntry[]): ChatListEntry[] {
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort(
      (a, b) => time(b.entry.lastMessageTime) - time(a.entry.lastMessageTime) || a.index - b.index,
    )
    .map(({ entry }) => entry);
}

/**
 * The tab's rows whose name contains the query, case-insensitively (spec §5: usernames; group names
 * in the Group tab). An empty query keeps them all.
 */
export function filterChatList(
  entries: readonly ChatListEntry[],
  tab: ChatListTab,
  query: string,
): ChatListEntry[] {
  const needle = query.trim().toLocaleLowerCase();
  return entries.filter(
    (entry) =>
      inTab(entry, tab) && (needle === '' || entry.name.toLocaleLowerCase().includes(needle)),
  );
}

/** Incoming message requests are listed only under Requests (issue 25). */
function inTab(entry: ChatListEntry, tab: ChatListTab): boolean {
  if (tab === 'requests') return entry.request === 'incoming';
  if (entry.request === 'incoming') return false;
  return tab === 'all' || entry.kind === tab;
}

/** A private chat row for a user, keyed by the sidebar's room name private-{min}-{max}. */
export function privateChatEntry(
  meId: number,
  user: Readonly<UserSummary | ChatListUser>,
): ChatListEntry {
  const listed = 'last_message' in user ? user : null;
  return {
    key: privateRoomName(meId, user.id),
    kind: 'private',
    name: user.username,
    image: user.profile_image,
    colorKey: user.id,
    lastMessage: listed?.last_message ?? null,
    lastMessageTime: listed?.last_message_time ?? null,
    lastMessageInfo: listed?.last_message_info ?? null,
    user,
    mutedUntil: listed?.muted_until,
    ...requestOf(listed),
  };
}

/** A group row, keyed by its room (slug). */
export function groupChatEntry(group: Readonly<GroupSummary>): ChatListEntry {
  return {
    key: group.room_name || groupRoomName(group.name),
    kind: 'group',
    name: group.name,
    image: group.image,
    colorKey: `group-${group.id}`,
    lastMessage: group.last_message,
    lastMessageTime: group.last_message_time,
    lastMessageInfo: group.last_message_info ?? null,
    group,
    mutedUntil: group.muted_until,
  };
}

export interface ChatListState {
  /** Private chats and accepted connections (GET /chatmessage/chats/). */
  users: ChatListUser[];
  /** My groups (GET /chatmessage/user/group/). */
  groups: GroupSummary[];
  /** Chats opened with someone not (yet) in the lists: from search, a profile, navigation. */
  opened: UserSummary[];
  loading: boolean;
  /** A load finished at least once since sign-in (the sidebar says 'Loading chats...' before). */
  loaded: boolean;
  /** Both lists failed to load. */
  failed: boolean;
}

/**
 * The rows as the sidebar shows them (unsorted): the lists, chats opened since, and for each the
 * newest message the chat store has seen when it is newer than the list's.
 */
export function chatListEntries(
  meId: number,
  listState: StateSnapshot<ChatListState> | ChatListState,
  roomState: StateSnapshot<Record<string, RoomState>> | Record<string, RoomState> = {},
): ChatListEntry[] {
  // Snapshots are deeply readonly views of the same shapes.
  const state = listState as ChatListState;
  const rooms = roomState as Record<string, RoomState>;
  const base = [
    ...state.users.map((u) => privateChatEntry(meId, u)),
    ...state.groups.map(groupChatEntry),
  ];
  const keys = new Set(base.map((e) => e.key));
  for (const user of state.opened) {
    const entry = privateChatEntry(meId, user);
    if (!keys.has(entry.key)) {
      keys.add(entry.key);
      base.push(entry);
    }
  }
  return base.map((listed) => {
    const entry = withRequestProgress(withMine(listed, meId), rooms[listed.key]);
    const messages = rooms[entry.key]?.messages;
    const last = messages?.[messages.length - 1];
    if (!last) return entry;
    const stale =
      !entry.lastMessageTime || Date.parse(last.timestamp) >= Date.parse(entry.lastMessageTime);
    return stale
      ? {
          ...entry,
          // Issue 29: a blocked person's message stays collapsed in the list too.
          lastMessage:
            last.from_blocked === true
              ? BLOCKED_MESSAGE_PREVIEW
              : last.message || last.file_name || entry.lastMessage,
          lastMessageTime: last.timestamp,
          lastMessageInfo: lastMessageInfoOf(last),
          lastMessageMine: last.type === 'sent' || last.sender_id === meId,
        }
      : entry;
  });
}

function withMine(entry: ChatListEntry, meId: number): ChatListEntry {
  const info = entry.lastMessageInfo;
  return info ? { ...entry, lastMessageMine: info.sender_id === meId } : entry;
}

export interface ChatListLoadOptions {
  /** Reuse a load that is running, or that finished less than this many ms ago. */
  reuseWithinMs?: number;
}

export interface ChatListStore {
  /** A valtio proxy; bind it with subscribeToState / snapshotOfState. */
  state: ChatListState;
  /**
   * Loads chats (with accepted connections) and groups; failures are logged, `failed` if both.
   * With `reuseWithinMs`, a load still running, or one that finished less than that long ago, is
   * used instead of asking again (a screen that opens right after the app loaded the list);
   * without it, the lists are always asked for anew (something changed).
   */
  load(options?: ChatListLoadOptions): Promise<void>;
  /** Opens (adds) the private chat with a user; returns its room name. */
  openWith(user: UserSummary | ChatListUser): string;
  /** A group just created or joined appears at once. */
  addGroup(group: GroupSummary): void;
  /**
   * Parley extension (issue 25): mutes the chat for me for `duration` ('off' unmutes); its row's
   * `muted_until` follows the server's answer. Rejects (ApiError) when the call fails.
   */
  mute(roomName: string, duration: ChatMuteDuration): Promise<void>;
  /**
   * Issue 25: accepts the message request of a private chat (its key); the row becomes an
   * ordinary chat. Rejects (ApiError) when the server refused; the row is then unchanged.
   */
  acceptRequest(key: string): Promise<void>;
  /** Issue 25: deletes the message request; the chat leaves the list (the sender is not told). */
  deleteRequest(key: string): Promise<void>;
  reset(): void;
  dispose(): void;
}

export interface ChatListOptions {
  api: ChatApi;
  connections: ConnectionStore;
  logger: Logger;
  me(): number | null;
  /** After each load (the client seeds the chat store's unread counts from the rows). */
  onLoaded?(): void;
  /**
   * Issue 25: a message in a private chat the list does not hold yet reloads it (requests); a
   * reconnect reloads it too (what arrived while the socket was away).
   */
  socket?: Pick<ChatSocket, 'on'>;
}

export function createChatListStore(options: ChatListOptions): ChatListStore {
  const { api, connections, logger, me, socket } = options;
  const state = proxy<ChatListState>({
    users: [],
    groups: [],
    opened: [],
    loading: false,
    loaded: false,
    failed: false,
  });
  let loaded = false;
  let generation = 0;

  /** The other person of a private chat's key (private-{min}-{max}). */
  function peerOf(key: string): number | null {
    const parsed = parseRoomName(key);
    const id = me();
    if (parsed?.kind !== 'private' || id === null) return null;
    return parsed.userIds[0] === id ? parsed.userIds[1] : parsed.userIds[0];
  }

  /** The newest load: its generation, its promise, and when it finished (null: running). */
  let latest: { generation: number; running: Promise<void>; finishedAt: number | null } | null =
    null;

  function load(options: ChatListLoadOptions = {}): Promise<void> {
    const reuse = options.reuseWithinMs;
    if (
      reuse !== undefined &&
      latest?.generation === generation &&
      (latest.finishedAt === null || Date.now() - latest.finishedAt < reuse)
    ) {
      return latest.running;
    }
    if (me() === null) return Promise.resolve();
    const mine = ++generation;
    const entry: NonNullable<typeof latest> = {
      generation: mine,
      running: Promise.resolve(),
      finishedAt: null,
    };
    latest = entry;
    entry.running = fetchLists(mine).then(() => {
      entry.finishedAt = Date.now();
    });
    return entry.running;
  }

  async function fetchLists(mine: number): Promise<void> {
    state.loading = true;
    const [users, groups] = await Promise.allSettled([api.chats(), api.groups()]);
    if (mine !== generation) return;
    if (users.status === 'rejected') logger.warn('[parley] could not load chats', users.reason);
    if (groups.status === 'rejected') logger.warn('[parley] could not load groups', groups.reason);
    state.users = users.status === 'fulfilled' ? users.value : [];
    state.groups = groups.status === 'fulfilled' ? groups.value : [];
    state.failed = users.status === 'rejected' && groups.status === 'rejected';
    state.loading = false;
    state.loaded = true;
    loaded = true;
    options.onLoaded?.();
  }

  // An accepted connection joins the list (spec: the chat list user), here or live.
  const offAccepted = connections.on('accepted', () => {
    if (loaded) void load();
  });
  // The first message of a new private chat (mine or a stranger's) makes the server list it, maybe
  // as a message request: reload once per person so the row and its marks come from the server.
  const reloadedFor = new Set<number>();
  const offFrame = socket?.on('frame', (frame) => {
    // A deletion ('for me' or for everyone) reloads the list, so its preview is never a message
    // hidden from the reader.
    if (frame.type === 'message_deleted') {
      if (loaded) void load();
      return;
    }
    if (!loaded || frame.type !== 'chat_message' || typeof frame.room_name !== 'string') return;
    const peer = peerOf(canonicalRoomName(frame.room_name));
    if (peer === null || reloadedFor.has(peer) || state.users.some((u) => u.id === peer)) return;
    reloadedFor.add(peer);
    void load();
  });

  // A reconnect (not the first open): what arrived while the socket was away (previews, unread
  // counts, new chats) is read again, once the list has been loaded.
  let opened = false;
  const offStatus = socket?.on('status', (status) => {
    if (status !== 'open') return;
    if (opened && loaded) void load();
    opened = true;
  });

  return {
    state,
    load,
    openWith(user) {
      const id = me();
      if (id === null) throw new Error('Sign in before opening chats');
      if (!state.opened.some((u) => u.id === user.id)) state.opened.push({ ...user });
      return privateRoomName(id, user.id);
    },
    addGroup(group) {
      state.groups = [group, ...state.groups.filter((g) => g.id !== group.id)];
    },
    async mute(roomName, duration) {
      const answer = await api.muteChat(roomName, duration);
      const id = me();
      for (const user of state.users) {
        if (id !== null && privateRoomName(id, user.id) === answer.room_name) {
          user.muted_until = answer.muted_until;
        }
      }
      for (const group of state.groups) {
        if (groupChatEntry(group).key === answer.room_name) group.muted_until = answer.muted_until;
      }
    },
    async acceptRequest(key) {
      await api.acceptRequest(key);
      const peer = peerOf(key);
      for (const user of state.users) {
        if (user.id !== peer) continue;
        delete user.request;
        delete user.request_remaining;
      }
    },
    async deleteRequest(key) {
      await api.deleteRequest(key);
      const peer = peerOf(key);
      state.users = state.users.filter((user) => user.id !== peer);
      state.opened = state.opened.filter((user) => user.id !== peer);
    },
    reset() {
      generation += 1;
      loaded = false;
      reloadedFor.clear();
      state.users = [];
      state.groups = [];
      state.opened = [];
      state.loading = false;
      state.loaded = false;
      state.failed = false;
    },
    dispose() {
      offAccepted();
      offFrame?.();
      offStatus?.();
    },
  };
}
