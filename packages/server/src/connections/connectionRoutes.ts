import {
  CONNECTION_PATHS,
  type ConnectionListItem,
  LIMITS,
  type PendingListResponse,
} from '@parley/chat-sdk';
import { and, asc, count, desc, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { toUserSummary } from '../accounts/userViews.js';
import type { AppContext } from '../appContext.js';
import { accountOf, requireUser } from '../auth/bearer.js';
import { connections, type UserRow, users } from '../db/schema.js';
import { FieldCollector, objectBody } from '../http/bodyFields.js';
import { detailError, fieldError } from '../http/errors.js';
import { firstString, likePattern, parseId } from '../http/queryParams.js';
import { LIMIT_MESSAGES, retryAfterSeconds, waitInWords } from '../limits/index.js';
import { isBlockedEitherWay } from './blocks.js';
import {
  acceptConnection,
  connectionBetween,
  removeConnection,
  requestConnection,
  statusFor,
} from './connectionStore.js';
import { checkPageInRange, idField, pagedAnswer, readPage, readSearch } from './listQuery.js';
import type { SocialPush } from './socialPush.js';

export const CONNECTION_MESSAGES = {
  notYourself: 'You can only act as yourself.',
  self: 'You cannot connect with yourself.',
  unknownUser: 'User not found.',
  // Said to a blocked person too: nothing tells them they are blocked.
  cannotRequest: 'This request could not be sent.',
  alreadyPending: 'A connection request is already pending.',
  alreadyConnected: 'You are already connected.',
  noPendingRequest: 'There is no pending request from this user.',
  notConnected: 'There is no connection with this user.',
  statusMustBePending: '"status" must be "pending".',
} as const;

const PENDING_LIST_MAX = 100;

/** The summary columns of a user, for list items and socket frames. */
const summaryColumns = {
  id: users.id,
  username: users.username,
  profileImage: users.profileImage,
  firstName: users.firstName,
  lastName: users.lastName,
  followersCount: users.followersCount,
};

/** `from_user`, when sent, must be the caller: nobody acts in someone else's name. */
function checkFromUser(body: Record<string, unknown>, me: number): void {
  if (body.from_user === undefined || body.from_user === null) return;
  const raw = body.from_user;
  const id = parseId(typeof raw === 'object' ? (raw as { id?: unknown }).id : raw);
  if (id === null) throw fieldError({ from_user: ['A valid integer is required.'] });
  if (id !== me) throw detailError(403, CONNECTION_MESSAGES.notYourself);
}

async function existingUser(ctx: AppContext, id: number): Promise<UserRow> {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, id)).limit(1);
  // A deleted account (a tombstone row) is nobody to connect with.
  if (!row || row.deletedAt !== null) throw detailError(404, CONNECTION_MESSAGES.unknownUser);
  return row;
}

