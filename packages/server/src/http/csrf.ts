import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { CSRF_COOKIE, CSRF_FAILURE_DETAIL, CSRF_HEADER } from '@parley/chat-sdk';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { detailError } from './errors.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The HMAC key CSRF tokens are signed with (derived from the JWT secret). */
    csrfKey: Buffer;
  }
}

// A token is a random nonce followed by its HMAC-SHA256 under the server's key, both base64url:
// 32 + 43 characters. Word characters and `-` only, as clients (and the spec's Django heritage)
// expect of a CSRF token.
const NONCE_BYTES = 24;
const NONCE_CHARS = 32;
const SIGNATURE_CHARS = 43;
const TOKEN_PATTERN = new RegExp(`^[A-Za-z0-9_-]{${NONCE_CHARS + SIGNATURE_CHARS}}$`);

/** Derives the CSRF signing key from the server's secret and makes it available to routes. */
export function installCsrfKey(app: FastifyInstance, serverSecret: Uint8Array): void {
  const key = createHmac('sha256', serverSecret).update('parley csrf token key v1').digest();
  app.decorate('csrfKey', key);
}

function signature(key: Buffer, nonce: string): string {
  return createHmac('sha256', key).update(`csrf:${nonce}`).digest('base64url');
}

/** Whether `token` is one this server signed: a value made up by someone else never is. */
export function isSignedCsrfToken(key: Buffer, token: string): boolean {
  if (!TOKEN_PATTERN.test(token)) return false;
  const nonce = token.slice(0, NONCE_CHARS);
  const expected = Buffer.from(signature(key, nonce));
  const given = Buffer.from(token.slice(NONCE_CHARS));
  return expected.length === given.length && timingSafeEqual(expected, given);
}

function newToken(key: Buffer): string {
  const nonce = randomBytes(NONCE_BYTES).toString('base64url');
  return `${nonce}${signature(key, nonce)}`;
}

/**
 * The current token, reusing a cookie this server signed so that two tabs fetching at once do not
 * invalidate each other's header.
 */
export function ensureCsrfToken(request: FastifyRequest, reply: FastifyReply): string {
  const key = request.server.csrfKey;
  const existing = request.cookies[CSRF_COOKIE];
  const token = existing && isSignedCsrfToken(key, existing) ? existing : newToken(key);
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
 * Signed double submit for the cookie-authenticated unsafe calls: a cross-site page can make the
 * browser send the cookie but cannot read it to copy it into the header, and a pair it makes up
 * itself (or plants as a cookie from a sibling subdomain) fails the signature check.
 */
export async function requireCsrf(request: FastifyRequest): Promise<void> {
  const cookie = request.cookies[CSRF_COOKIE];
  const header = request.headers[CSRF_HEADER.toLowerCase()];
  if (
    typeof cookie !== 'string' ||
    typeof header !== 'string' ||
    !isSignedCsrfToken(request.server.csrfKey, cookie)
  ) {
    throw detailError(403, CSRF_FAILURE_DETAIL);
  }
  const a = Buffer.from(cookie);
  const b = Buffer.from(header);
  if (a.length !== b.length || !timingSafeEqual(a, b)) throw detailError(403, CSRF_FAILURE_DETAIL);
}
