import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { refreshTokens } from '../db/schema.js';

export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;

/**
 * A browser that leaves or reloads the page while a refresh is in flight never stores the rotated
 * cookie and presents the old one again. Within this window, and only while no later rotation of
 * the family has happened, that is a lost answer rather than a theft: it gets the same successor
 * it was given the first time, once. A further replay is a theft and revokes the family.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 30;

export interface IssuedRefreshToken {
  token: string;
  expiresAt: Date;
  /** The session: access tokens issued with this refresh token carry it as `sid`. */
  familyId: string;
}

export type RotationResult =
  | { ok: true; userId: number; issued: IssuedRefreshToken }
  | { ok: false; reason: 'unknown' | 'expired' }
  /** The family was revoked: its sockets must be closed too (app.sessions). */
  | { ok: false; reason: 'reused'; familyId: string };

/** Only this hash is stored: the database never holds a usable refresh token. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
const hashToken = hashRefreshToken;

/**
 * The key successors are derived with (from the JWT secret, domain-separated): a successor is
 * HMAC(key, predecessor), so a replay inside the grace window can be answered with the very token
 * the first rotation issued without storing it, and nobody without the server's secret can
 * compute a successor from a stolen predecessor.
 */
export function refreshSuccessorKey(jwtSecret: Uint8Array): Buffer {
  return createHmac('sha256', jwtSecret).update('parley refresh-token successor').digest();
}

function successorOf(key: Uint8Array, predecessor: string): string {
  return createHmac('sha256', key).update(predecessor).digest('base64url');
}

type Executor = Pick<Database, 'insert' | 'update'>;

async function insertToken(
  db: Executor,
  userId: number,
  familyId: string,
  token: string = randomBytes(32).toString('base64url'),
): Promise<IssuedRefreshToken> {
  const expiresAt = new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000);
  await db
    .insert(refreshTokens)
    .values({ userId, familyId, tokenHash: hashToken(token), expiresAt });
  return { token, expiresAt, familyId };
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
 * Exchanges a refresh token for its successor in the same family. A token that was already used
 * or revoked means it leaked (or a client replayed it): the whole family is revoked — except one
 * replay inside the grace window, answered with the same successor (REFRESH_REUSE_GRACE_SECONDS).
 */
export async function rotateRefreshToken(
  db: Database,
  successorKey: Uint8Array,
  token: string,
): Promise<RotationResult> {
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(token)))
    .limit(1);
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.usedAt && !row.revokedAt && (await lostRotationAnswer(db, row))) {
    const successor = successorOf(successorKey, token);
    // The replay is answered once: the used token is revoked on its own (its family lives on in
    // the successor), and the guarded update lets only one of several concurrent replays through.
    const claimed = await db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.revokedAt)))
      .returning({ id: refreshTokens.id });
    const [issued] =
      claimed.length === 0
        ? []
        : await db
            .select({ expiresAt: refreshTokens.expiresAt })
            .from(refreshTokens)
            .where(
              and(
                eq(refreshTokens.tokenHash, hashToken(successor)),
                eq(refreshTokens.familyId, row.familyId),
                isNull(refreshTokens.usedAt),
                isNull(refreshTokens.revokedAt),
              ),
            )
            .limit(1);
    if (issued) {
      return {
        ok: true,
        userId: row.userId,
        issued: { token: successor, expiresAt: issued.expiresAt, familyId: row.familyId },
      };
    }
  }
  if (row.usedAt || row.revokedAt) {
    await revokeFamily(db, row.familyId);
    return { ok: false, reason: 'reused', familyId: row.familyId };
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
    return insertToken(tx, row.userId, row.familyId, successorOf(successorKey, token));
  });
  if (!issued) {
    // Another request rotated this very token a moment ago (two tabs refreshing at once, or a
    // page that left mid-refresh): the same rule as a lost answer applies.
    return rotateRefreshToken(db, successorKey, token);
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
