import type { FastifyInstance } from 'fastify';

/**
 * The one place the account controls end a person's sessions (change password: all but the
 * caller's; delete account: all). For now it revokes their refresh-token families in the database;
 * at merge it becomes `app.sessions.endUserSessions(userId, options)`, which also closes their
 * sockets on every instance and stops their access tokens at once.
 */
export async function endSessions(
  app: FastifyInstance,
  userId: number,
  options: { exceptFamily?: string } = {},
): Promise<void> {
  await app.accountsRepository.revokeRefreshFamilies(userId, options.exceptFamily);
}
