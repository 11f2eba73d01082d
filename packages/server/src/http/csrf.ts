import { randomBytes, timingSafeEqual } from 'node:crypto';
import { CSRF_COOKIE, CSRF_FAILURE_DETAIL, CSRF_HEADER } from '@parley/chat-sdk';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { detailError } from './errors.js';

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{32,128}$/;

/**
 * The current token, reusing a well-formed cookie so that two tabs fetching at once do not
 * invalidate each other's header.
 */
export function ensureCsrfToken(request: FastifyRequest, reply: FastifyReply): string {
  const existing = request.cookies[CSRF_COOKIE];
  const token =
    existing && TOKEN_PATTERN.test(existing) ? existing : randomBytes(32).toString('base64url');
  reply.setCookie(CSRF_COOKIE, token, {
    path: '/',
    sameSite: 'lax',
    httpOnly: true,
    secure: request.protocol === 'https',
    maxAge: 365 * 24 * 60 * 60,
  });
  return token;
}

/**
 * Double-submit check for the cookie-authenticated unsafe calls: a cross-site page can make the
 * browser send the cookie but cannot read it to copy it into the header.
 */
export async function requireCsrf(request: FastifyRequest): Promise<void> {
  const cookie = request.cookies[CSRF_COOKIE];
  const header = request.headers[CSRF_HEADER.toLowerCase()];
  if (typeof cookie !== 'string' || typeof header !== 'string' || !TOKEN_PATTERN.test(cookie)) {
    throw detailError(403, CSRF_FAILURE_DETAIL);
  }
  const a = Buffer.from(cookie);
  const b = Buffer.from(header);
  if (a.length !== b.length || !timingSafeEqual(a, b)) throw detailError(403, CSRF_FAILURE_DETAIL);
}
