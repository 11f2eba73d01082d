import type { ChatListCounts } from '@parley/chat-sdk';
import type { ChatMutesRepository, UnreadCountsRepository } from '../plugins/app/index.js';

export interface ChatListCountsDeps {
  unread: UnreadCountsRepository;
  mutes: Pick<ChatMutesRepository, 'ofRooms'>;
}

/**
 * The reader's unread count and mute of each listed chat (issue 25, docs/protocol.md "Unread
 * counts and muted chats"), added to the rows of `GET /chatmessage/chats/` and
 * `GET /chatmessage/user/group/`: two queries for the whole list, whatever its length. Both
 * fields are always present from this server (0 and null when there is nothing to say), so a
 * client can tell a count of 0 from a backend that does not count.
 */
export async function withChatListCounts<Row extends object>(
  deps: ChatListCountsDeps,
  readerId: number,
  rows: readonly Row[],
  roomOf: (row: Row) => string,
): Promise<(Row & Required<ChatListCounts>)[]> {
  if (rows.length === 0) return [];
  const rooms = rows.map(roomOf);
  const [unread, mutes] = await Promise.all([
    deps.unread.ofRooms(readerId, rooms),
    deps.mutes.ofRooms(readerId, rooms),
  ]);
  return rows.map((row) => {
    const room = roomOf(row);
    return {
      ...row,
      unread_count: unread.get(room) ?? 0,
      muted_until: mutes.get(room)?.toISOString() ?? null,
    };
  });
}
