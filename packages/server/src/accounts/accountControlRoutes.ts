import {
  ACCOUNT_EXPORT_FORMAT,
  ACCOUNT_PATHS,
  type AccountExport,
  type ChatThemeName,
  type Gender,
  REFRESH_COOKIE,
} from '@parley/chat-sdk';
import type { FastifyPluginAsync } from 'fastify';
import type { RouteOptions } from '../appContext.js';
import { accountOf, requireUser } from '../auth/bearer.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { liveRefreshTokenFamily } from '../auth/refreshTokens.js';
import { FieldCollector, objectBody } from '../http/bodyFields.js';
import { requireCsrf } from '../http/csrf.js';
import { detailError, fieldError } from '../http/errors.js';
import { perUserLimit } from '../http/perUserLimit.js';
import { SERVER_MESSAGE_SOURCE } from '../i18n/serverMessageSource.js';
import type { AccountExportRows } from '../plugins/app/index.js';
import { removeDeletedAccountFiles } from './deletedAccountFiles.js';
import { endSessions } from './endSessions.js';
import { clearRefreshCookie } from './refreshCookie.js';

// English from the server catalog (issue 27), which translates it.
const ACCOUNT_WORDS = SERVER_MESSAGE_SOURCE.accounts;
export const ACCOUNT_CONTROL_MESSAGES = {
  wrongCurrentPassword: ACCOUNT_WORDS.wrongCurrentPassword,
  wrongPassword: ACCOUNT_WORDS.wrongPassword,
  samePassword: ACCOUNT_WORDS.samePassword,
  renewingSubscription: ACCOUNT_WORDS.renewingSubscription,
  accountGone: SERVER_MESSAGE_SOURCE.errors.userGone,
  tooManyExports: (perDay: number) =>
    `You can download your data ${perDay} times a day. Try again tomorrow.`,
} as const;

/** As registration: passwords are kept exactly as typed, at most this many characters. */
const PASSWORD_MAX = 128;
/** Password checks a person (or a stolen access token) may try per minute. */
const PASSWORD_CHECKS_PER_MINUTE = 10;
/** An export reads everything the person ever sent: a few a day is plenty. */
export const EXPORTS_PER_DAY = 5;
const EXPORT_USAGE_KIND = 'data_export';

/**
 * The person's own account controls (Parley extensions, docs/protocol.md): change password,
 * delete account, export my data. The unsafe ones touch the refresh cookie, so they need CSRF.
 */
