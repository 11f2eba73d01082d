import { LIMITS, SAFETY_PATHS } from '@parley/chat-sdk';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { toUserSummary } from '../accounts/userViews.js';
import type { AppContext } from '../appContext.js';
import { accountOf, requireUser } from '../auth/bearer.js';
import { blocks, messages, reports, users } from '../db/schema.js';
import { FieldCollector, objectBody } from '../http/bodyFields.js';
import { detailError, fieldError } from '../http/errors.js';
import { firstString, parseId } from '../http/queryParams.js';
import { LIMIT_MESSAGES, takeOrRefuse } from '../limits/index.js';
import { resolveRoomAccess } from '../plugins/app/rooms-repository.js';
import { removeConnection } from './connectionStore.js';
import { checkPageInRange, idField, readPage } from './listQuery.js';
import type { SocialPush } from './socialPush.js';

export const REPORT_REASON_MAX = 1000;
/** First key of the advisory lock that serialises one reporter's reports. */
const REPORT_LOCK_SPACE = 22_001;

export const SAFETY_MESSAGES = {
  self: 'You cannot block or report yourself.',
  unknownUser: 'User not found.',
  unknownMessage: 'Message not found.',
} as const;

/**
 * Block, unblock and report (docs/protocol.md, Block and report). Blocking removes any connection
 * between the two; the blocked person is told nothing.
 */
export function registerSafetyRoutes(app: FastifyInstance, ctx: AppContext, push: SocialPush) {
  const { db } = ctx;
  const auth = { preHandler: requireUser(ctx) };

  async function target(body: Record<string, unknown>, me: number): Promise<number> {
    const fields = new FieldCollector();
    const id = idField(fields, body, 'user_id');
    fields.throwIfAny();
    if (id === undefined) throw new Error('unreachable');
    if (id === me) throw fieldError({ user_id: [SAFETY_MESSAGES.self] });
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
    if (!row) throw detailError(404, SAFETY_MESSAGES.unknownUser);
    return id;
  }

  app.post(SAFETY_PATHS.block, auth, async (request, reply) => {
    const meRow = accountOf(request);
    const other = await target(objectBody(request.body), meRow.id);
    await db.insert(blocks).values({ blockerId: meRow.id, blockedId: other }).onConflictDoNothing();
    const removed = await removeConnection(db, meRow.id, other);
    // Their Pending or Chat button falls back to Connect quietly, as if the request were declined.
    if (removed) push([other], { type: 'connection_removed', from_user: toUserSummary(meRow) });
    return reply.code(204).send();
  });

  app.post(SAFETY_PATHS.unblock, auth, async (request, reply) => {
    const me = accountOf(request).id;
    const other = await target(objectBody(request.body), me);
    await db
      .delete(blocks)
      .where(sql`${blocks.blockerId} = ${me} and ${blocks.blockedId} = ${other}`);
    return reply.code(204).send();
  });

  // Paged by a cursor after the last person shown (name, then id), not by offset: unblocking
  // someone on the first page must not make the next page skip a person. `?page=` still works.
  app.get<{ Querystring: Record<string, unknown> }>(SAFETY_PATHS.blocked, auth, async (request) => {
    const me = accountOf(request).id;
    const afterName = firstString(request.query.after_name)?.slice(0, 200);
    const afterId = parseId(firstString(request.query.after_id));
    const cursor = afterName !== undefined && afterId !== null;
    if ((afterName !== undefined || request.query.after_id !== undefined) && !cursor) {
      throw fieldError({ after_id: ['A valid integer is required.'] });
    }
    const page = cursor ? 1 : readPage(request.query);
    const pageSize = LIMITS.pageSize;
    const [totals] = await db
      .select({ total: count() })
      .from(blocks)
      .where(eq(blocks.blockerId, me));
    const total = totals?.total ?? 0;
    if (!cursor) checkPageInRange(page, pageSize, total);
    const name = sql`lower(${users.username})`;
    const rows = await db
      .select({ user: users })
      .from(blocks)
      .innerJoin(users, eq(users.id, blocks.blockedId))
      .where(
        cursor
          ? and(
              eq(blocks.blockerId, me),
              sql`(${name}, ${users.id}) > (${afterName.toLowerCase()}, ${afterId})`,
            )
          : eq(blocks.blockerId, me),
      )
      .orderBy(asc(name), asc(users.id))
      .limit(pageSize + 1)
      .offset(cursor ? 0 : (page - 1) * pageSize);
    const shown = rows.slice(0, pageSize).map((r) => r.user);
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
    const userId = idField(fields, body, 'user_id');
    fields.throwIfAny();
    if (reason === undefined || userId === undefined) throw new Error('unreachable');
    const other = await target({ user_id: userId }, me);

    let messageText: string | null = null;
    if (messageId !== undefined) {
      // Only a message of theirs in a room the reporter is in: nobody reads others' rooms this way.
      const [message] = await db.select().from(messages).where(eq(messages.id, messageId)).limit(1);
      const room = message ? await resolveRoomAccess(db, me, message.room) : null;
      if (!message || !room || message.senderId !== other) {
        throw fieldError({ message_id: [SAFETY_MESSAGES.unknownMessage] });
      }
      messageText = message.originalMessage;
    }
    // One report per reporter and reported person stays open for review (reports have no
    // closing yet, so any earlier one is open); the lock makes two at once count as one.
    const openReport = (database: Pick<typeof db, 'select'>) =>
      database
        .select({ id: reports.id })
        .from(reports)
        .where(and(eq(reports.reporterId, me), eq(reports.reportedUserId, other)))
        .limit(1);
    if ((await openReport(db)).length > 0) throw detailError(409, LIMIT_MESSAGES.reportOpen);
    // Counted outside the transaction: the limit store may use the same database connection.
    await takeOrRefuse(ctx.limits, ctx.limits.rules.reports, me, LIMIT_MESSAGES.reports);
    const row = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${REPORT_LOCK_SPACE}, ${me})`);
      if ((await openReport(tx)).length > 0) throw detailError(409, LIMIT_MESSAGES.reportOpen);
      const [inserted] = await tx
        .insert(reports)
        .values({
          reporterId: me,
          reportedUserId: other,
          reason,
          messageId: messageId ?? null,
          messageText,
        })
        .returning({ id: reports.id });
      return inserted;
    });
    return reply.code(201).send({ id: row?.id });
  });
}
