import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/database.js';
import { type UserRow, users } from '../../db/schema.js';

/** The sender as messages show them. */
export type MessageSender = Pick<UserRow, 'id' | 'username' | 'profileImage' | 'language'>;

/** A room member's language and plan, read fresh for every delivery. */
export type DeliveryMember = Pick<
  UserRow,
  'id' | 'language' | 'timezone' | 'subscriptionActive' | 'isLifetime' | 'isOrgAdmin'
>;

/** Storage of accounts as the chat and the sign-in checks read them. */
export interface UsersRepository {
  /** The whole row, or null when the account no longer exists. */
  byId(id: number): Promise<UserRow | null>;
  byIds(ids: readonly number[]): Promise<UserRow[]>;
  exists(id: number): Promise<boolean>;
  sender(id: number): Promise<MessageSender | null>;
  /** The profile language name (e.g. 'Spanish'), or null for an unknown user. */
  languageOf(id: number): Promise<string | null>;
  deliveryMembers(ids: readonly number[]): Promise<DeliveryMember[]>;
  /** The zone that decides the user's day for plan limits (null: UTC). */
  saveTimezone(id: number, timezone: string | null): Promise<UserRow | null>;
}

export function createUsersRepository(db: Database): UsersRepository {
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
        .where(inArray(users.id, [...ids]));
    },
    async exists(id) {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
      return row !== undefined;
    },
    async sender(id) {
      const [row] = await db
        .select({
          id: users.id,
          username: users.username,
          profileImage: users.profileImage,
          language: users.language,
        })
        .from(users)
        .where(eq(users.id, id))
        .limit(1);
      return row ?? null;
    },
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
        .select({
          id: users.id,
          language: users.language,
          timezone: users.timezone,
          subscriptionActive: users.subscriptionActive,
          isLifetime: users.isLifetime,
          isOrgAdmin: users.isOrgAdmin,
        })
        .from(users)
        .where(inArray(users.id, [...ids]));
    },
    async saveTimezone(id, timezone) {
      const [row] = await db
        .update(users)
        .set({ timezone, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      return row ?? null;
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
