import {
  chatSocketPath,
  SOCKET_CLOSE_CODES,
  SOCKET_FEATURES,
  SOCKET_LIMITS,
} from '@parley/chat-sdk';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { AppContext } from '../appContext.js';
import { sessionForToken, type TokenSession } from '../auth/tokenUser.js';
import type { UserRow } from '../db/schema.js';
import { detailError, NOT_FOUND_DETAIL } from '../http/errors.js';
import { socketLocale } from '../i18n/frameLanguage.js';
import { FrameBudgets } from '../limits/index.js';
import { isValidTimezone } from '../usage/index.js';
import { ChatConnection } from './chatConnection.js';
import type { LocalChatHub } from './chatFanout.js';
import type { ChatServices } from './frames/index.js';
import { FrameWrites } from './frameWrites.js';
import { GroupAccessCache } from './groupAccessCache.js';
import { SOCKET_CLOSE_REASONS } from './socketCloseReasons.js';
import { socketFeatures } from './socketFeatures.js';

export { SOCKET_CLOSE_REASONS };

export interface ChatSocketOptions {
  /** Server-side ws ping interval; a socket that has not answered the previous one is dropped. */
  heartbeatMs?: number;
  /** A socket still flooding after this long is closed with 1008 (default 10 s). */
  floodCloseAfterMs?: number;
}

export interface ChatSocketRouteOptions {
  ctx: AppContext;
  /** This process's sockets by user. */
  hub: LocalChatHub;
  /** Storage, delivery and translation for the frame handlers. */
  chat: Omit<ChatServices, 'users' | 'messages' | 'actions'>;
  socket?: ChatSocketOptions;
}

/** How long a socket closed by the per-person cap has to finish its close handshake. */
const CAPPED_SOCKET_CLOSE_MS = 2_000;

type AuthResult = TokenSession | { reason: string };

/**
 * The chat socket route (docs/socket-protocol.md): authenticates before the upgrade completes
 * (closing with 1008 when the token is missing, invalid, expired, of an ended session or another
 * user's), keeps the heartbeat, and hands each socket to a ChatConnection, which dispatches frames
 * to their handlers and closes the socket when its token expires (4002) unless renewed.
 */
