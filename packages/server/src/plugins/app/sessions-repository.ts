import { and, eq, exists, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/database.js';
import { refreshTokens, type UserRow, users } from '../../db/schema.js';

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
