import { and, eq, exists, gt, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/database.js';
import { type RefreshTokenRow, refreshTokens, type UserRow, users } from '../../db/schema.js';

/** A refresh token as stored: only its SHA-256, never the token itself. */
export interface StoredRefreshToken {
  familyId: string;
  tokenHash: string;
  expiresAt: Date;
}

/**
 * Sessions as access tokens see them: a session is a refresh-token family (auth/refreshTokens.ts),
 * live while any of its tokens is unrevoked. Revoking every token of a family ends the session.
 */
export interface SessionsRepository {
  /**
   * The account of a live session: its row when the user exists and, for a token that names a
   * session, that family is the user's and not revoked. One indexed round trip per use.
   */
  userOfSession(userId: number, sessionId: string | null): Promise<UserRow | null>;
  /** The family a refresh token (by its SHA-256) belongs to, revoked or not. */
  familyOfTokenHash(tokenHash: string): Promise<string | null>;
  /** Revokes every token of one family (already revoked ones keep their time). */
  revokeFamily(familyId: string): Promise<void>;
  /** Revokes every family of a user but `exceptFamily`. */
  revokeUserFamilies(userId: number, exceptFamily?: string): Promise<void>;
  insertRefreshToken(userId: number, token: StoredRefreshToken): Promise<void>;
  refreshTokenByHash(tokenHash: string): Promise<RefreshTokenRow | null>;
  /** Revokes one token unless it is revoked already; false when another call was first. */
  revokeRefreshToken(id: number): Promise<boolean>;
  /** When the family's unused, unrevoked token with this hash expires, or null if there is none. */
  liveTokenExpiry(familyId: string, tokenHash: string): Promise<Date | null>;
  /** Whether a token of the family was used after `usedAt` (a later rotation happened). */
  usedAfter(familyId: string, usedAt: Date): Promise<boolean>;
  /**
   * Marks token `id` used and stores its successor, in one transaction. The guarded update
   * decides races: false (nothing stored) when the token was used or revoked meanwhile.
   */
  rotate(id: number, userId: number, successor: StoredRefreshToken): Promise<boolean>;
}

export function createSessionsRepository(db: Database): SessionsRepository {
  return {
    async userOfSession(userId, sessionId) {
      const live =
        sessionId === null
          ? undefined
          : exists(
              db
                .select({ one: sql`1` })
                .from(refreshTokens)
                .where(
                  and(
                    eq(refreshTokens.familyId, sessionId),
                    eq(refreshTokens.userId, userId),
                    isNull(refreshTokens.revokedAt),
                  ),
                ),
            );
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.id, userId), isNull(users.deletedAt), live))
        .limit(1);
      return row ?? null;
    },

    async familyOfTokenHash(tokenHash) {
      const [row] = await db
        .select({ familyId: refreshTokens.familyId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, tokenHash))
        .limit(1);
      return row?.familyId ?? null;
    },

    async revokeFamily(familyId) {
      await db
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
    },

    async revokeUserFamilies(userId, exceptFamily) {
      await db
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(
          and(
            eq(refreshTokens.userId, userId),
            isNull(refreshTokens.revokedAt),
            exceptFamily === undefined ? undefined : ne(refreshTokens.familyId, exceptFamily),
          ),
        );
    },

    async insertRefreshToken(userId, token) {
      await db.insert(refreshTokens).values({ userId, ...token });
    },

    async refreshTokenByHash(tokenHash) {
      const [row] = await db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, tokenHash))
        .limit(1);
      return row ?? null;
    },

    async revokeRefreshToken(id) {
      const claimed = await db
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.revokedAt)))
        .returning({ id: refreshTokens.id });
      return claimed.length > 0;
    },

    async liveTokenExpiry(familyId, tokenHash) {
      const [row] = await db
        .select({ expiresAt: refreshTokens.expiresAt })
        .from(refreshTokens)
        .where(
          and(
            eq(refreshTokens.tokenHash, tokenHash),
            eq(refreshTokens.familyId, familyId),
            isNull(refreshTokens.usedAt),
            isNull(refreshTokens.revokedAt),
          ),
        )
        .limit(1);
      return row?.expiresAt ?? null;
    },

    async usedAfter(familyId, usedAt) {
      const later = await db
        .select({ id: refreshTokens.id })
        .from(refreshTokens)
        .where(and(eq(refreshTokens.familyId, familyId), gt(refreshTokens.usedAt, usedAt)))
        .limit(1);
      return later.length > 0;
    },

    rotate(id, userId, successor) {
      return db.transaction(async (tx) => {
        const claimed = await tx
          .update(refreshTokens)
          .set({ usedAt: new Date() })
          .where(
            and(
              eq(refreshTokens.id, id),
              isNull(refreshTokens.usedAt),
              isNull(refreshTokens.revokedAt),
            ),
          )
          .returning({ id: refreshTokens.id });
        if (claimed.length === 0) return false;
        await tx.insert(refreshTokens).values({ userId, ...successor });
        return true;
      });
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    sessionsRepository: SessionsRepository;
  }
}

/** Attaches `app.sessionsRepository`. */
export const sessionsRepositoryPlugin = fp(
  async (app: FastifyInstance, options: { db: Database }) => {
    app.decorate('sessionsRepository', createSessionsRepository(options.db));
  },
  { name: 'sessions-repository' },
);
