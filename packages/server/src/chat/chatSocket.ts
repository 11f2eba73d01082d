import { randomUUID } from 'node:crypto';
import {
  canonicalRoomName,
  chatSocketPath,
  type ErrorFrame,
  languageCodeForName,
  privateRoomName,
  type ServerFrame,
  SOCKET_CLOSE_CODES,
  SOCKET_LIMITS,
} from '@parley/chat-sdk';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import type { AppContext } from '../appContext.js';
import { type UserRow, users } from '../db/schema.js';
import { detailError, NOT_FOUND_DETAIL } from '../http/errors.js';
import { isValidTimezone, saveTimezone } from '../usage/index.js';
import type { ChatDelivery } from './chatDelivery.js';
import type { ChatFanout, HubSocket, LocalChatHub } from './chatFanout.js';
import { parseClientFrame, type ValidFrame } from './clientFrames.js';
import { FloodControl } from './floodControl.js';
import {
  createMessageWriter,
  loadHistory,
  type MessageSender,
  type MessageWriter,
} from './messageStore.js';
import { type ChatTranslation, localizeHistory } from './messageTranslation.js';
import { type RoomAccess, resolveRoomAccess } from './roomAccess.js';

export interface ChatSocketOptions {
  /** Server-side ws ping interval; a socket that has not answered the previous one is dropped. */
  heartbeatMs?: number;
  /** A socket still flooding after this long is closed with 1008 (default 10 s). */
  floodCloseAfterMs?: number;
}

export const SOCKET_CLOSE_REASONS = {
  unauthenticated: 'unauthenticated',
  wrongUser: 'token does not match user',
  flooding: 'too many frames',
} as const;

const NOT_A_MEMBER = 'You are not a member of this room.';
const NO_ROOM = 'Join a room first, or name the other person in receiver_id.';
const NOT_SENDER = 'sender_id must be your own user id.';
// Membership of private rooms never changes and groups only grow, so a short cache is safe;
// the sender's own row is cached as long.
const ACCESS_CACHE_MS = 5_000;
const MAX_CACHED_ROOMS = 50;
// A client this far behind on reading its frames is gone or hostile; dropping it protects the rest.
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;
const OPEN = 1;

type AuthResult = { user: UserRow } | { reason: string };

/** The translation side of the chat flow (see chatDelivery.ts). */
export interface ChatFlow {
  delivery: ChatDelivery;
  translation: ChatTranslation;
}

/** One authenticated socket: its joined room, flood control and an ordered queue of frames. */
class ChatConnection implements HubSocket {
  joined: { name: string; canonical: string } | null = null;
  alive = true;
  private queue: Promise<void> = Promise.resolve();
  private readonly access = new Map<string, { room: RoomAccess; at: number }>();
  private readonly flood: FloodControl;
  private senderCache: { sender: MessageSender; at: number } | null = null;

  constructor(
    readonly ws: WebSocket,
    private readonly user: UserRow,
    private readonly ctx: AppContext,
    private readonly fanout: ChatFanout,
    private readonly delivery: ChatDelivery,
    private readonly translation: ChatTranslation,
    private readonly writer: MessageWriter,
    private readonly log: FastifyRequest['log'],
    options: ChatSocketOptions,
  ) {
    this.flood = new FloodControl({ closeAfterMs: options.floodCloseAfterMs });
    // The row read while authenticating is fresh enough for the first messages.
    this.senderCache = { sender: user, at: Date.now() };
  }

  get userId(): number {
    return this.user.id;
  }

  send(text: string): void {
    if (this.ws.readyState !== OPEN) return;
    if (this.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.ws.terminate();
      return;
    }
    this.ws.send(text);
  }

  private sendFrame(frame: ServerFrame): void {
    this.send(JSON.stringify(frame));
  }

  private error(code: string, detail: string, clientId?: string): void {
    const frame: ErrorFrame = { type: 'error', code, detail };
    if (clientId !== undefined) frame.client_id = clientId;
    this.sendFrame(frame);
  }

