import { and, asc, count, eq, ilike, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { anyOf } from '../../db/anyOf.js';
import { batchedReads } from '../../db/batchedReads.js';
import type { Database } from '../../db/database.js';
import { memberVersion, type UserRow, users } from '../../db/schema.js';
import { likePattern } from '../../http/queryParams.js';

/** The sender as messages show them. */
export type MessageSender = Pick<UserRow, 'id' | 'username' | 'profileImage' | 'language'> &
  // Whether their messages get link preview cards (absent: on).
  Partial<Pick<UserRow, 'linkPreviews'>>;

/** A room member's language and plan, read fresh for every delivery. */
export type DeliveryMember = Pick<
  UserRow,
  | 'id'
  | 'language'
  | 'timezone'
  | 'subscriptionActive'
  | 'isLifetime'
  | 'isOrgAdmin'
  // Names the translation keeps as they are (issue 26).
  | 'username'
  | 'firstName'
>;

/**
 * The columns of DeliveryMember. The trigger behind `member_version` (migration 0029) counts a
 * change to any of them but the id; test/memberVersion.test.ts holds the two lists together.
 */
export const DELIVERY_MEMBER_COLUMNS = {
  id: users.id,
  language: users.language,
  timezone: users.timezone,
  subscriptionActive: users.subscriptionActive,
  isLifetime: users.isLifetime,
  isOrgAdmin: users.isOrgAdmin,
  username: users.username,
  firstName: users.firstName,
};

/** Members as delivery reads them, and the `member_version` count they were read at. */
export interface VersionedMembers {
  version: number;
  rows: DeliveryMember[];
}

/** Storage of accounts as the chat and the sign-in checks read them. */
export interface UsersRepository {
  /** The whole row, or null when the account no longer exists. */
  byId(id: number): Promise<UserRow | null>;
  byIds(ids: readonly number[]): Promise<UserRow[]>;
  exists(id: number): Promise<boolean>;
  /** The live (not deleted) account of this username, compared case-insensitively, or null. */
  byUsername(username: string): Promise<UserRow | null>;
  sender(id: number): Promise<MessageSender | null>;
  /** The profile language name (e.g. 'Spanish'), or null for an unknown user. */
  languageOf(id: number): Promise<string | null>;
  deliveryMembers(ids: readonly number[]): Promise<DeliveryMember[]>;
  /** How many changes to what delivery reads of members there have been (member_version). */
  memberVersion(): Promise<number>;
  /** `deliveryMembers` and the count they were read at, in one statement (one snapshot). */
  deliveryMembersAt(ids: readonly number[]): Promise<VersionedMembers>;
  /** The zone that decides the user's day for plan limits (null: UTC). */
  saveTimezone(id: number, timezone: string | null): Promise<UserRow | null>;
  /** Changes some of a user's settings; the updated row, or null when the account is gone. */
  update(id: number, changes: UserChanges): Promise<UserRow | null>;
  /** One page of other users, ordered by username (case-insensitive), and how many there are. */
  page(query: UserPageQuery): Promise<{ rows: UserRow[]; total: number }>;
}

/** Settings a user changes on their own account. */
export type UserChanges = Partial<
  Pick<
    UserRow,
    | 'language'
    | 'profileImage'
    | 'muteSounds'
    | 'voiceOutputEnabled'
    | 'chatTheme'
    | 'profileInfo'
    | 'autoCorrect'
    | 'readReceipts'
    | 'timezone'
    | 'linkPreviews'
    | 'interfaceLanguage'
  >
>;

export interface UserPageQuery {
  /** The asking user, never listed. */
  excludeId: number;
  /** A username substring, matched case-insensitively and literally ('%' and '_' included). */
  search: string;
  limit: number;
  offset: number;
}

export function createUsersRepository(db: Database): UsersRepository {
  async function update(id: number, changes: UserChanges): Promise<UserRow | null> {
    const [row] = await db
      .update(users)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    return row ?? null;
  }

  // Every socket re-reads its sender every few seconds: many sockets, few statements.
  const sender = batchedReads(
    async (ids: readonly number[]) => {
      const rows = await db
        .select({
          id: users.id,
          username: users.username,
          profileImage: users.profileImage,
          language: users.language,
          linkPreviews: users.linkPreviews,
        })
        .from(users)
        .where(anyOf(users.id, [...ids]));
      return new Map<number, MessageSender | null>(rows.map((row) => [row.id, row]));
    },
    () => null,
  );

  return {
    async byId(id) {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row ?? null;
    },
    byIds(ids) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(users)
        .where(anyOf(users.id, [...ids]));
    },
    async byUsername(username) {
      const [row] = await db
        .select()
        .from(users)
        .where(
          and(eq(sql`lower(${users.username})`, username.toLowerCase()), isNull(users.deletedAt)),
        )
        .limit(1);
      return row ?? null;
    },
    async exists(id) {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
      return row !== undefined;
    },
    sender,
    async languageOf(id) {
      const [row] = await db
        .select({ language: users.language })
        .from(users)
        .where(eq(users.id, id))
        .limit(1);
      return row?.language ?? null;
    },
    deliveryMembers(ids) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .select(DELIVERY_MEMBER_COLUMNS)
        .from(users)
        .where(anyOf(users.id, [...ids]));
    },
    async memberVersion() {
      const [row] = await db.select({ version: memberVersion.version }).from(memberVersion);
      return row?.version ?? 0;
    },
    async deliveryMembersAt(ids) {
      const found = await db
        .select({ version: memberVersion.version, member: DELIVERY_MEMBER_COLUMNS })
        .from(memberVersion)
        .leftJoin(users, anyOf(users.id, [...ids]));
      return {
        version: found[0]?.version ?? 0,
        rows: found.flatMap((row) => (row.member ? [row.member] : [])),
      };
    },
    saveTimezone: (id, timezone) => update(id, { timezone }),
    update,
    async page({ excludeId, search, limit, offset }) {
      const where = and(
        ne(users.id, excludeId),
        // Deleted accounts are tombstones, nobody to find.
        isNull(users.deletedAt),
        search ? ilike(users.username, likePattern(search)) : undefined,
      );
      const [totals] = await db.select({ total: count() }).from(users).where(where);
      const total = totals?.total ?? 0;
      if (offset >= total) return { rows: [], total };
      const rows = await db
        .select()
        .from(users)
        .where(where)
        .orderBy(asc(sql`lower(${users.username})`), asc(users.id))
        .limit(limit)
        .offset(offset);
      return { rows, total };
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    usersRepository: UsersRepository;
  }
}

/** Attaches `app.usersRepository` (fastify/demo's plugins/app/*-repository.ts pattern). */
export const usersRepositoryPlugin = fp(
  async (app: FastifyInstance, options: { db: Database }) => {
    app.decorate('usersRepository', createUsersRepository(options.db));
  },
  { name: 'users-repository' },
);
