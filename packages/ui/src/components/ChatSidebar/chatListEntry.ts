import {
  type ChatListUser,
  type GroupSummary,
  groupRoomName,
  privateRoomName,
  type UserSummary,
} from '@parley/chat-sdk';
import type { ChatTab } from '../SidebarTabs/SidebarTabs';

/** One row of the sidebar: a private chat or a group, keyed by its canonical room name. */
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
  /** The other person (private chats). */
  user?: Readonly<UserSummary | ChatListUser>;
  /** The group (group chats). */
  group?: Readonly<GroupSummary>;
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
  tab: ChatTab,
  query: string,
): ChatListEntry[] {
  const needle = query.trim().toLocaleLowerCase();
  return entries.filter(
    (entry) =>
      (tab === 'all' || entry.kind === tab) &&
      (needle === '' || entry.name.toLocaleLowerCase().includes(needle)),
  );
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
    user,
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
    group,
  };
}