export const accountControlRoutes: FastifyPluginAsync<RouteOptions> = async (app, { ctx }) => {
  const auth = requireUser(ctx);

  /** Throws 401 when the account is gone, or `wrong` (a field error) when the password is not its own. */
  async function checkPassword(
    userId: number,
    password: string,
    wrong: Record<string, string[]>,
  ): Promise<void> {
    const stored = await app.accountsRepository.passwordHash(userId);
    if (stored === null) throw detailError(401, ACCOUNT_CONTROL_MESSAGES.accountGone);
    if (!(await verifyPassword(password, stored))) throw fieldError(wrong);
  }

  app.post(
    ACCOUNT_PATHS.changePassword,
    {
      onRequest: requireCsrf,
      preHandler: auth,
      config: { rateLimit: perUserLimit('change-password', PASSWORD_CHECKS_PER_MINUTE) },
    },
    async (request, reply) => {
      const body = objectBody(request.body);
      const fields = new FieldCollector();
      const current = fields.string(body, 'current_password', { trim: false });
      const next = fields.string(body, 'new_password', { trim: false, maxLength: PASSWORD_MAX });
      fields.throwIfAny();
      if (current === undefined || next === undefined) throw new Error('unreachable');

      const me = accountOf(request).id;
      await checkPassword(me, current, {
        current_password: [ACCOUNT_CONTROL_MESSAGES.wrongCurrentPassword],
      });
      if (next === current) {
        throw fieldError({ new_password: [ACCOUNT_CONTROL_MESSAGES.samePassword] });
      }
      await app.accountsRepository.savePasswordHash(me, await hashPassword(next));

      // Every other device signs in again; this one keeps its session (the token's `sid`, or for a
      // token issued before sessions were named, its refresh cookie's family).
      const presented = request.cookies[REFRESH_COOKIE];
      const family =
        request.accountSessionId ??
        (presented ? await liveRefreshTokenFamily(app.sessionsRepository, presented) : null);
      await endSessions(app, me, family ? { exceptFamily: family } : {});
      return reply.code(204).send();
    },
  );

  app.post(
    ACCOUNT_PATHS.deleteAccount,
    {
      onRequest: requireCsrf,
      preHandler: auth,
      config: { rateLimit: perUserLimit('delete-account', PASSWORD_CHECKS_PER_MINUTE) },
    },
    async (request, reply) => {
      const body = objectBody(request.body);
      const fields = new FieldCollector();
      const password = fields.string(body, 'password', { trim: false });
      fields.throwIfAny();
      if (password === undefined) throw new Error('unreachable');

      const me = accountOf(request).id;
      await checkPassword(me, password, { password: [ACCOUNT_CONTROL_MESSAGES.wrongPassword] });
      // Deleting would leave the provider charging a person who can no longer sign in to cancel.
      if (await app.accountsRepository.hasRenewingSubscription(me)) {
        throw detailError(409, ACCOUNT_CONTROL_MESSAGES.renewingSubscription);
      }

      const files = await app.accountsRepository.deleteAccount(me);
      if (!files) throw detailError(401, ACCOUNT_CONTROL_MESSAGES.accountGone);
      clearRefreshCookie(request, reply);
      // The account is gone whatever happens next (its tokens already name nobody): a failure to
      // end the sessions is logged, not answered as a failed deletion.
      await endSessions(app, me).catch((error: unknown) =>
        request.log.error({ err: error }, 'sessions of a deleted account were not ended'),
      );

      await removeDeletedAccountFiles(ctx, files, request.log);
      return reply.code(204).send();
    },
  );

  app.get(ACCOUNT_PATHS.exportData, { preHandler: auth }, async (request, reply) => {
    const me = accountOf(request).id;
    const today = new Date().toISOString().slice(0, 10);
    if (
      !(await app.accountsRepository.takeDailyUnit(me, EXPORT_USAGE_KIND, today, EXPORTS_PER_DAY))
    ) {
      const midnight = new Date(`${today}T00:00:00Z`).getTime() + 24 * 60 * 60 * 1000;
      throw detailError(429, ACCOUNT_CONTROL_MESSAGES.tooManyExports(EXPORTS_PER_DAY), {
        'Retry-After': String(Math.max(1, Math.ceil((midnight - Date.now()) / 1000))),
      });
    }
    const rows = await app.accountsRepository.exportRows(me);
    if (!rows) throw detailError(401, ACCOUNT_CONTROL_MESSAGES.accountGone);
    const body = toAccountExport(me, rows, new Date(), {
      neverTranslated: await app.neverTranslatedRepository.words(me),
    });
    const name = `parley-data-${today}.json`;
    return reply
      .header('Content-Type', 'application/json; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${name}"`)
      .header('Cache-Control', 'no-store')
      .send(JSON.stringify(body, null, 2));
  });
};

function iso(date: Date): string {
  return date.toISOString();
}

/** What the export holds beyond the accounts repository's rows, each from its own repository. */
export interface AccountExportExtras {
  neverTranslated: string[];
}

/** The export's wire shape (AccountExport): own data, other people by username only. */
export function toAccountExport(
  me: number,
  rows: AccountExportRows,
  now: Date,
  extras: AccountExportExtras,
): AccountExport {
  const { user } = rows;
  const titleOf = (room: string, groupName: string | null): string => {
    if (groupName !== null) return groupName;
    const match = /^private-(\d+)-(\d+)$/.exec(room);
    if (!match) return room;
    const [low, high] = [Number(match[1]), Number(match[2])];
    return rows.partnerNames.get(low === me ? high : low) ?? room;
  };
  return {
    format: ACCOUNT_EXPORT_FORMAT,
    version: 1,
    exported_at: iso(now),
    profile: {
      id: user.id,
      username: user.username,
      email: user.email,
      phone: user.phone,
      gender: user.gender as Gender,
      first_name: user.firstName,
      last_name: user.lastName,
      profile_image: user.profileImage,
      language: user.language,
      profile_info: user.profileInfo,
      timezone: user.timezone,
      followers_count: user.followersCount,
      created_at: iso(user.createdAt),
    },
    settings: {
      chat_theme: user.chatTheme as ChatThemeName,
      mute_sounds: user.muteSounds,
      voice_output_enabled: user.voiceOutputEnabled,
      auto_correct: user.autoCorrect,
      interface_language: user.interfaceLanguage,
    },
    messages: rows.messages.map((m) => ({
      id: m.id,
      room: m.room,
      room_title: titleOf(m.room, m.groupName),
      sent_at: iso(m.createdAt),
      message: m.originalMessage,
      language: m.originalLanguage,
      file_type: m.fileType,
      file_name: m.fileName,
      file_url: m.fileUrl,
    })),
    posts: rows.posts.map((p) => ({
      id: p.id,
      content_type: p.contentType,
      content_url: p.contentUrl,
      caption: p.caption,
      caption_language: p.captionLanguage,
      categories: p.categories,
      created_at: iso(p.createdAt),
    })),
    connections: {
      accepted: rows.connections
        .filter((c) => c.status === 'accepted')
        .map((c) => ({ username: c.username, since: iso(c.acceptedAt ?? c.createdAt) })),
      pending_received: rows.connections
        .filter((c) => c.status === 'pending' && !c.sentByMe)
        .map((c) => ({ username: c.username, requested_at: iso(c.createdAt) })),
      pending_sent: rows.connections
        .filter((c) => c.status === 'pending' && c.sentByMe)
        .map((c) => ({ username: c.username, requested_at: iso(c.createdAt) })),
    },
    blocked: rows.blocked.map((b) => ({ username: b.username, since: iso(b.createdAt) })),
    groups: rows.groups.map((g) => ({ name: g.name, joined_at: iso(g.joinedAt) })),
    organization: rows.organization
      ? {
          role: rows.organization.isAdmin ? 'administrator' : 'member',
          administrator: rows.organization.administrator,
          joined_at: iso(rows.organization.joinedAt),
        }
      : null,
    subscription: {
      subscription_active: user.subscriptionActive,
      is_lifetime: user.isLifetime,
      is_org_admin: user.isOrgAdmin,
      org_max_users: user.orgMaxUsers,
      history: rows.subscriptions.map((s) => ({
        plan: s.plan,
        seats: s.seats,
        status: s.status,
        provider: s.provider,
        current_period_end: s.currentPeriodEnd ? iso(s.currentPeriodEnd) : null,
        cancel_at_period_end: s.cancelAtPeriodEnd,
        created_at: iso(s.createdAt),
      })),
    },
    push_devices: rows.pushDevices,
    google_drive: rows.drive
      ? {
          connected_at: iso(rows.drive.connectedAt),
          last_backup_at: rows.drive.lastBackupAt ? iso(rows.drive.lastBackupAt) : null,
        }
      : null,
    never_translated: extras.neverTranslated,
  };
}
