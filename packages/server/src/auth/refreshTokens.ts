import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { refreshTokens } from '../db/schema.js';

export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;

/**
 * A browser that leaves or reloads the page while a refresh is in flight never stores the rotated
 * cookie and presents the old one again. Within this window, and only while no later rotation of
 * the family has happened, that is a lost answer rather than a theft: it gets a fresh token.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 30;

export interface IssuedRefreshToken {
  token: string;
  expiresAt: Date;
}

export type RotationResult =
  | { ok: true; userId: number; issued: IssuedRefreshToken }
  | { ok: false; reason: 'unknown' | 'expired' | 'reused' };

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

type Executor = Pick<Database, 'insert' | 'update'>;

async function insertToken(
  db: Executor,
  userId: number,
  familyId: string,
): Promise<IssuedRefreshToken> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000);
  await db
    .insert(refreshTokens)
    .values({ userId, familyId, tokenHash: hashToken(token), expiresAt });
  return { token, expiresAt };
}

async function revokeFamily(db: Executor, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Starts a new family: one per sign-in or registration. */
export function issueRefreshToken(db: Executor, userId: number): Promise<IssuedRefreshToken> {
  return insertToken(db, userId, randomUUID());
}

/**
 * Exchanges a refresh token for a new one of the same family. A token that was already used or
 * revoked means it leaked (or a client replayed it): the whole family is revoked.
 */
export async function rotateRefreshToken(db: Database, token: string): Promise<RotationResult> {
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(token)))
    .limit(1);
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.usedAt && !row.revokedAt && (await lostRotationAnswer(db, row))) {
    return {
      ok: true,
      userId: row.userId,
      issued: await insertToken(db, row.userId, row.familyId),
    };
  }
  if (row.usedAt || row.revokedAt) {
    await revokeFamily(db, row.familyId);
    return { ok: false, reason: 'reused' };
  }
  if (row.expiresAt.getTime() <= Date.now()) return { ok: false, reason: 'expired' };

  const issued = await db.transaction(async (tx) => {
    // The guarded update decides races: only one caller can mark a token used.
    const claimed = await tx
      .update(refreshTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(refreshTokens.id, row.id),
          isNull(refreshTokens.usedAt),
          isNull(refreshTokens.revokedAt),
        ),
      )
      .returning({ id: refreshTokens.id });
    if (claimed.length === 0) return null;
    return insertToken(tx, row.userId, row.familyId);
  });
  if (!issued) {
    // Another request rotated this very token a moment ago (two tabs refreshing at once, or a
    // page that left mid-refresh): the same rule as a lost answer applies.
    return rotateRefreshToken(db, token);
  }
  return { ok: true, userId: row.userId, issued };
}

/** A used token presented again within the grace window, with no later rotation in its family. */
async function lostRotationAnswer(
  db: Database,
  row: { familyId: string; usedAt: Date | null; expiresAt: Date },
): Promise<boolean> {
  if (!row.usedAt || row.expiresAt.getTime() <= Date.now()) return false;
  if (Date.now() - row.usedAt.getTime() > REFRESH_REUSE_GRACE_SECONDS * 1000) return false;
  const later = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, row.familyId), gt(refreshTokens.usedAt, row.usedAt)))
    .limit(1);
  return later.length === 0;
}

/** Revokes the family the token belongs to (sign-out); unknown tokens are ignored. */
export async function revokeRefreshTokenFamily(db: Database, token: string): Promise<void> {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(token)))
    .limit(1);
  if (row) await revokeFamily(db, row.familyId);
}

/**
 * The family a refresh token belongs to while it can still be used (not revoked, not expired),
 * or null: change password keeps the caller's own session by this family.
 */
export async function liveRefreshTokenFamily(db: Database, token: string): Promise<string | null> {
  const [row] = await db
    .select({
      familyId: refreshTokens.familyId,
      revokedAt: refreshTokens.revokedAt,
      expiresAt: refreshTokens.expiresAt,
    })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(token)))
    .limit(1);
  if (!row || row.revokedAt || row.expiresAt.getTime() <= Date.now()) return null;
  return row.familyId;
}
