import {
  CONNECTION_PATHS,
  type ConnectionListItem,
  LIMITS,
  type PendingListResponse,
} from '@parley/chat-sdk';
import type { FastifyPluginAsync } from 'fastify';
import { toListedUser } from '../accounts/listedUserLanguages.js';
import { toUserSummary } from '../accounts/userViews.js';
import type { AppContext } from '../appContext.js';
import { accountOf, requireUser } from '../auth/bearer.js';
import { FieldCollector, idField, objectBody } from '../http/bodyFields.js';
import { detailError, fieldError } from '../http/errors.js';
import { checkPageInRange, pagedAnswer, readPage, readSearch } from '../http/paging.js';
import { firstString, parseId } from '../http/queryParams.js';
import { SERVER_MESSAGE_SOURCE } from '../i18n/serverMessageSource.js';
import { statusFor } from './connectionStatus.js';
import { requestConnection } from './requestConnection.js';
import type { SocialPush } from './socialPush.js';

// English from the server catalog (issue 27). `cannotRequest` is said to a blocked person too:
// nothing tells them they are blocked.
export const CONNECTION_MESSAGES = SERVER_MESSAGE_SOURCE.connections;

const PENDING_LIST_MAX = 100;

/** `from_user`, when sent, must be the caller: nobody acts in someone else's name. */
function checkFromUser(body: Record<string, unknown>, me: number): void {
  if (body.from_user === undefined || body.from_user === null) return;
  const raw = body.from_user;
  const id = parseId(typeof raw === 'object' ? (raw as { id?: unknown }).id : raw);
  if (id === null) throw fieldError({ from_user: ['A valid integer is required.'] });
  if (id !== me) throw detailError(403, CONNECTION_MESSAGES.notYourself);
}

/** The required `to_user` of a body (an id or a user object). */
function toUserField(body: Record<string, unknown>, extra?: (fields: FieldCollector) => void) {
  const fields = new FieldCollector();
  const id = idField(fields, body, 'to_user');
  extra?.(fields);
  fields.throwIfAny();
  if (id === undefined) throw new Error('unreachable');
  return id;
}

/** The optional `?from_user=` of the pending lists. */
function fromUserQuery(query: Record<string, unknown>): number | undefined {
  const text = firstString(query.from_user);
  if (text === undefined || text === '') return undefined;
  const id = parseId(text);
  if (id === null) throw fieldError({ from_user: ['A valid integer is required.'] });
  return id;
}

export interface ConnectionRouteOptions {
  ctx: AppContext;
  push: SocialPush;
}

/** Connection status, requests and their answers, and the lists (docs/protocol.md). */
export const connectionRoutes: FastifyPluginAsync<ConnectionRouteOptions> = async (
  app,
  { ctx, push },
) => {
  const connections = app.connectionsRepository;
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
      return statusFor(me, await connections.between(me, other));
    },
  );

  app.post(CONNECTION_PATHS.request, auth, async (request, reply) => {
    const meRow = accountOf(request);
    const body = objectBody(request.body);
    checkFromUser(body, meRow.id);
    const to = toUserField(body);
    if (to === meRow.id) throw fieldError({ to_user: [CONNECTION_MESSAGES.self] });
    const deps = { users: app.usersRepository, connections, limits: ctx.limits };
    const result = await requestConnection(deps, meRow.id, to, meRow.createdAt);
    switch (result.kind) {
      case 'unknown-user':
        throw detailError(404, CONNECTION_MESSAGES.unknownUser);
      case 'refused':
        throw detailError(403, CONNECTION_MESSAGES.cannotRequest);
      case 'limited':
        throw detailError(429, result.detail, { 'Retry-After': String(result.retryAfterSeconds) });
      case 'already-pending':
        throw detailError(409, CONNECTION_MESSAGES.alreadyPending);
      case 'already-connected':
        throw detailError(409, CONNECTION_MESSAGES.alreadyConnected);
      case 'accepted-crossing': {
        // Both asked: the other person's request is the one accepted, and they hear it.
        const fresh = await connections.summary(meRow.id);
        const toUser = toUserSummary(fresh ?? meRow);
        push([result.receiver.id], { type: 'connection_accepted', to_user: toUser });
        return reply.code(200).send(result.change);
      }
      case 'requested':
        push([result.receiver.id], { type: 'connection_request', from_user: toUserSummary(meRow) });
        return reply.code(201).send(result.change);
    }
  });

  app.post(CONNECTION_PATHS.accept, auth, async (request) => {
    const me = accountOf(request).id;
    const body = objectBody(request.body);
    const requester = toUserField(body, (fields) => {
      if (body.status !== undefined && body.status !== 'pending') {
        fields.add('status', CONNECTION_MESSAGES.statusMustBePending);
      }
    });
    if (!(await connections.accept(me, requester))) {
      throw detailError(404, CONNECTION_MESSAGES.noPendingRequest);
    }
    const fresh = await connections.summary(me);
    if (fresh) push([requester], { type: 'connection_accepted', to_user: toUserSummary(fresh) });
    return { status: 'accepted' };
  });

  app.post(CONNECTION_PATHS.delete, auth, async (request, reply) => {
    const meRow = accountOf(request);
    const body = objectBody(request.body);
    checkFromUser(body, meRow.id);
    const other = toUserField(body);
    if (!(await connections.remove(meRow.id, other))) {
      throw detailError(404, CONNECTION_MESSAGES.notConnected);
    }
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
      const offset = (page - 1) * pageSize;
      const { rows, total } = await connections.acceptedPage({
        me,
        search,
        limit: pageSize,
        offset,
      });
      checkPageInRange(page, pageSize, total);
      const results = rows.map(toListedUser);
      return pagedAnswer<ConnectionListItem>(
        CONNECTION_PATHS.acceptedList,
        page,
        pageSize,
        total,
        results,
        { search },
      );
    },
  );

  app.get<{ Querystring: Record<string, unknown> }>(
    CONNECTION_PATHS.pending,
    auth,
    async (request) => {
      const me = accountOf(request).id;
      const page = readPage(request.query);
      const search = readSearch(request.query);
      const from = fromUserQuery(request.query);
      const offset = (page - 1) * pageSize;
      const query = { me, from, search, limit: pageSize, offset };
      const { rows, total } = await connections.pendingPage(query);
      checkPageInRange(page, pageSize, total);
      return pagedAnswer<ConnectionListItem>(
        CONNECTION_PATHS.pending,
        page,
        pageSize,
        total,
        rows.map(toListedUser),
        { search, from_user: from === undefined ? undefined : String(from) },
      );
    },
  );

  app.get<{ Querystring: Record<string, unknown> }>(
    CONNECTION_PATHS.pendingList,
    auth,
    async (request): Promise<PendingListResponse> => {
      const me = accountOf(request).id;
      const search = readSearch(request.query);
      const from = fromUserQuery(request.query);
      const query = { me, from, search, limit: PENDING_LIST_MAX, offset: 0 };
      const { rows, total } = await connections.pendingPage(query);
      return { count: total, results: rows.map(toListedUser) };
    },
  );
};
