import type { FastifyInstance } from 'fastify';

/**
 * The one place the account controls end a person's sessions (change password: all but the
 * caller's; delete account: all): `app.sessions` revokes their refresh-token families, closes their
 * sockets on every instance and stops their access tokens at once.
 */
export async function endSessions(
  app: FastifyInstance,
  userId: number,
  options: { exceptFamily?: string } = {},
): Promise<void> {
  await app.sessions.endUserSessions(userId, options);
}
