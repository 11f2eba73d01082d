import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../appContext.js';
import type { UserRow } from '../db/schema.js';
import { detailError } from '../http/errors.js';
import { SERVER_MESSAGE_SOURCE } from '../i18n/serverMessageSource.js';
import { sessionForToken } from './tokenUser.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The user of a valid bearer token; set by `requireUser`. */
    account: UserRow | null;
    /**
     * The session (refresh-token family, claim `sid`) of that token; null for a token issued
     * without one. Set by `requireUser`: e.g. a password change keeps this session only.
     */
    accountSessionId: string | null;
  }
}

export const AUTH_MESSAGES = {
  missing: SERVER_MESSAGE_SOURCE.accounts.credentialsMissing,
  invalid: SERVER_MESSAGE_SOURCE.accounts.tokenInvalid,
} as const;

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** preHandler for bearer-authenticated calls: 401 unless the token is valid and its user exists. */
export function requireUser(ctx: AppContext) {
  return async (request: FastifyRequest): Promise<void> => {
    const header = request.headers.authorization;
    if (!header) {
      throw detailError(401, AUTH_MESSAGES.missing, { 'WWW-Authenticate': 'Bearer' });
    }
    const token = BEARER.exec(header)?.[1];
    const session = token
      ? await sessionForToken(ctx.accessTokens, request.server.sessionsRepository, token)
      : null;
    if (!session) {
      throw detailError(401, AUTH_MESSAGES.invalid, {
        'WWW-Authenticate': 'Bearer error="invalid_token"',
      });
    }
    request.account = session.user;
    request.accountSessionId = session.token.sessionId;
  };
}

/** The authenticated user inside a handler guarded by `requireUser`. */
export function accountOf(request: FastifyRequest): UserRow {
  if (!request.account) throw new Error('accountOf used on a route without requireUser');
  return request.account;
}
