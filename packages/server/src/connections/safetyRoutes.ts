import { LIMITS, SAFETY_PATHS } from '@parley/chat-sdk';
import type { FastifyPluginAsync } from 'fastify';
import { toUserSummary } from '../accounts/userViews.js';
import { accountOf, requireUser } from '../auth/bearer.js';
import { FieldCollector, idField, objectBody } from '../http/bodyFields.js';
import { detailError, fieldError } from '../http/errors.js';
import { checkPageInRange, readPage } from '../http/paging.js';
import { firstString, parseId } from '../http/queryParams.js';
import { LIMIT_MESSAGES, takeOrRefuse } from '../limits/index.js';
import { reportablePost } from '../posts/reportedPost.js';
import type { ConnectionRouteOptions } from './connectionRoutes.js';

export const REPORT_REASON_MAX = 1000;

export const SAFETY_MESSAGES = {
  self: 'You cannot block or report yourself.',
  unknownUser: 'User not found.',
  unknownMessage: 'Message not found.',
  unknownPost: 'Post not found.',
  messageOrPost: 'Report a message or a post, not both.',
} as const;

/**
 * Block, unblock and report (docs/protocol.md, Block and report). Blocking removes any connection
 * between the two; the blocked person is told nothing.
 */
export const safetyRoutes: FastifyPluginAsync<ConnectionRouteOptions> = async (
  app,
  { ctx, push },
) => {
  const connections = app.connectionsRepository;
  const auth = { preHandler: requireUser(ctx) };

  async function target(body: Record<string, unknown>, me: number): Promise<number> {
    const fields = new FieldCollector();
    const id = idField(fields, body, 'user_id');
    fields.throwIfAny();
    if (id === undefined) throw new Error('unreachable');
    if (id === me) throw fieldError({ user_id: [SAFETY_MESSAGES.self] });
    if (!(await app.usersRepository.exists(id))) {
      throw detailError(404, SAFETY_MESSAGES.unknownUser);
    }
    return id;
  }

  app.post(SAFETY_PATHS.block, auth, async (request, reply) => {
    const meRow = accountOf(request);
    const other = await target(objectBody(request.body), meRow.id);
    await connections.block(meRow.id, other);
    // Issue 29: the blocker's open chats (every device) collapse the person's group messages.
    push([meRow.id], { type: 'block_changed', user_id: other, blocked: true });
    const removed = await connections.remove(meRow.id, other);
    // Their Pending or Chat button falls back to Connect quietly, as if the request were declined.
    if (removed) push([other], { type: 'connection_removed', from_user: toUserSummary(meRow) });
    return reply.code(204).send();
  });

  app.post(SAFETY_PATHS.unblock, auth, async (request, reply) => {
    const me = accountOf(request).id;
    const other = await target(objectBody(request.body), me);
    await connections.unblock(me, other);
    push([me], { type: 'block_changed', user_id: other, blocked: false });
    return reply.code(204).send();
  });

  // Paged by a cursor after the last person shown (name, then id), not by offset: unblocking
  // someone on the first page must not make the next page skip a person. `?page=` still works.
  app.get<{ Querystring: Record<string, unknown> }>(SAFETY_PATHS.blocked, auth, async (request) => {
    const me = accountOf(request).id;
    const afterName = firstString(request.query.after_name)?.slice(0, 200);
    const afterId = parseId(firstString(request.query.after_id));
    const after =
      afterName !== undefined && afterId !== null ? { name: afterName, id: afterId } : undefined;
    if ((afterName !== undefined || request.query.after_id !== undefined) && !after) {
      throw fieldError({ after_id: ['A valid integer is required.'] });
    }
    const page = after ? 1 : readPage(request.query);
    const pageSize = LIMITS.pageSize;
    const offset = after ? 0 : (page - 1) * pageSize;
    // One past the page says whether there is a next one.
    const query = { blocker: me, after, limit: pageSize + 1, offset };
    const { rows, total } = await connections.blockedPage(query);
    if (!after) checkPageInRange(page, pageSize, total);
    const shown = rows.slice(0, pageSize);
    const last = shown.at(-1);
    const next =
      rows.length > pageSize && last
        ? `${SAFETY_PATHS.blocked}?${new URLSearchParams({
            after_name: last.username.toLowerCase(),
            after_id: String(last.id),
          })}`
        : null;
    return { results: shown.map(toUserSummary), next, count: total };
  });

  app.post(SAFETY_PATHS.report, auth, async (request, reply) => {
    const me = accountOf(request).id;
    const body = objectBody(request.body);
    const fields = new FieldCollector();
    const reason = fields.string(body, 'reason', { maxLength: REPORT_REASON_MAX });
    let messageId: number | undefined;
    if (body.message_id !== undefined && body.message_id !== null) {
      messageId = idField(fields, body, 'message_id');
    }
    // Issue 29 (Parley extension): a post of theirs instead of a message.
    let postId: number | undefined;
    if (body.post_id !== undefined && body.post_id !== null) {
      postId = idField(fields, body, 'post_id');
      if (messageId !== undefined) fields.add('post_id', SAFETY_MESSAGES.messageOrPost);
    }
    const userId = idField(fields, body, 'user_id');
    fields.throwIfAny();
    if (reason === undefined || userId === undefined) throw new Error('unreachable');
    const other = await target({ user_id: userId }, me);

    let messageText: string | null = null;
    if (messageId !== undefined) {
      // Only a message of theirs in a room the reporter is in: nobody reads others' rooms this way.
      const message = await connections.reportedMessage(messageId);
      const room = message ? await app.roomsRepository.access(me, message.room) : null;
      if (!message || !room || message.senderId !== other) {
        throw fieldError({ message_id: [SAFETY_MESSAGES.unknownMessage] });
      }
      messageText = message.originalMessage;
    }
    if (postId !== undefined) {
      // 404 alike for a post that is missing, someone else's or hidden from the reporter.
      const post = await reportablePost(app, postId, other, me);
      if (!post) throw detailError(404, SAFETY_MESSAGES.unknownPost);
      messageText = post.caption;
    }
    // One report per reporter and reported person stays open for review: a second while the
    // first is unresolved answers 409 (issue 29: once a moderator resolved it, a new one may come).
    if (await connections.hasOpenReport(me, other, postId)) {
      throw detailError(409, LIMIT_MESSAGES.reportOpen);
    }
    // Counted outside the transaction: the limit store may use the same database connection.
    await takeOrRefuse(ctx.limits, ctx.limits.rules.reports, me, LIMIT_MESSAGES.reports);
    const id = await connections.fileReport({
      reporterId: me,
      reportedUserId: other,
      reason,
      messageId: messageId ?? null,
      messageText,
      postId: postId ?? null,
    });
    if (id === null) throw detailError(409, LIMIT_MESSAGES.reportOpen);
    return reply.code(201).send({ id });
  });
};