  receive(data: RawData, isBinary: boolean): void {
    const verdict = this.flood.take();
    if (verdict === 'close') {
      this.ws.close(SOCKET_CLOSE_CODES.policyViolation, SOCKET_CLOSE_REASONS.flooding);
      return;
    }
    if (isBinary) {
      if (verdict === 'limit') this.error('rate_limited', 'Too many frames; this one was dropped.');
      else this.error('binary_not_supported', 'Binary frames are not accepted yet.');
      return;
    }
    const parsed = parseClientFrame(rawText(data));
    // Pings are answered even while rate limiting: the client treats silence as a dead socket.
    if (parsed.ok && parsed.frame.type === 'ping') {
      this.sendFrame({ type: 'pong' });
      return;
    }
    if (verdict === 'limit') {
      const clientId =
        parsed.ok && parsed.frame.type === 'chat_message'
          ? (parsed.frame.clientId ?? undefined)
          : parsed.ok
            ? undefined
            : parsed.error.client_id;
      this.error('rate_limited', 'Too many frames; this one was dropped.', clientId);
      return;
    }
    if (!parsed.ok) {
      this.sendFrame(parsed.error);
      return;
    }
    const frame = parsed.frame;
    // One frame at a time, in arrival order: a join must finish before the messages behind it.
    this.queue = this.queue.then(() =>
      this.handle(frame).catch((error: unknown) => {
        this.log.error({ err: error, frameType: frame.type }, 'chat frame failed');
        this.error(
          'internal_error',
          'The server could not handle this frame.',
          frame.type === 'chat_message' ? (frame.clientId ?? undefined) : undefined,
        );
      }),
    );
  }

  private async roomAccess(roomName: string): Promise<RoomAccess | null> {
    const canonical = canonicalRoomName(roomName);
    const cached = this.access.get(canonical);
    if (cached && Date.now() - cached.at < ACCESS_CACHE_MS) return cached.room;
    const room = await resolveRoomAccess(this.ctx.db, this.user.id, roomName);
    // Bounded: a socket wandering through many rooms only keeps the recent ones.
    if (this.access.size >= MAX_CACHED_ROOMS) this.access.clear();
    if (room) this.access.set(canonical, { room, at: Date.now() });
    else this.access.delete(canonical);
    return room;
  }

  /** The sender as messages show it, re-read every few seconds: name, picture or language change. */
  private async sender(): Promise<MessageSender | null> {
    if (this.senderCache && Date.now() - this.senderCache.at < ACCESS_CACHE_MS) {
      return this.senderCache.sender;
    }
    const [sender] = await this.ctx.db
      .select({
        id: users.id,
        username: users.username,
        profileImage: users.profileImage,
        language: users.language,
      })
      .from(users)
      .where(eq(users.id, this.user.id))
      .limit(1);
    this.senderCache = sender ? { sender, at: Date.now() } : null;
    return sender ?? null;
  }

  /** The private room with another user: how a spec client addresses a message by receiver_id. */
  private privateRoomWith(otherId: number | null): string | null {
    if (otherId === null || otherId === this.user.id) return null;
    return privateRoomName(Math.min(otherId, this.user.id), Math.max(otherId, this.user.id));
  }

  private async handle(frame: ValidFrame): Promise<void> {
    switch (frame.type) {
      case 'ping':
        return;
      case 'leave_room':
        this.joined = null;
        return;
      case 'join_room': {
        const room = await this.roomAccess(frame.roomName);
        if (!room) return this.error('not_a_member', NOT_A_MEMBER);
        this.joined = { name: frame.roomName, canonical: room.canonical };
        const history = await loadHistory(this.ctx.db, room.canonical);
        // Read fresh: a language changed a moment ago must show in this history.
        const [reader] = await this.ctx.db
          .select({ language: users.language })
          .from(users)
          .where(eq(users.id, this.user.id))
          .limit(1);
        const messages = await localizeHistory(
          this.translation,
          history.messages,
          {
            id: this.user.id,
            language: reader ? (languageCodeForName(reader.language) ?? null) : null,
          },
          history.limitedIds,
        );
        this.sendFrame({
          type: 'chat_history',
          message: messages,
          room_name: frame.roomName,
          has_more: history.hasMore,
        });
        return;
      }
      case 'chat_message': {
        const clientId = frame.clientId ?? undefined;
        if (frame.senderId !== this.user.id) {
          return this.error('invalid_frame', NOT_SENDER, clientId);
        }
        const roomName =
          frame.roomName ?? this.joined?.name ?? this.privateRoomWith(frame.receiverId);
        if (!roomName) return this.error('invalid_frame', NO_ROOM, clientId);
        const room = await this.roomAccess(roomName);
        if (!room) return this.error('not_a_member', NOT_A_MEMBER, clientId);
        const sender = await this.sender();
        if (!sender) {
          this.ws.close(SOCKET_CLOSE_CODES.policyViolation, SOCKET_CLOSE_REASONS.unauthenticated);
          return;
        }
        const stored = await this.writer.store(sender, {
          room: room.canonical,
          // Without the client's id the send cannot be idempotent: a fresh one per frame.
          clientId: frame.clientId ?? randomUUID(),
          text: frame.text,
          fileType: frame.fileType,
          fileUrl: frame.fileUrl,
          fileName: frame.fileName,
          audioUrl: frame.audioUrl,
          transcript: frame.transcript,
        });
        // Translation and fan-out continue in the room's queue: this socket's next frames (and
        // other rooms) do not wait for the engine.
        this.delivery.deliver(stored, room.canonical, room.memberIds, this.user.id);
        return;
      }
      case 'typing':
      case 'recording': {
        if (frame.senderId !== this.user.id) return this.error('invalid_frame', NOT_SENDER);
        const others = [...new Set(frame.userIds.filter((id) => id !== this.user.id))];
        const roomName =
          frame.roomName ??
          this.joined?.name ??
          (others.length === 1 ? this.privateRoomWith(others[0] ?? null) : null);
        if (!roomName) return this.error('invalid_frame', NO_ROOM);
        const room = await this.roomAccess(roomName);
        if (!room) return this.error('not_a_member', NOT_A_MEMBER);
        // The name comes from the account, never from the frame.
        const username = (await this.sender())?.username ?? this.user.username;
        const base = { sender_id: this.user.id, username, room_name: room.canonical };
        this.fanout.publish({
          recipients: room.memberIds.filter((id) => id !== this.user.id),
          room: room.canonical,
          frame:
            frame.type === 'typing'
              ? { type: 'typing_indicator', ...base, is_typing: frame.active }
              : { type: 'recording_indicator', ...base, is_recording: frame.active },
        });
        return;
      }
    }
  }
}

