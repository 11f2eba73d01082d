import type { UserRow } from '../db/schema.js';
import { isSuspended } from '../moderation/moderationMessages.js';
import type { SessionsRepository } from '../plugins/app/index.js';
import type { AccessTokens, VerifiedAccessToken } from './accessTokens.js';

export interface TokenSession {
  user: UserRow;
  token: VerifiedAccessToken;
}

/**
 * The one token → session lookup of HTTP (bearer), the chat socket and its `authenticate` frame:
 * a valid, unexpired access token whose account still exists and whose session (claim `sid`) has
 * not ended. Null otherwise. The session is read from the database at every use (one indexed
 * query together with the account), so logout on any instance ends the token at once.
 */
export async function sessionForToken(
  accessTokens: AccessTokens,
  sessions: SessionsRepository,
  token: string,
): Promise<TokenSession | null> {
  const verified = await accessTokens.verify(token);
  if (!verified) return null;
  const user = await sessions.userOfSession(verified.userId, verified.sessionId);
  // Issue 29: a suspended account's tokens stop at once (its sessions were ended too).
  if (user && isSuspended(user.suspendedUntil)) return null;
  return user ? { user, token: verified } : null;
}

/** The user of `sessionForToken`, for callers that need no more. */
export async function userForToken(
  accessTokens: AccessTokens,
  sessions: SessionsRepository,
  token: string,
): Promise<UserRow | null> {
  return (await sessionForToken(accessTokens, sessions, token))?.user ?? null;
}
