import { parseRoomName, privateRoomName } from '@parley/chat-sdk';
import { and, eq, inArray, notExists } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/database.js';
import { type GroupRow, groupMembers, groups, type UserRow, users } from '../../db/schema.js';
import { blocksBetween } from './connections-repository.js';

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
    // The other person exists, and no block either way closes the room (the blocked person's
    // sends simply fail): one statement, as every socket asks it every few seconds.
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, other), notExists(blocksBetween(db, low, high))))
      .limit(1);
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

/** A new group: its row and every member's id (the creator included). */
export interface NewGroup {
  name: string;
  slug: string;
  image: string | null;
  creatorId: number;
  memberIds: readonly number[];
}

/** Rooms and groups: who may use which room, and the groups themselves (`app.roomsRepository`). */
export interface RoomsRepository {
  access(userId: number, roomName: string): Promise<RoomAccess | null>;
  /** The groups `userId` is a member of. */
  groupsOf(userId: number): Promise<GroupRow[]>;
  /** Members of these groups with their rows, in joining order. */
  groupMembers(groupIds: readonly number[]): Promise<{ groupId: number; user: UserRow }[]>;
  slugTaken(slug: string): Promise<boolean>;
  /** Creates the group and its memberships at once; a taken slug fails on the unique index. */
  createGroup(group: NewGroup): Promise<GroupRow>;
}

export function createRoomsRepository(db: Database): RoomsRepository {
  return {
    access: (userId, roomName) => resolveRoomAccess(db, userId, roomName),
    async groupsOf(userId) {
      const rows = await db
        .select({ group: groups })
        .from(groups)
        .innerJoin(groupMembers, eq(groupMembers.groupId, groups.id))
        .where(eq(groupMembers.userId, userId));
      return rows.map((row) => row.group);
    },
    groupMembers(groupIds) {
      if (groupIds.length === 0) return Promise.resolve([]);
      return db
        .select({ groupId: groupMembers.groupId, user: users })
        .from(groupMembers)
        .innerJoin(users, eq(users.id, groupMembers.userId))
        .where(inArray(groupMembers.groupId, [...groupIds]))
        .orderBy(groupMembers.joinedAt, users.id);
    },
    async slugTaken(slug) {
      const [row] = await db
        .select({ id: groups.id })
        .from(groups)
        .where(eq(groups.slug, slug))
        .limit(1);
      return row !== undefined;
    },
    createGroup({ memberIds, ...values }) {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(groups).values(values).returning();
        if (!row) throw new Error('group insert returned nothing');
        await tx
          .insert(groupMembers)
          .values(memberIds.map((userId) => ({ groupId: row.id, userId })));
        return row;
      });
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    roomsRepository: RoomsRepository;
  }
}

/** Attaches `app.roomsRepository`. */
export const roomsRepositoryPlugin = fp(
  async (app: FastifyInstance, options: { db: Database }) => {
    app.decorate('roomsRepository', createRoomsRepository(options.db));
  },
  { name: 'rooms-repository' },
);