function rawText(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}

/**
 * The chat socket (docs/socket-protocol.md): authenticated before the upgrade completes, then
 * closed with 1008 when the token is missing, invalid, expired or another user's.
 */
export function registerChatSocket(
  app: FastifyInstance,
  ctx: AppContext,
  hub: LocalChatHub,
  fanout: ChatFanout,
  flow: ChatFlow,
  options: ChatSocketOptions = {},
): void {
  const auth = new WeakMap<FastifyRequest, AuthResult>();
  const connections = new Set<ChatConnection>();
  const writer = createMessageWriter(ctx.db);

  const heartbeat = setInterval(() => {
    for (const connection of connections) {
      if (!connection.alive) {
        connection.ws.terminate();
        continue;
      }
      connection.alive = false;
      connection.ws.ping();
    }
  }, options.heartbeatMs ?? 30_000);
  heartbeat.unref();
  app.addHook('onClose', async () => clearInterval(heartbeat));

  async function authenticate(request: FastifyRequest): Promise<AuthResult> {
    const { userId } = request.params as { userId: string };
    const token = (request.query as Record<string, unknown>).token;
    if (typeof token !== 'string' || token === '')
      return { reason: SOCKET_CLOSE_REASONS.unauthenticated };
    const claims = await ctx.accessTokens.verify(token);
    if (!claims) return { reason: SOCKET_CLOSE_REASONS.unauthenticated };
    if (!/^\d{1,10}$/.test(userId) || Number(userId) !== claims.userId) {
      return { reason: SOCKET_CLOSE_REASONS.wrongUser };
    }
    const [user] = await ctx.db.select().from(users).where(eq(users.id, claims.userId)).limit(1);
    if (!user) return { reason: SOCKET_CLOSE_REASONS.unauthenticated };
    // The app may say where the user is (?timezone=Europe/Madrid): it decides their day for plan
    // limits. An unknown name is ignored rather than refusing the socket.
    const timezone = (request.query as Record<string, unknown>).timezone;
    if (isValidTimezone(timezone) && timezone !== user.timezone) {
      await saveTimezone(ctx.db, user.id, timezone);
      user.timezone = timezone;
    }
    return { user };
  }

  app.route({
    method: 'GET',
    url: chatSocketPath(0).replace('user_0', 'user_:userId'),
    // Runs before the upgrade, so no frame can arrive while the token is being checked.
    preValidation: async (request) => {
      if (request.ws) auth.set(request, await authenticate(request));
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
        ctx,
        fanout,
        flow.delivery,
        flow.translation,
        writer,
        request.log,
        options,
      );
      connections.add(connection);
      hub.add(connection);
      ws.on('pong', () => {
        connection.alive = true;
      });
      ws.on('message', (data, isBinary) => connection.receive(data, isBinary));
      ws.on('close', () => {
        connections.delete(connection);
        hub.remove(connection);
      });
    },
  });
}

/** ws reports oversized frames (closed with 1009 by ws itself) and broken peers as errors. */
export function chatSocketErrorHandler(
  error: Error & { code?: string },
  ws: WebSocket,
  request: FastifyRequest,
): void {
  if (error.code?.startsWith('WS_ERR_')) {
    request.log.info({ err: error }, 'chat socket protocol error');
    return;
  }
  request.log.warn({ err: error }, 'chat socket error');
  ws.terminate();
}

export const CHAT_SOCKET_MAX_PAYLOAD = SOCKET_LIMITS.maxFrameBytes;