export function registerConnectionRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  push: SocialPush,
): void {
  const { db } = ctx;
  const auth = { preHandler: requireUser(ctx) };
  const pageSize = LIMITS.pageSize;

  app.get<{ Querystring: Record<string, unknown> }>(
    CONNECTION_PATHS.status,
    auth,
    async (request) => {
      const me = accountOf(request).id;
      const other = parseId(firstString(request.query.to_user));
      if (other === null) {
        throw fieldError({
          to_user: [
            request.query.to_user === undefined
              ? 'This field is required.'
              : 'A valid integer is required.',
          ],
        });
      }
      if (other === me) return { status: 'No connection' };
      return statusFor(me, await connectionBetween(db, me, other));
    },
  );

  app.post(CONNECTION_PATHS.request, auth, async (request, reply) => {
    const meRow = accountOf(request);
    const me = meRow.id;
    const body = objectBody(request.body);
    checkFromUser(body, me);
    const fields = new FieldCollector();
    const to = idField(fields, body, 'to_user');
    fields.throwIfAny();
    if (to === undefined) throw new Error('unreachable');
    if (to === me) throw fieldError({ to_user: [CONNECTION_MESSAGES.self] });
    const other = await existingUser(ctx, to);
    if (await isBlockedEitherWay(db, me, to)) {
      throw detailError(403, CONNECTION_MESSAGES.cannotRequest);
    }
    // Each new request notifies its receiver (a frame and a push): request/cancel cycles to one
    // person, and requests to everyone, are budgeted per day.
    const { limits } = ctx;
    const pair = `${me}:${to}`;
    const budgets = [
      [limits.rules.connectionRequestsPerPair, pair, LIMIT_MESSAGES.connectionRequestsPair],
      [limits.rules.connectionRequests, me, LIMIT_MESSAGES.connectionRequests],
    ] as const;
    for (const [rule, subject, message] of budgets) {
      const verdict = await limits.check(rule, subject);
      if (!verdict.allowed) {
        const seconds = retryAfterSeconds(verdict);
        throw detailError(429, message(waitInWords(seconds)), { 'Retry-After': String(seconds) });
      }
    }
    const outcome = await requestConnection(db, me, to);
    if (outcome.kind === 'requested') {
      for (const [rule, subject] of budgets) await limits.take(rule, subject);
    }
    switch (outcome.kind) {
      case 'already-pending':
        throw detailError(409, CONNECTION_MESSAGES.alreadyPending);
      case 'already-connected':
        throw detailError(409, CONNECTION_MESSAGES.alreadyConnected);
      case 'accepted-crossing': {
        // Both asked: the other person's request is the one accepted, and they hear it.
        const [fresh] = await db.select(summaryColumns).from(users).where(eq(users.id, me));
        push([other.id], {
          type: 'connection_accepted',
          to_user: toUserSummary(fresh ?? meRow),
        });
        return reply.code(200).send(outcome.change);
      }
      case 'requested':
        push([other.id], { type: 'connection_request', from_user: toUserSummary(meRow) });
        return reply.code(201).send(outcome.change);
    }
  });

  app.post(CONNECTION_PATHS.accept, auth, async (request) => {
    const me = accountOf(request).id;
    const body = objectBody(request.body);
    const fields = new FieldCollector();
    const requester = idField(fields, body, 'to_user');
    if (body.status !== undefined && body.status !== 'pending') {
      fields.add('status', CONNECTION_MESSAGES.statusMustBePending);
    }
    fields.throwIfAny();
    if (requester === undefined) throw new Error('unreachable');
    if (!(await acceptConnection(db, me, requester))) {
      throw detailError(404, CONNECTION_MESSAGES.noPendingRequest);
    }
    const [fresh] = await db.select(summaryColumns).from(users).where(eq(users.id, me));
    if (fresh) push([requester], { type: 'connection_accepted', to_user: toUserSummary(fresh) });
    return { status: 'accepted' };
  });

  app.post(CONNECTION_PATHS.delete, auth, async (request, reply) => {
    const meRow = accountOf(request);
    const me = meRow.id;
    const body = objectBody(request.body);
    checkFromUser(body, me);
    const fields = new FieldCollector();
    const other = idField(fields, body, 'to_user');
    fields.throwIfAny();
    if (other === undefined) throw new Error('unreachable');
    const removed = await removeConnection(db, me, other);
    if (!removed) throw detailError(404, CONNECTION_MESSAGES.notConnected);
    push([other], { type: 'connection_removed', from_user: toUserSummary(meRow) });
    return reply.code(204).send();
  });

  app.get<{ Querystring: Record<string, unknown> }>(
    CONNECTION_PATHS.acceptedList,
    auth,
    async (request) => {
      const me = accountOf(request).id;
      const page = readPage(request.query);
      const search = readSearch(request.query);
      // The other side of each of my accepted connections.
      const where = and(
        eq(connections.status, 'accepted'),
        or(eq(connections.fromUserId, me), eq(connections.toUserId, me)),
        ne(users.id, me),
        search ? ilike(users.username, likePattern(search)) : undefined,
      );
      const joinOn = or(
        and(eq(connections.fromUserId, me), eq(users.id, connections.toUserId)),
        and(eq(connections.toUserId, me), eq(users.id, connections.fromUserId)),
      ) as SQL;
      const [totals] = await db
        .select({ total: count() })
        .from(connections)
        .innerJoin(users, joinOn)
        .where(where);
      const total = totals?.total ?? 0;
      checkPageInRange(page, pageSize, total);
      const rows = await db
        .select(summaryColumns)
        .from(connections)
        .innerJoin(users, joinOn)
        .where(where)
        .orderBy(asc(sql`lower(${users.username})`), asc(users.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      return pagedAnswer<ConnectionListItem>(
        CONNECTION_PATHS.acceptedList,
        page,
        pageSize,
        total,
        rows.map(toUserSummary),
        { search },
      );
    },
  );

  /** Requests waiting for me, newest first, optionally from one user and by username. */
  function pendingWhere(me: number, query: Record<string, unknown>) {
    const search = readSearch(query);
    const fromText = firstString(query.from_user);
    let from: number | undefined;
    if (fromText !== undefined && fromText !== '') {
      const id = parseId(fromText);
      if (id === null) throw fieldError({ from_user: ['A valid integer is required.'] });
      from = id;
    }
    return {
      search,
      from,
      where: and(
        eq(connections.toUserId, me),
        eq(connections.status, 'pending'),
        from !== undefined ? eq(connections.fromUserId, from) : undefined,
        search ? ilike(users.username, likePattern(search)) : undefined,
      ),
    };
  }

  app.get<{ Querystring: Record<string, unknown> }>(
    CONNECTION_PATHS.pending,
    auth,
    async (request) => {
      const me = accountOf(request).id;
      const page = readPage(request.query);
      const { search, from, where } = pendingWhere(me, request.query);
      const [totals] = await db
        .select({ total: count() })
        .from(connections)
        .innerJoin(users, eq(users.id, connections.fromUserId))
        .where(where);
      const total = totals?.total ?? 0;
      checkPageInRange(page, pageSize, total);
      const rows = await db
        .select(summaryColumns)
        .from(connections)
        .innerJoin(users, eq(users.id, connections.fromUserId))
        .where(where)
        .orderBy(desc(connections.createdAt), desc(connections.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      return pagedAnswer<ConnectionListItem>(
        CONNECTION_PATHS.pending,
        page,
        pageSize,
        total,
        rows.map(toUserSummary),
        { search, from_user: from === undefined ? undefined : String(from) },
      );
    },
  );

  app.get<{ Querystring: Record<string, unknown> }>(
    CONNECTION_PATHS.pendingList,
    auth,
    async (request): Promise<PendingListResponse> => {
      const me = accountOf(request).id;
      const { where } = pendingWhere(me, request.query);
      const [totals] = await db
        .select({ total: count() })
        .from(connections)
        .innerJoin(users, eq(users.id, connections.fromUserId))
        .where(where);
      const rows = await db
        .select(summaryColumns)
        .from(connections)
        .innerJoin(users, eq(users.id, connections.fromUserId))
        .where(where)
        .orderBy(desc(connections.createdAt), desc(connections.id))
        .limit(PENDING_LIST_MAX);
      return { count: totals?.total ?? 0, results: rows.map(toUserSummary) };
    },
  );
}
