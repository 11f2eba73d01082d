import {
  languageCodeForName,
  type ModerationActionName,
  type ModerationActionResponse,
  type ModerationNoticeFrame,
} from '@parley/chat-sdk';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { removeDeletedAccountFiles } from '../accounts/deletedAccountFiles.js';
import type { AppContext } from '../appContext.js';
import type { ChatFanout } from '../chat/chatFanout.js';
import type { UserRow } from '../db/schema.js';
import { detailError, fieldError } from '../http/errors.js';
import type { ChatFileStore } from '../media/chatFiles.js';
import type { ModerationRepository, NewAuditRow } from '../plugins/app/moderation-repository.js';
import { translateSafely } from '../translation/translateSafely.js';
import type { Translator } from '../translation/translator.js';
import { toAuditEntry } from './auditViews.js';
import { isSuspended, MODERATION_MESSAGES, SUSPENDED_FOREVER } from './moderationMessages.js';
import { removeReportedPost } from './postRemoval.js';

export interface ActionDeps {
  app: FastifyInstance;
  ctx: AppContext;
  repository: ModerationRepository;
  fanout: ChatFanout;
  files: ChatFileStore;
  translator: Translator;
  log: FastifyBaseLogger;
}

/** An action as the route read it (validated shapes; existence is checked here). */
export interface ActionInput {
  action: ModerationActionName;
  userId?: number;
  messageId?: number;
  /** remove_post (issue 29). */
  postId?: number;
  reportIds?: number[];
  translationReportIds?: number[];
  reason: string;
  /** suspend: the end; null: until lifted. */
  until?: Date | null;
}

/** What an organisation administrator may do inside their organisation (issue 29). */
const ORGANISATION_ACTIONS: readonly ModerationActionName[] = ['dismiss', 'remove_message', 'warn'];

/** The acting person and, for an organisation administrator, the people they moderate. */
export interface Actor {
  user: UserRow;
  /** Null for moderators and staff (no limit). */
  scope: ReadonlySet<number> | null;
}

/** Refuses what lies outside an organisation administrator's organisation. */
function inScope(scope: ReadonlySet<number> | null, ids: readonly number[]): void {
  if (scope !== null && ids.some((id) => !scope.has(id))) {
    throw detailError(403, MODERATION_MESSAGES.outsideOrganisation);
  }
}

interface Target {
  user: UserRow;
  /** The message acted on (remove_message), with its text for the record. */
  message?: { id: number; room: string; text: string };
  /** The post acted on (remove_post), with its caption for the record. */
  post?: { id: number; text: string };
}

async function targetOf(deps: ActionDeps, by: Actor, input: ActionInput): Promise<Target> {
  const actor = by.user;
  if (by.scope !== null && !ORGANISATION_ACTIONS.includes(input.action)) {
    throw detailError(403, MODERATION_MESSAGES.organisationActions);
  }
  if (by.scope !== null && input.translationReportIds?.length) {
    throw detailError(403, MODERATION_MESSAGES.outsideOrganisation);
  }
  let userId = input.userId;
  let message: Target['message'];
  if (input.action === 'remove_message') {
    if (input.messageId === undefined) throw new Error('unreachable');
    const info = await deps.repository.messageInfo(input.messageId);
    if (!info) throw fieldError({ message_id: [MODERATION_MESSAGES.unknownMessage] });
    if (info.deletedAt) throw detailError(409, MODERATION_MESSAGES.alreadyRemoved);
    userId = info.senderId;
    message = { id: info.id, room: info.room, text: info.originalMessage };
    // Inside the organisation: everyone who reads the room is one of its people.
    inScope(by.scope, [info.senderId, ...(await deps.repository.roomMemberIds(info.room))]);
  }
  let post: Target['post'];
  if (input.action === 'remove_post') {
    if (input.postId === undefined) throw new Error('unreachable');
    const row = await deps.app.postsRepository.byId(input.postId);
    if (!row) throw fieldError({ post_id: [MODERATION_MESSAGES.unknownPost] });
    userId = row.authorId;
    post = { id: row.id, text: row.caption };
  }
  if (input.action === 'dismiss') {
    const [report] = await deps.repository.openReportsByIds(input.reportIds ?? []);
    const [translation] = await deps.repository.openTranslationReportsByIds(
      input.translationReportIds ?? [],
    );
    if (report) userId = report.reportedUserId;
    else if (translation) {
      userId = (await deps.repository.messageInfo(translation.messageId))?.senderId;
    } else throw fieldError({ report_ids: [MODERATION_MESSAGES.unknownReports] });
  }
  const user = userId === undefined ? null : await deps.app.usersRepository.byId(userId);
  if (!user || user.deletedAt) throw fieldError({ user_id: [MODERATION_MESSAGES.unknownUser] });
  inScope(by.scope, [user.id]);
  if (user.id === actor.id && input.action !== 'dismiss') {
    throw fieldError({ user_id: [MODERATION_MESSAGES.selfAction] });
  }
  // A moderator does not act on other moderators or staff; staff may act on moderators.
  if (input.action !== 'dismiss' && (user.staff || (user.moderator && !actor.staff))) {
    throw detailError(403, MODERATION_MESSAGES.staffTarget);
  }
  return { user, ...(message ? { message } : {}), ...(post ? { post } : {}) };
}

