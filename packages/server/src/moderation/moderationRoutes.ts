import {
  MODERATION_ACTIONS,
  MODERATION_LIMITS,
  MODERATION_PATHS,
  MODERATION_QUEUE_SORTS,
  type ModerationAuditResponse,
  type ModerationNotice,
  type ModerationNoticesResponse,
  type ModerationQueueSort,
  ROLE_ACTIONS,
} from '@parley/chat-sdk';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { RouteOptions } from '../appContext.js';
import { accountOf, requireUser } from '../auth/bearer.js';
import type { ChatFanout } from '../chat/chatFanout.js';
import type { ChatTranslation } from '../chat/messageTranslation.js';
import type { UserRow } from '../db/schema.js';
import { FieldCollector, idField, type JsonObject, objectBody } from '../http/bodyFields.js';
import { detailError, fieldError } from '../http/errors.js';
import { firstString, parseId } from '../http/queryParams.js';
import type { ChatFileStore } from '../media/chatFiles.js';
import { toAuditEntry } from './auditViews.js';
import { type ActionInput, performAction } from './moderationActions.js';
import { MODERATION_MESSAGES } from './moderationMessages.js';
import { reviewQueue } from './moderationQueue.js';

export interface ModerationRouteOptions extends RouteOptions {
  fanout: ChatFanout;
  files: ChatFileStore;
  translation: ChatTranslation;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the moderation routes: null for moderators and staff, else an organisation's people. */
    moderationScope?: ReadonlySet<number> | null;
  }
}

/** Notices one answer lists. */
const NOTICES_SHOWN = 50;

/** Ids a list field may name at once. */
const IDS_MAX = 100;

function isModerator(user: UserRow): boolean {
  return user.staff || user.moderator;
}

/** An optional list of ids, or undefined after recording the field error. */
function idList(fields: FieldCollector, body: JsonObject, field: string): number[] | undefined {
  const raw = body[field];
  if (raw === undefined || raw === null) return undefined;
  if (!Array.isArray(raw) || raw.length > IDS_MAX) {
    fields.add(field, `A list of at most ${IDS_MAX} ids is required.`);
    return undefined;
  }
  const ids: number[] = [];
  for (const item of raw) {
    const id = parseId(item);
    if (id === null) {
      fields.add(field, 'A valid integer is required.');
      return undefined;
    }
    ids.push(id);
  }
  return [...new Set(ids)];
}

function readAction(body: JsonObject): ActionInput {
  const fields = new FieldCollector();
  const action = fields.choice(body, 'action', MODERATION_ACTIONS);
  const reason =
    body.reason === undefined || body.reason === null
      ? ''
      : (fields.string(body, 'reason', {
          maxLength: MODERATION_LIMITS.reasonMax,
          allowBlank: true,
        }) ?? '');
  const reportIds = idList(fields, body, 'report_ids');
  const translationReportIds = idList(fields, body, 'translation_report_ids');
  let userId: number | undefined;
  let messageId: number | undefined;
  let until: Date | null | undefined;
  let postId: number | undefined;
  if (action === 'remove_message') messageId = idField(fields, body, 'message_id');
  else if (action === 'remove_post') postId = idField(fields, body, 'post_id');
  else if (action !== undefined && action !== 'dismiss') userId = idField(fields, body, 'user_id');
  if (action === 'warn' && reason === '' && !fields.has('reason')) {
    fields.add('reason', MODERATION_MESSAGES.needsReason);
  }
  if (action === 'dismiss' && !reportIds?.length && !translationReportIds?.length) {
    if (!fields.has('report_ids')) fields.add('report_ids', MODERATION_MESSAGES.needsTarget);
  }
  if (action === 'suspend' && body.until !== undefined && body.until !== null) {
    const parsed = typeof body.until === 'string' ? new Date(body.until) : null;
    if (!parsed || Number.isNaN(parsed.getTime())) {
      fields.add('until', 'A valid ISO date and time is required.');
    } else if (parsed.getTime() <= Date.now()) {
      fields.add('until', MODERATION_MESSAGES.untilInPast);
    } else until = parsed;
  } else if (action === 'suspend') until = null;
  fields.throwIfAny();
  if (action === undefined) throw new Error('unreachable');
  return {
    action,
    reason,
    ...(userId !== undefined ? { userId } : {}),
    ...(messageId !== undefined ? { messageId } : {}),
    ...(postId !== undefined ? { postId } : {}),
    ...(reportIds ? { reportIds } : {}),
    ...(translationReportIds ? { translationReportIds } : {}),
    ...(until !== undefined ? { until } : {}),
  };
}

