import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { SessionsRepository, StoredRefreshToken } from '../plugins/app/sessions-repository.js';

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

/** A token of `familyId` (a new random one unless given) and the row that stores it. */
function newToken(
  familyId: string,
  token: string = randomBytes(32).toString('base64url'),
): { issued: IssuedRefreshToken; stored: StoredRefreshToken } {
  const expiresAt = new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000);
  return {
    issued: { token, expiresAt, familyId },
    stored: { familyId, tokenHash: hashToken(token), expiresAt },
  };
}

/**
 * The first token of a new family (one per sign-in or registration) and its row; registration
 * stores the row with the new account (AccountsRepository.register), sign-in with issueRefreshToken.
 */
export function newRefreshTokenFamily(): {
  issued: IssuedRefreshToken;
  stored: StoredRefreshToken;
} {
  return newToken(randomUUID());
}

/** Starts a new family for a sign-in. */
export async function issueRefreshToken(
  sessions: SessionsRepository,
  userId: number,
): Promise<IssuedRefreshToken> {
  const { issued, stored } = newRefreshTokenFamily();
  await sessions.insertRefreshToken(userId, stored);
  return issued;
}

/**
 * Exchanges a refresh token for its successor in the same family. A token that was already used
 * or revoked means it leaked (or a client replayed it): the whole family is revoked — except one
 * replay inside the grace window, answered with the same successor (REFRESH_REUSE_GRACE_SECONDS).
 */
export async function rotateRefreshToken(
  sessions: SessionsRepository,
  successorKey: Uint8Array,
  token: string,
): Promise<RotationResult> {
  const row = await sessions.refreshTokenByHash(hashToken(token));
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.usedAt && !row.revokedAt && (await lostRotationAnswer(sessions, row))) {
    const successor = successorOf(successorKey, token);
    // The replay is answered once: the used token is revoked on its own (its family lives on in
    // the successor), and the guarded update lets only one of several concurrent replays through.
    const claimed = await sessions.revokeRefreshToken(row.id);
    const expiresAt = claimed
      ? await sessions.liveTokenExpiry(row.familyId, hashToken(successor))
      : null;
    if (expiresAt) {
      return {
        ok: true,
        userId: row.userId,
        issued: { token: successor, expiresAt, familyId: row.familyId },
      };
    }
  }
  if (row.usedAt || row.revokedAt) {
    await sessions.revokeFamily(row.familyId);
    return { ok: false, reason: 'reused', familyId: row.familyId };
  }
  if (row.expiresAt.getTime() <= Date.now()) return { ok: false, reason: 'expired' };

  const next = newToken(row.familyId, successorOf(successorKey, token));
  if (!(await sessions.rotate(row.id, row.userId, next.stored))) {
    // Another request rotated this very token a moment ago (two tabs refreshing at once, or a
    // page that left mid-refresh): the same rule as a lost answer applies.
    return rotateRefreshToken(sessions, successorKey, token);
  }
  return { ok: true, userId: row.userId, issued: next.issued };
}

/** A used token presented again within the grace window, with no later rotation in its family. */
async function lostRotationAnswer(
  sessions: SessionsRepository,
  row: { familyId: string; usedAt: Date | null; expiresAt: Date },
): Promise<boolean> {
  if (!row.usedAt || row.expiresAt.getTime() <= Date.now()) return false;
  if (Date.now() - row.usedAt.getTime() > REFRESH_REUSE_GRACE_SECONDS * 1000) return false;
  return !(await sessions.usedAfter(row.familyId, row.usedAt));
}

/**
 * The family a refresh token belongs to while it can still be used (not revoked, not expired),
 * or null: change password keeps the caller's own session by this family.
 */
export async function liveRefreshTokenFamily(
  sessions: SessionsRepository,
  token: string,
): Promise<string | null> {
  const row = await sessions.refreshTokenByHash(hashToken(token));
  if (!row || row.revokedAt || row.expiresAt.getTime() <= Date.now()) return null;
  return row.familyId;
}