/**
 * Which open reports the action closes: the ones named (they must be open and about the
 * target), else for anything but dismiss every open report about the target (remove_message:
 * about that message).
 */
async function reportsClosed(
  deps: ActionDeps,
  by: Actor,
  input: ActionInput,
  target: Target,
): Promise<{ reportIds: number[]; translationReportIds: number[] }> {
  const named = input.reportIds ?? [];
  if (named.length > 0) {
    const open = await deps.repository.openReportsByIds(named);
    if (open.length !== named.length || open.some((r) => r.reportedUserId !== target.user.id)) {
      throw fieldError({ report_ids: [MODERATION_MESSAGES.unknownReports] });
    }
    inScope(
      by.scope,
      open.map((r) => r.reporterId),
    );
  }
  const namedTranslation = input.translationReportIds ?? [];
  if (namedTranslation.length > 0) {
    const open = await deps.repository.openTranslationReportsByIds(namedTranslation);
    if (open.length !== namedTranslation.length) {
      throw fieldError({ translation_report_ids: [MODERATION_MESSAGES.unknownReports] });
    }
  }
  if (named.length > 0 || input.action === 'dismiss') {
    return { reportIds: named, translationReportIds: namedTranslation };
  }
  const all = (await deps.repository.openReports()).filter(
    (r) =>
      r.reportedUserId === target.user.id &&
      (by.scope === null || by.scope.has(r.reporterId)) &&
      (target.message === undefined || r.messageId === target.message.id) &&
      (target.post === undefined || r.postId === target.post.id),
  );
  return { reportIds: all.map((r) => r.id), translationReportIds: namedTranslation };
}

/** A notice to one person, in their language where the translator can. */
async function notify(
  deps: ActionDeps,
  userId: number,
  kind: ModerationNoticeFrame['kind'],
  parts: { text: string; language: string }[],
): Promise<void> {
  const language = await deps.app.usersRepository.languageOf(userId);
  const to = language ? (languageCodeForName(language) ?? 'en') : 'en';
  const words = await Promise.all(
    parts.map(async (part) =>
      part.text === ''
        ? ''
        : (
            await translateSafely(deps.translator, part.text, part.language, to, {
              onFailure: (error) => deps.log.warn({ err: error }, 'moderation notice untranslated'),
            })
          ).text,
    ),
  );
  // Stored first, so a person who is offline reads it later (GET /moderation/notices/).
  const stored = await deps.repository.addNotice(
    userId,
    kind,
    words.filter((w) => w !== '').join(' '),
  );
  const frame: ModerationNoticeFrame = {
    type: 'moderation_notice',
    id: stored.id,
    kind,
    message: stored.message,
    created_at: stored.createdAt.toISOString(),
  };
  deps.fanout.publish({ recipients: [userId], room: '', frame });
}

