import type { EndedSessionReason, SessionSocketCloser } from '../chat/chatFanout.js';
import type { SessionsRepository } from '../plugins/app/index.js';

/**
 * Ending sessions (logout, password change, account deletion): the session's refresh tokens are
 * revoked in the database — which also ends its access tokens at once, since every use checks the
 * token's `sid` against the live families (tokenUser.ts) — and its open chat sockets are closed
 * with SOCKET_CLOSE_CODES.signedOut on every instance through the chat fan-out.
 */
export interface SessionEnding {
  /** Ends one session (a refresh-token family). */
  endSession(familyId: string): Promise<void>;
  /** Ends every session of a user, but `exceptFamily` (the one changing its password) if given. */
  endUserSessions(
    userId: number,
    options?: { exceptFamily?: string; reason?: EndedSessionReason },
  ): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Ends sessions everywhere (auth/sessionEnding.ts). */
    sessions: SessionEnding;
  }
}

export function createSessionEnding(
  repository: SessionsRepository,
  sockets: SessionSocketCloser,
): SessionEnding {
  return {
    async endSession(familyId) {
      // Revoked first: a socket that opens meanwhile is refused, or closed by its own check.
      await repository.revokeFamily(familyId);
      await sockets.endSessions({ sessionId: familyId });
    },
    async endUserSessions(userId, options = {}) {
      await repository.revokeUserFamilies(userId, options.exceptFamily);
      await sockets.endSessions({
        userId,
        exceptSessionId: options.exceptFamily,
        ...(options.reason ? { reason: options.reason } : {}),
      });
    },
  };
}
