/**
 * Parley extensions on chat-list rows (issue 25, docs/protocol.md "Unread counts and muted
 * chats"): how many messages of a chat the reader has not read, counted by the server so the
 * count is right after a reload and on every device, and whether the reader muted the chat.
 * A spec-only backend sends neither field: the client counts what it holds and mutes nothing.
 */

/** The server stops counting a chat's unread messages here (the list shows '99+'). */
export const UNREAD_COUNT_CAP = 100;

/** Fields a chat-list row (`GET /chatmessage/chats/` and `GET /chatmessage/user/group/`) may add. */
export interface ChatListCounts {
  /** Messages from others after my read mark, not deleted, not hidden for me, no system rows. */
  unread_count?: number;
  /** ISO 8601: the chat sends me no notification until then (an @mention of me still does).
   * Absent or null: not muted. CHAT_MUTE_FOREVER is 'Always'. */
  muted_until?: string | null;
}

/** Parley extension: mute or unmute one chat for the signed-in person. */
export const CHAT_MUTE_PATHS = {
  mute: '/chatmessage/mute/',
} as const;

/** How long a mute lasts (WhatsApp's choices); `off` unmutes. */
export const CHAT_MUTE_DURATIONS = ['8h', '1w', 'always', 'off'] as const;
export type ChatMuteDuration = (typeof CHAT_MUTE_DURATIONS)[number];

/** `muted_until` of a chat muted 'Always'. */
export const CHAT_MUTE_FOREVER = '9999-12-31T23:59:59.000Z';

/** Body of POST /chatmessage/mute/. */
export interface ChatMuteRequest {
  room_name: string;
  duration: ChatMuteDuration;
}

/** Answer of POST /chatmessage/mute/: the canonical room and until when it is muted now. */
export interface ChatMuteResponse {
  room_name: string;
  muted_until: string | null;
}

/** Whether a row's `muted_until` mutes the chat at `now`. */
export function isChatMuted(mutedUntil: string | null | undefined, now = Date.now()): boolean {
  if (!mutedUntil) return false;
  const until = Date.parse(mutedUntil);
  return !Number.isNaN(until) && until > now;
}