async function removeMessage(deps: ActionDeps, message: NonNullable<Target['message']>) {
  // The same path as a sender's delete for everyone (frames/messageActions.ts).
  const removed = await deps.app.messageActionsRepository.deleteForEveryone(message.id);
  // Deleted meanwhile (its sender, or another moderator): nobody needs telling twice.
  if (removed === null) return;
  for (const name of removed) {
    await deps.files
      .remove(name)
      .catch((error: unknown) =>
        deps.log.warn({ err: error, name }, 'removing a moderated message file failed'),
      );
  }
  deps.fanout.publish({
    recipients: await deps.repository.roomMemberIds(message.room),
    room: message.room,
    frame: { type: 'message_deleted', message_id: message.id, room_name: message.room },
  });
}

/** Performs one moderator's action and writes its one audit row. */
export async function performAction(
  deps: ActionDeps,
  by: Actor,
  input: ActionInput,
): Promise<ModerationActionResponse> {
  const actor = by.user;
  const target = await targetOf(deps, by, input);
  const closing = await reportsClosed(deps, by, input, target);
  const { user } = target;
  const entry: NewAuditRow = {
    actorId: actor.id,
    actorUsername: actor.username,
    action: input.action,
    targetUserId: user.id,
    targetUsername: user.username,
    messageId: target.message?.id ?? null,
    // remove_post keeps the post's caption here (the log has no post column).
    messageText: target.message?.text ?? target.post?.text ?? null,
    reason: input.reason,
  };

  if (input.action === 'suspend') entry.suspendedUntil = input.until ?? SUSPENDED_FOREVER;
  if (input.action === 'lift_suspension' && !isSuspended(user.suspendedUntil)) {
    throw detailError(409, MODERATION_MESSAGES.notSuspended);
  }
  // As for a person deleting their own account (accountControlRoutes.ts): a provider would go
  // on charging someone who can no longer sign in to cancel. The billing code has no way to
  // cancel for them, so the moderator is told to suspend instead; nothing is recorded.
  if (
    input.action === 'delete_account' &&
    (await deps.app.accountsRepository.hasRenewingSubscription(user.id))
  ) {
    throw detailError(409, MODERATION_MESSAGES.renewingSubscription);
  }
  // Recorded first: nothing is removed, suspended or deleted without its audit row.
  const recorded = await deps.repository.record(entry, closing);

  switch (input.action) {
    case 'dismiss':
    case 'warn':
      break;
    case 'remove_message':
      if (target.message) await removeMessage(deps, target.message);
      break;
    case 'remove_post':
      if (target.post)
        await removeReportedPost(deps.app, deps.ctx.media.objects, target.post.id, deps.log);
      break;
    case 'suspend':
      await deps.repository.setSuspension(user.id, entry.suspendedUntil ?? SUSPENDED_FOREVER);
      // Tokens stop at once and every socket closes with the suspension as its reason.
      await deps.app.sessions.endUserSessions(user.id, { reason: 'suspended' });
      break;
    case 'lift_suspension':
      await deps.repository.setSuspension(user.id, null);
      break;
    case 'delete_account': {
      const files = await deps.app.accountsRepository.deleteAccount(user.id);
      if (!files) break;
      await deps.app.sessions
        .endUserSessions(user.id)
        .catch((error: unknown) =>
          deps.log.error({ err: error }, 'sessions of a deleted account were not ended'),
        );
      await removeDeletedAccountFiles(deps.ctx, files, deps.log);
      break;
    }
  }

  const actorLanguage = languageCodeForName(actor.language) ?? 'en';
  const notices: Promise<void>[] = [];
  if (input.action === 'warn') {
    notices.push(
      notify(deps, user.id, 'warning', [
        { text: MODERATION_MESSAGES.warning, language: 'en' },
        { text: input.reason, language: actorLanguage },
      ]),
    );
  }
  const told =
    input.action === 'dismiss'
      ? MODERATION_MESSAGES.reportDismissed
      : MODERATION_MESSAGES.reportResolved;
  for (const reporter of recorded.reporterIds) {
    notices.push(notify(deps, reporter, 'report_resolved', [{ text: told, language: 'en' }]));
  }
  // A notice that fails to go out must not undo an action already recorded.
  for (const result of await Promise.allSettled(notices)) {
    if (result.status === 'rejected') {
      deps.log.warn({ err: result.reason }, 'a moderation notice was not sent');
    }
  }
  return { entry: toAuditEntry(recorded.entry), resolved_reports: recorded.resolved };
}
