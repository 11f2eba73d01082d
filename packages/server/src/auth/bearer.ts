import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../appContext.js';
import type { UserRow } from '../db/schema.js';
import { detailError } from '../http/errors.js';
import { userForToken } from './tokenUser.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The user of a valid bearer token; set by `requireUser`. */
    account: UserRow | null;
  }
}

export const AUTH_MESSAGES = {
  missing: 'Authentication credentials were not provided.',
  invalid: 'Given token not valid for any token type',
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
    const user = token
      ? await userForToken(ctx.accessTokens, request.server.sessionsRepository, token)
      : null;
    if (!user) {
      throw detailError(401, AUTH_MESSAGES.invalid, {
        'WWW-Authenticate': 'Bearer error="invalid_token"',
      });
    }
    request.account = user;
  };
}

/** The authenticated user inside a handler guarded by `requireUser`. */
export function accountOf(request: FastifyRequest): UserRow {
  if (!request.account) throw new Error('accountOf used on a route without requireUser');
  return request.account;
}
