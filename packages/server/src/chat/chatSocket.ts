import { chatSocketPath, SOCKET_CLOSE_CODES, SOCKET_LIMITS } from '@parley/chat-sdk';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { AppContext } from '../appContext.js';
import { userForToken } from '../auth/tokenUser.js';
import type { UserRow } from '../db/schema.js';
import { detailError, NOT_FOUND_DETAIL } from '../http/errors.js';
import { isValidTimezone } from '../usage/index.js';
import { ChatConnection } from './chatConnection.js';
import type { LocalChatHub } from './chatFanout.js';
import type { ChatServices } from './frames/index.js';
import { SOCKET_CLOSE_REASONS } from './socketCloseReasons.js';

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
  chat: Omit<ChatServices, 'users' | 'messages'>;
  socket?: ChatSocketOptions;
}

type AuthResult = { user: UserRow } | { reason: string };

/**
 * The chat socket route (docs/socket-protocol.md): authenticates before the upgrade completes
 * (closing with 1008 when the token is missing, invalid, expired or another user's), keeps the
 * heartbeat, and hands each socket to a ChatConnection, which dispatches frames to their handlers.
 */
export const chatSocketRoutes: FastifyPluginAsync<ChatSocketRouteOptions> = async (
  app,
  { ctx, hub, chat, socket = {} },
) => {
  const auth = new WeakMap<FastifyRequest, AuthResult>();
  const connections = new Set<ChatConnection>();
  const services: ChatServices = {
    ...chat,
    users: app.usersRepository,
    messages: app.messagesRepository,
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
    await services.messages.idle();
    await services.delivery.idle();
    await services.voiceStreams?.idle();
  });

  async function authenticate(request: FastifyRequest): Promise<AuthResult> {
    const { userId } = request.params as { userId: string };
    const token = (request.query as Record<string, unknown>).token;
    if (typeof token !== 'string' || token === '') {
      return { reason: SOCKET_CLOSE_REASONS.unauthenticated };
    }
    const user = await userForToken(ctx.accessTokens, app.usersRepository, token);
    if (!user) return { reason: SOCKET_CLOSE_REASONS.unauthenticated };
    if (!/^\d{1,10}$/.test(userId) || Number(userId) !== user.id) {
      return { reason: SOCKET_CLOSE_REASONS.wrongUser };
    }
    return { user };
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
      const connection = new ChatConnection(
        ws,
        result.user,
        services,
        app.roomsRepository,
        request.log,
        socket,
      );
      connections.add(connection);
      hub.add(connection);
      ws.on('pong', () => {
        connection.alive = true;
      });
      ws.on('message', (data, isBinary) => connection.receive(data, isBinary));
      ws.on('close', () => {
        // A stream cut off by a close still ends: its readers get the rendition.
        if (connection.voiceStream)
          services.voiceStreams?.finish(connection.voiceStream, connection.userId);
        connection.voiceStream = null;
        connections.delete(connection);
        hub.remove(connection);
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
