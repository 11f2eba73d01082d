import { isChatMuted } from '../protocol/chatListCounts';
import type { ChatListState } from './chat-list';
import { groupChatEntry, privateChatEntry } from './chat-list';

/**
 * The server's unread count of each listed chat (Parley extension `unread_count`, issue 25), by
 * room name; null when no row carries one (a spec-only backend: the device counts what it holds).
 */
export function listedUnreadCounts(
  meId: number,
  list: Pick<ChatListState, 'users' | 'groups'>,
): Record<string, number> | null {
  const counts: Record<string, number> = {};
  let counted = false;
  for (const user of list.users) {
    if (typeof user.unread_count !== 'number') continue;
    counted = true;
    counts[privateChatEntry(meId, user).key] = Math.max(0, Math.floor(user.unread_count));
  }
  for (const group of list.groups) {
    if (typeof group.unread_count !== 'number') continue;
    counted = true;
    counts[groupChatEntry(group).key] = Math.max(0, Math.floor(group.unread_count));
  }
  return counted ? counts : null;
}

/** The listed chats I muted, as of `now` (rooms of rows whose `muted_until` is still ahead). */
export function mutedRooms(
  meId: number,
  list: Pick<ChatListState, 'users' | 'groups'>,
  now = Date.now(),
): Set<string> {
  const rooms = new Set<string>();
  for (const user of list.users) {
    if (isChatMuted(user.muted_until, now)) rooms.add(privateChatEntry(meId, user).key);
  }
  for (const group of list.groups) {
    if (isChatMuted(group.muted_until, now)) rooms.add(groupChatEntry(group).key);
  }
  return rooms;
}
