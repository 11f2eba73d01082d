import { REFRESH_COOKIE } from '@parley/chat-sdk';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type IssuedRefreshToken, REFRESH_TOKEN_TTL_SECONDS } from '../auth/refreshTokens.js';

// Only the account calls (refresh, logout, the account controls) need the refresh token, so the
// browser sends it nowhere else.
const REFRESH_COOKIE_PATH = '/accounts/';

/** Sets the httpOnly refresh cookie of a new or rotated refresh token. */
export function setRefreshCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  issued: IssuedRefreshToken,
): void {
  reply.setCookie(REFRESH_COOKIE, issued.token, {
    path: REFRESH_COOKIE_PATH,
    sameSite: 'lax',
    httpOnly: true,
    secure: request.protocol === 'https',
    maxAge: REFRESH_TOKEN_TTL_SECONDS,
  });
}

/** Removes the refresh cookie (sign-out, a refused refresh, a deleted account). */
export function clearRefreshCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(REFRESH_COOKIE, {
    path: REFRESH_COOKIE_PATH,
    sameSite: 'lax',
    httpOnly: true,
    secure: request.protocol === 'https',
  });
}
