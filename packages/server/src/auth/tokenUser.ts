import type { UserRow } from '../db/schema.js';
import type { UsersRepository } from '../plugins/app/index.js';
import type { AccessTokens } from './accessTokens.js';

/**
 * The one token → user lookup of HTTP (bearer) and the chat socket: a valid, unexpired access
 * token whose account still exists (and was not deleted). Null otherwise.
 */
export async function userForToken(
  accessTokens: AccessTokens,
  users: UsersRepository,
  token: string,
): Promise<UserRow | null> {
  const claims = await accessTokens.verify(token);
  if (!claims) return null;
  const user = await users.byId(claims.userId);
  // A deleted account's row stays as a tombstone; its tokens name nobody.
  return user && user.deletedAt === null ? user : null;
}
