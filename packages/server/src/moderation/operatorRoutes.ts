import {
  MODERATION_PATHS,
  MODERATION_ROLES,
  type ModerationOverviewResponse,
  type ModerationRoleResponse,
  type RoleActionName,
} from '@parley/chat-sdk';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { RouteOptions } from '../appContext.js';
import { accountOf, requireUser } from '../auth/bearer.js';
import { FieldCollector, idField, objectBody } from '../http/bodyFields.js';
import { detailError } from '../http/errors.js';
import { toAuditEntry } from './auditViews.js';
import { MODERATION_MESSAGES } from './moderationMessages.js';

/** Longest username the roles form may name (usernames are shorter; this only bounds input). */
const USERNAME_MAX = 150;

function readRoleRequest(body: ReturnType<typeof objectBody>) {
  const fields = new FieldCollector();
  const role = fields.choice(body, 'role', MODERATION_ROLES);
  const granted = fields.boolean(body, 'granted');
  const named = body.username !== undefined && body.username !== null;
  const numbered = body.user_id !== undefined && body.user_id !== null;
  let who: { id: number } | { username: string } | undefined;
  if (named === numbered) {
    fields.add('username', MODERATION_MESSAGES.roleNeedsOnePerson);
  } else if (numbered) {
    const id = idField(fields, body, 'user_id');
    if (id !== undefined) who = { id };
  } else {
    const username = fields.string(body, 'username', { maxLength: USERNAME_MAX });
    if (username !== undefined) who = { username };
  }
  fields.throwIfAny();
  if (role === undefined || granted === undefined || who === undefined) {
    throw new Error('unreachable');
  }
  return { role, granted, who };
}

/**
 * Staff's own calls (issue 29; docs/protocol.md, Moderation (issue 29)): the operators' overview
 * and granting or revoking roles. Moderators get 403 too: the overview counts suspensions and
 * translation reports across the whole Parley, and roles decide who moderates.
 */
export const operatorRoutes: FastifyPluginAsync<RouteOptions> = async (app, { ctx }) => {
  const operators = app.operatorsRepository;
  const moderation = app.moderationRepository;
  const signedIn = requireUser(ctx);
  const staff = {
    preHandler: async (request: FastifyRequest) => {
      await signedIn(request);
      if (!accountOf(request).staff) throw detailError(403, MODERATION_MESSAGES.notOperator);
    },
  };

  app.get(MODERATION_PATHS.overview, staff, async (): Promise<ModerationOverviewResponse> => {
    const counts = await operators.overview();
    return {
      open_reports: counts.openReports,
      open_translation_reports: counts.openTranslationReports,
      actions_this_week: counts.actionsThisWeek,
      suspended_accounts: counts.suspendedAccounts,
    };
  });

  app.post(MODERATION_PATHS.roles, staff, async (request, reply) => {
    const { role, granted, who } = readRoleRequest(objectBody(request.body));
    const me = accountOf(request);
    const target = await operators.holder(who);
    if (!target) throw detailError(404, MODERATION_MESSAGES.unknownUser);
    const changed = await operators.setRole(target.id, role, granted);
    // Only revoking the last staff account can be refused (nobody could grant roles again).
    if (!changed) throw detailError(409, MODERATION_MESSAGES.lastStaff);
    const action = `${granted ? 'grant' : 'revoke'}_${role}` as RoleActionName;
    const recorded = await moderation.record({
      actorId: me.id,
      actorUsername: me.username,
      action,
      targetUserId: target.id,
      targetUsername: target.username,
    });
    const answer: ModerationRoleResponse = {
      entry: toAuditEntry(recorded.entry),
      user: changed,
    };
    return reply.code(201).send(answer);
  });
};
