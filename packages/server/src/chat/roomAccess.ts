import { parseRoomName, privateRoomName } from '@parley/chat-sdk';
import { and, eq } from 'drizzle-orm';
import { isBlockedEitherWay } from '../connections/blocks.js';
import type { Database } from '../db/database.js';
import { groupMembers, groups, users } from '../db/schema.js';

const MAX_ID = 2_147_483_647;

/** A room a user may use: its canonical name and every member's id (the user included). */
export interface RoomAccess {
  /** `private-{min}-{max}` or the group's slug: the key messages are stored under. */
  canonical: string;
  kind: 'private' | 'group';
  memberIds: number[];
}

/**
 * Who may use a room (docs/socket-protocol.md, Rooms): a private room whose two ids are the user's
 * and another existing user's, or a group the user is a member of. Null otherwise; callers answer
 * `not_a_member` without saying which part failed.
 */
export async function resolveRoomAccess(
  db: Database,
  userId: number,
  roomName: string,
): Promise<RoomAccess | null> {
  const parsed = parseRoomName(roomName);
  if (!parsed) return null;

  if (parsed.kind === 'private') {
    const [low, high] = parsed.userIds;
    if (low === high || (low !== userId && high !== userId)) return null;
    // Ids beyond the column's range name nobody (and would make the query fail).
    if (high > MAX_ID) return null;
    const other = low === userId ? high : low;
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, other)).limit(1);
    // A block either way closes the private room: the blocked person's sends simply fail.
    if (row && (await isBlockedEitherWay(db, low, high))) return null;
    return row
      ? { canonical: privateRoomName(low, high), kind: 'private', memberIds: [low, high] }
      : null;
  }

  const [group] = await db
    .select({ id: groups.id })
    .from(groups)
    .innerJoin(groupMembers, eq(groupMembers.groupId, groups.id))
    .where(and(eq(groups.slug, parsed.slug), eq(groupMembers.userId, userId)))
    .limit(1);
  if (!group) return null;
  const members = await db
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(eq(groupMembers.groupId, group.id));
  return { canonical: parsed.slug, kind: 'group', memberIds: members.map((m) => m.userId) };
}
