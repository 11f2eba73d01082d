import { DRIVE_PATHS } from '@parley/chat-sdk';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../appContext.js';
import { accountOf, requireUser } from '../auth/bearer.js';
import { perUserLimit } from '../http/perUserLimit.js';
import { DRIVE_STATE_TTL_MS, type DriveBackup, DriveConnectFailure } from './driveBackup.js';

/** Binds an authorization to the browser that started it (the state alone is not enough). */
export const DRIVE_STATE_COOKIE = 'parley_drive_state';
const COOKIE_PATH = DRIVE_PATHS.callback;
/** App screens the callback sends the browser back to. */
const SUCCESS_PAGE = '/google-drive/success';
const LOGIN_PAGE = '/google-drive/login';

export interface DriveRoutesOptions {
  ctx: AppContext;
  drive: DriveBackup;
  /** The app's public origin (PUBLIC_URL); default each request's own origin. */
  publicUrl?: string;
}

/** Google Drive backup: status, connect (OAuth with PKCE), back up, disconnect. */
export const driveRoutes: FastifyPluginAsync<DriveRoutesOptions> = async (app, options) => {
  const { ctx, drive } = options;
  const auth = { preHandler: requireUser(ctx) };
  const redirectUri = (request: FastifyRequest) =>
    `${options.publicUrl ?? `${request.protocol}://${request.host}`}${DRIVE_PATHS.callback}`;
  const cookieOptions = (request: FastifyRequest) => ({
    path: COOKIE_PATH,
    httpOnly: true,
    // Google's redirect back is a top-level GET navigation: lax cookies go with it.
    sameSite: 'lax' as const,
    secure: request.protocol === 'https',
  });

  app.get(DRIVE_PATHS.status, auth, async (request) => drive.status(accountOf(request).id));

  app.post(
    DRIVE_PATHS.authorize,
    { ...auth, config: { rateLimit: perUserLimit('drive-authorize', 10) } },
    async (request, reply) => {
      const { url, state } = await drive.authorize(accountOf(request).id, redirectUri(request));
      reply.setCookie(DRIVE_STATE_COOKIE, state, {
        ...cookieOptions(request),
        maxAge: DRIVE_STATE_TTL_MS / 1000,
      });
      return { url };
    },
  );

  app.get(DRIVE_PATHS.callback, async (request, reply: FastifyReply) => {
    const query = new URL(request.url, 'http://callback').searchParams;
    const callbackUrl = new URL(redirectUri(request));
    callbackUrl.search = query.toString();
    const bound = request.cookies[DRIVE_STATE_COOKIE];
    reply.clearCookie(DRIVE_STATE_COOKIE, cookieOptions(request));
    try {
      await drive.connect(query, callbackUrl, bound);
      return reply.redirect(SUCCESS_PAGE, 302);
    } catch (error) {
      if (!(error instanceof DriveConnectFailure)) throw error;
      return reply.redirect(`${LOGIN_PAGE}?error=${error.code}`, 302);
    }
  });

  app.post(
    DRIVE_PATHS.backup,
    { ...auth, config: { rateLimit: perUserLimit('drive-backup', 10) } },
    async (request) => {
      const userId = accountOf(request).id;
      const result = await drive.backup(userId);
      return { ...(await drive.status(userId)), ...result };
    },
  );

  app.post(DRIVE_PATHS.disconnect, auth, async (request, reply) => {
    await drive.disconnect(accountOf(request).id);
    return reply.code(204).send();
  });
};