export const chatSocketRoutes: FastifyPluginAsync<ChatSocketRouteOptions> = async (
  app,
  { ctx, hub, chat, socket = {} },
) => {
  const auth = new WeakMap<FastifyRequest, AuthResult>();
  const connections = new Set<ChatConnection>();
  /** Closed sockets whose last frames are still being handled (a drain waits for them). */
  const finishing = new Set<Promise<void>>();
  // Each person's open sockets here, oldest first: past the cap the oldest is closed.
  const byPerson = new Map<number, ChatConnection[]>();
  const frameBudgets = new FrameBudgets(ctx.limits);
  const frameWrites = new FrameWrites();
  const groupAccess = new GroupAccessCache(app.roomsRepository);
  const socketCap = ctx.limits.settings.socketsPerPerson;
  const services: ChatServices = {
    ...chat,
    users: app.usersRepository,
    messages: app.messagesRepository,
    actions: app.messageActionsRepository,
  };

  const heartbeat = setInterval(() => {
    for (const connection of connections) {
      if (!connection.alive) {
        connection.ws.terminate();
        continue;
      }
      connection.alive = false;
      connection.ws.ping();
    }
  }, socket.heartbeatMs ?? 30_000);
  heartbeat.unref();
  app.addHook('onClose', async () => clearInterval(heartbeat));
  // Stopping: messages already received are written and delivered before the database closes.
  app.addHook('preClose', async () => {
    // Frames still waiting for the person's budget (a lease from PostgreSQL), and frames being
    // handled, finish first.
    await Promise.all([
      ...[...connections].map((connection) => connection.settled()),
      ...finishing,
    ]);
    await services.messages.idle();
    await services.delivery.idle();
    await services.voiceStreams?.idle();
    // Issue 28: this instance's open sockets and typing rows go before the fan-out closes.
    await services.presence?.stop();
  });

  const verifyToken = (token: string) =>
    sessionForToken(ctx.accessTokens, app.sessionsRepository, token);

  async function authenticate(request: FastifyRequest): Promise<AuthResult> {
    const { userId } = request.params as { userId: string };
    const token = (request.query as Record<string, unknown>).token;
    if (typeof token !== 'string' || token === '') {
      return { reason: SOCKET_CLOSE_REASONS.unauthenticated };
    }
    const session = await verifyToken(token);
    if (!session) return { reason: SOCKET_CLOSE_REASONS.unauthenticated };
    if (!/^\d{1,10}$/.test(userId) || Number(userId) !== session.user.id) {
      return { reason: SOCKET_CLOSE_REASONS.wrongUser };
    }
    return session;
  }

  /**
   * The app may say where the user is (?timezone=Europe/Madrid): it decides their day for plan
   * limits. An unknown name is ignored rather than refusing the socket.
   */
  async function rememberTimezone(request: FastifyRequest, user: UserRow): Promise<void> {
    const timezone = (request.query as Record<string, unknown>).timezone;
    if (!isValidTimezone(timezone) || timezone === user.timezone) return;
    await app.usersRepository.saveTimezone(user.id, timezone);
    user.timezone = timezone;
  }

  app.route({
    method: 'GET',
    url: chatSocketPath(0).replace('user_0', 'user_:userId'),
    // Runs before the upgrade, so no frame can arrive while the token is being checked.
    preValidation: async (request) => {
      if (!request.ws) return;
      const result = await authenticate(request);
      if ('user' in result) await rememberTimezone(request, result.user);
      auth.set(request, result);
    },
    // A plain GET (no upgrade) is no API call: the same 404 as any unknown path.
    handler: async () => {
      throw detailError(404, NOT_FOUND_DETAIL);
    },
    wsHandler: (ws, request) => {
      const result = auth.get(request) ?? { reason: SOCKET_CLOSE_REASONS.unauthenticated };
      if ('reason' in result) {
        ws.close(SOCKET_CLOSE_CODES.policyViolation, result.reason);
        return;
      }
      const userId = result.user.id;
      const connection = new ChatConnection(
        ws,
        result.user,
        services,
        groupAccess,
        request.log,
        {
          sessionId: result.token.sessionId,
          expiresAt: result.token.expiresAt,
          verify: verifyToken,
        },
        {
          locale: socketLocale(request.headers['accept-language'], result.user),
          floodCloseAfterMs: socket.floodCloseAfterMs,
          budget: frameBudgets.acquire(userId),
          writes: { stream: request.raw.socket, batch: frameWrites },
          groupedReceipts: socketFeatures(request.query).has(SOCKET_FEATURES.groupedReceipts),
        },
      );
      connections.add(connection);
      hub.add(connection);
      services.presence?.opened(userId);
      const { sessionId } = result.token;
      if (sessionId !== null) {
        connection.checkSessionFirst(
          async () =>
            (await app.sessionsRepository.userOfSession(connection.userId, sessionId)) !== null,
        );
      }
      const own = byPerson.get(userId) ?? [];
      own.push(connection);
      byPerson.set(userId, own);
      // One person, many sockets: the newest ones stay, the oldest are told why they were closed.
      while (own.length > socketCap) {
        const oldest = own.shift();
        if (!oldest) break;
        oldest.close(SOCKET_CLOSE_CODES.tooManySockets, SOCKET_CLOSE_REASONS.tooManySockets);
        // A client that never answers the close would hold its socket for ws's 30 s close
        // timeout: one opening sockets in a loop must not pile them up.
        setTimeout(() => oldest.ws.terminate(), CAPPED_SOCKET_CLOSE_MS).unref();
      }
      ws.on('pong', () => {
        connection.alive = true;
      });
      ws.on('message', (data, isBinary) => connection.receive(data, isBinary));
      ws.on('close', () => {
        connection.stop();
        // A stream cut off by a close still ends: its readers get the rendition.
        if (connection.voiceStream)
          services.voiceStreams?.finish(connection.voiceStream, connection.userId);
        connection.voiceStream = null;
        connections.delete(connection);
        const finished: Promise<void> = connection
          .settled()
          .finally(() => finishing.delete(finished));
        finishing.add(finished);
        hub.remove(connection);
        services.presence?.closed(userId);
        frameBudgets.release(userId);
        const remaining = byPerson.get(userId)?.filter((other) => other !== connection) ?? [];
        if (remaining.length > 0) byPerson.set(userId, remaining);
        else byPerson.delete(userId);
      });
    },
  });
};

/** ws reports oversized frames (closed with 1009 by ws itself) and broken peers as errors. */
export function chatSocketErrorHandler(
  error: Error & { code?: string },
  ws: WebSocket,
  request: FastifyRequest,
): void {
  if (error.code?.startsWith('WS_ERR_')) {
    // The client's mistake (a frame too large, not UTF-8, …): its code, no stack.
    request.log.info({ code: error.code, reason: error.message }, 'chat socket protocol error');
    return;
  }
  request.log.warn({ err: error }, 'chat socket error');
  ws.terminate();
}

export const CHAT_SOCKET_MAX_PAYLOAD = SOCKET_LIMITS.maxFrameBytes;
