import { ACCOUNT_PATHS, REFRESH_COOKIE, SDK_MESSAGES } from '@parley/chat-sdk';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { RouteOptions } from '../appContext.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import {
  hashRefreshToken,
  type IssuedRefreshToken,
  issueRefreshToken,
  newRefreshTokenFamily,
  rotateRefreshToken,
} from '../auth/refreshTokens.js';
import { uniqueViolationConstraint } from '../db/errors.js';
import { FieldCollector, objectBody } from '../http/bodyFields.js';
import { ensureCsrfToken, requireCsrf } from '../http/csrf.js';
import { detailError, fieldError } from '../http/errors.js';
import { SERVER_MESSAGE_SOURCE } from '../i18n/serverMessageSource.js';
import { retryAfterSeconds, takeOrRefuse, waitInWords } from '../limits/index.js';
import { LIMIT_MESSAGES } from '../limits/limitMessages.js';
import { isSuspended, suspensionMessage } from '../moderation/moderationMessages.js';
import type { AccountsRepository } from '../plugins/app/index.js';
import { createModerationRepository } from '../plugins/app/moderation-repository.js';
import { clearRefreshCookie, setRefreshCookie } from './refreshCookie.js';
import { readRegistration } from './registration.js';

/** The suspension end of the account a (used or revoked) refresh token belonged to, if any. */
async function suspensionOfToken(app: FastifyInstance, hash: string): Promise<Date | null> {
  const row = await app.sessionsRepository.refreshTokenByHash(hash);
  return row ? ((await app.usersRepository.byId(row.userId))?.suspendedUntil ?? null) : null;
}

export const SESSION_MESSAGES = {
  refreshMissing: SERVER_MESSAGE_SOURCE.accounts.refreshMissing,
  refreshInvalid: SERVER_MESSAGE_SOURCE.accounts.refreshInvalid,
  tooManyAttempts: LIMIT_MESSAGES.signIns,
} as const;

const BEARER_TOKEN = /^Bearer\s+(\S+)\s*$/i;

export const sessionRoutes: FastifyPluginAsync<
  RouteOptions & { firstAccountStaff?: boolean }
