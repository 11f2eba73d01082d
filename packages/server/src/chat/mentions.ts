import { MAX_MENTIONS } from '@parley/chat-sdk';
import type { StoredMention } from '../db/schema.js';
import type { RoomAccess, UsersRepository } from '../plugins/app/index.js';

/**
 * The mentions a group message keeps (issue 25): only ids of the room's members other than the
 * sender, each once, with the username the text names them by. A private chat has no mentions;
 * ids of non-members are dropped, never stored or told of.
 */
export async function resolveMentions(
  ids: readonly number[],
  room: RoomAccess,
  senderId: number,
  users: UsersRepository,
): Promise<StoredMention[]> {
  if (room.kind !== 'group' || ids.length === 0) return [];
  const members = new Set(room.memberIds);
  const wanted = [...new Set(ids)].filter((id) => id !== senderId && members.has(id));
  if (wanted.length === 0) return [];
  const rows = await users.byIds(wanted.slice(0, MAX_MENTIONS));
  return rows.map((row) => ({ user_id: row.id, username: row.username }));
}