/** An optional id in the query, or a field error. */
function queryId(request: FastifyRequest<{ Querystring: Record<string, unknown> }>, key: string) {
  const raw = firstString(request.query[key]);
  if (raw === undefined) return undefined;
  const id = parseId(raw);
  if (id === null) throw fieldError({ [key]: ['A valid integer is required.'] });
  return id;
}

/**
 * Issue 29's review queue, actions and audit log (docs/protocol.md, Moderation (issue 29)).
 * Signed-in people who are neither moderators nor staff get 403; the audit log is staff's.
 */
export const moderationRoutes: FastifyPluginAsync<ModerationRouteOptions> = async (
  app,
  { ctx, fanout, files, translation },
) => {
  const repository = app.moderationRepository;
  const signedIn = requireUser(ctx);
  /** Null for moderators and staff; an organisation administrator's people; else 403. */
  async function scopeOf(request: FastifyRequest): Promise<ReadonlySet<number> | null> {
    const me = accountOf(request);
    if (isModerator(me)) return null;
    const organisation = me.isOrgAdmin ? await repository.organisationOf(me.id) : null;
    if (!organisation) throw detailError(403, MODERATION_MESSAGES.notModerator);
    return organisation;
  }
  const moderators = {
    preHandler: async (request: FastifyRequest) => {
      await signedIn(request);
      request.moderationScope = await scopeOf(request);
    },
  };
  const staff = {
    preHandler: async (request: FastifyRequest) => {
      await signedIn(request);
      if (!accountOf(request).staff) throw detailError(403, MODERATION_MESSAGES.notStaff);
    },
  };

  app.get<{ Querystring: Record<string, unknown> }>(
    MODERATION_PATHS.reports,
    moderators,
    async (request) => {
      const sortRaw = firstString(request.query.sort) ?? 'newest';
      if (!(MODERATION_QUEUE_SORTS as readonly string[]).includes(sortRaw)) {
        throw fieldError({ sort: [`"${sortRaw.slice(0, 40)}" is not a valid choice.`] });
      }
      const me = accountOf(request);
      return reviewQueue(
        {
          repository,
          translation,
          actions: app.messageActionsRepository,
          posts: app.postsRepository,
        },
        { id: me.id, language: me.language, scope: request.moderationScope ?? null },
        sortRaw as ModerationQueueSort,
      );
    },
  );

  app.post(MODERATION_PATHS.actions, moderators, async (request, reply) => {
    const input = readAction(objectBody(request.body));
    const answer = await performAction(
      {
        app,
        ctx,
        repository,
        fanout,
        files,
        translator: translation.translator,
        log: request.log,
      },
      { user: accountOf(request), scope: request.moderationScope ?? null },
      input,
    );
    return reply.code(201).send(answer);
  });

  // Anyone's own notices (a warning, a report acted on): the socket frame reaches only open apps.
  app.get(
    MODERATION_PATHS.notices,
    { preHandler: signedIn },
    async (request): Promise<ModerationNoticesResponse> => {
      const rows = await repository.noticesOf(accountOf(request).id, NOTICES_SHOWN);
      return {
        results: rows.map((row) => ({
          id: row.id,
          kind: row.kind as ModerationNotice['kind'],
          message: row.message,
          created_at: row.createdAt.toISOString(),
        })),
      };
    },
  );

  app.get<{ Querystring: Record<string, unknown> }>(
    MODERATION_PATHS.audit,
    staff,
    async (request): Promise<ModerationAuditResponse> => {
      const actorId = queryId(request, 'actor_id');
      const targetId = queryId(request, 'target_id');
      const beforeId = queryId(request, 'before_id');
      const action = firstString(request.query.action);
      const known: readonly string[] = [...MODERATION_ACTIONS, ...ROLE_ACTIONS];
      if (action !== undefined && !known.includes(action)) {
        throw fieldError({ action: [`"${action.slice(0, 40)}" is not a valid choice.`] });
      }
      const limit = MODERATION_LIMITS.auditPageSize;
      const rows = await repository.auditPage({
        limit: limit + 1,
        ...(actorId !== undefined ? { actorId } : {}),
        ...(targetId !== undefined ? { targetId } : {}),
        ...(beforeId !== undefined ? { beforeId } : {}),
        ...(action !== undefined ? { action } : {}),
      });
      const shown = rows.slice(0, limit);
      const last = shown.at(-1);
      let next: string | null = null;
      if (rows.length > limit && last) {
        const params = new URLSearchParams();
        if (actorId !== undefined) params.set('actor_id', String(actorId));
        if (targetId !== undefined) params.set('target_id', String(targetId));
        if (action !== undefined) params.set('action', action);
        params.set('before_id', String(last.id));
        next = `${MODERATION_PATHS.audit}?${params}`;
      }
      return { results: shown.map(toAuditEntry), next };
    },
  );
};