> = async (app, { ctx, firstAccountStaff = false }) => {
  const { accessTokens, limits } = ctx;
  const accounts = app.accountsRepository;
  const sessions = app.sessionsRepository;
  const rules = limits.rules;

  app.get(ACCOUNT_PATHS.csrf, async (request, reply) => {
    return { csrfToken: ensureCsrfToken(request, reply) };
  });

  app.post(ACCOUNT_PATHS.register, { onRequest: requireCsrf }, async (request, reply) => {
    const { value, partial, errors } = readRegistration(objectBody(request.body));
    // Every field is checked before anything says whether a name or address is taken, and such
    // answers are counted per address: no free oracle of who has an account.
    errors.throwIfAny();
    await takeOrRefuse(limits, rules.signUpsPerAddress, request.ip, LIMIT_MESSAGES.signUps);
    await reportTaken(accounts, errors, partial.username, partial.email);
    errors.throwIfAny();
    if (!value) throw new Error('registration passed validation without a value');

    const passwordHash = await hashPassword(value.password);
    let created: { id: number; username: string; refresh: IssuedRefreshToken };
    try {
      const first = newRefreshTokenFamily();
      const account = await accounts.register(
        {
          username: value.username,
          email: value.email,
          phone: value.phone,
          gender: value.gender,
          language: value.language,
          passwordHash,
        },
        first.stored,
      );
      created = { ...account, refresh: first.issued };
    } catch (error) {
      // Another registration won the race between the check above and this insert.
      const constraint = uniqueViolationConstraint(error);
      if (constraint === 'users_username_lower_key') {
        throw fieldError({ username: [SDK_MESSAGES.usernameTaken] });
      }
      if (constraint === 'users_email_lower_key') {
        throw fieldError({ email: [SDK_MESSAGES.emailTaken] });
      }
      throw error;
    }

    // Issue 29: a new Parley's first account may be its operator (FIRST_ACCOUNT_STAFF).
    if (firstAccountStaff) await createModerationRepository(ctx.db).makeStaffIfFirst(created.id);
    setRefreshCookie(request, reply, created.refresh);
    const accessToken = await accessTokens.issue({
      userId: created.id,
      username: created.username,
      sessionId: created.refresh.familyId,
    });
    return reply.code(201).send({
      user_name: created.username,
      access_token: accessToken,
      user_id: created.id,
    });
  });

  app.post(ACCOUNT_PATHS.login, { onRequest: requireCsrf }, async (request, reply) => {
    const body = objectBody(request.body);
    const fields = new FieldCollector();
    const login = fields.string(body, 'username');
    const password = fields.string(body, 'password', { trim: false });
    fields.throwIfAny();
    if (login === undefined || password === undefined) throw new Error('unreachable');

    // An address that failed too often (spraying many logins) waits, whatever it tries next.
    for (const rule of [rules.failedSignInsPerAddressMinute, rules.failedSignInsPerAddressHour]) {
      const verdict = await limits.check(rule, request.ip);
      if (!verdict.allowed) throw tooManySignIns(retryAfterSeconds(verdict));
    }

    const folded = login.toLowerCase();
    const user = await accounts.signInCandidate(folded);
    // Guesses at one account share one budget whichever spelling (username, e-mail) and address
    // they use; an unknown login is counted by its folded form.
    const account = user ? `id:${user.id}` : `login:${folded.slice(0, 254)}`;
    await takeOrRefuse(limits, rules.signInsPerAccount, account, LIMIT_MESSAGES.signIns);
    const valid = await verifyPassword(password, user?.passwordHash ?? ctx.dummyPasswordHash);
    if (!user || !valid) {
      await limits.take(rules.failedSignInsPerAddressMinute, request.ip);
      await limits.take(rules.failedSignInsPerAddressHour, request.ip);
      throw detailError(401, SDK_MESSAGES.invalidCredentials);
    }
    // Issue 29: the right password of a suspended account is told why it cannot sign in.
    const suspendedUntil = (await app.usersRepository.byId(user.id))?.suspendedUntil;
    if (suspendedUntil && isSuspended(suspendedUntil)) {
      throw detailError(403, suspensionMessage(suspendedUntil));
    }

    const refresh = await issueRefreshToken(sessions, user.id);
    setRefreshCookie(request, reply, refresh);
    return {
      access_token: await accessTokens.issue({
        userId: user.id,
        username: user.username,
        sessionId: refresh.familyId,
      }),
    };
  });

  app.post(ACCOUNT_PATHS.refresh, { onRequest: requireCsrf }, async (request, reply) => {
    const presented = request.cookies[REFRESH_COOKIE];
    if (!presented) {
      clearRefreshCookie(request, reply);
      throw detailError(401, SESSION_MESSAGES.refreshMissing);
    }
    const rotation = await rotateRefreshToken(sessions, ctx.refreshSuccessorKey, presented);
    // A stolen token was replayed: the session ends everywhere, its sockets included.
    if (!rotation.ok && rotation.reason === 'reused') {
      await app.sessions.endSession(rotation.familyId);
    }
    const user = rotation.ok ? await app.usersRepository.byId(rotation.userId) : null;
    // Issue 29: a suspension ended the session; its cookie is told why rather than 'invalid'.
    const suspendedUntil = user
      ? user.suspendedUntil
      : await suspensionOfToken(app, hashRefreshToken(presented));
    if (suspendedUntil && isSuspended(suspendedUntil)) {
      clearRefreshCookie(request, reply);
      throw detailError(403, suspensionMessage(suspendedUntil));
    }
    if (!rotation.ok || !user) {
      clearRefreshCookie(request, reply);
      throw detailError(401, SESSION_MESSAGES.refreshInvalid);
    }
    setRefreshCookie(request, reply, rotation.issued);
    return {
      access: await accessTokens.issue({
        userId: user.id,
        username: user.username,
        sessionId: rotation.issued.familyId,
      }),
    };
  });

  /**
   * Ends the session of the refresh cookie and, when a valid bearer token comes along, its
   * session too (they are the same one for the sdk): tokens stop working and sockets close.
   */
  app.post(ACCOUNT_PATHS.logout, { onRequest: requireCsrf }, async (request, reply) => {
    const ending = new Set<string>();
    const presented = request.cookies[REFRESH_COOKIE];
    if (presented) {
      const family = await sessions.familyOfTokenHash(hashRefreshToken(presented));
      if (family) ending.add(family);
    }
    const bearer = BEARER_TOKEN.exec(request.headers.authorization ?? '')?.[1];
    const verified = bearer ? await accessTokens.verify(bearer) : null;
    if (verified?.sessionId) ending.add(verified.sessionId);
    for (const family of ending) await app.sessions.endSession(family);
    clearRefreshCookie(request, reply);
    return reply.code(204).send();
  });
};

function tooManySignIns(seconds: number) {
  return detailError(429, LIMIT_MESSAGES.signIns(waitInWords(seconds)), {
    'Retry-After': String(seconds),
  });
}

/** Adds "already exists" errors for a username or e-mail taken case-insensitively. */
async function reportTaken(
  accounts: AccountsRepository,
  errors: FieldCollector,
  username: string | undefined,
  email: string | undefined,
): Promise<void> {
  if (username === undefined && email === undefined) return;
  const rows = await accounts.sameNames(username, email);
  if (
    username !== undefined &&
    rows.some((r) => r.username.toLowerCase() === username.toLowerCase())
  ) {
    errors.add('username', SDK_MESSAGES.usernameTaken);
  }
  if (email !== undefined && rows.some((r) => r.email.toLowerCase() === email.toLowerCase())) {
    errors.add('email', SDK_MESSAGES.emailTaken);
  }
}
