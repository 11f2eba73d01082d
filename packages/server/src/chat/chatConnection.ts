import {
  canonicalRoomName,
  type ErrorFrame,
  type InterfaceLocale,
  type ServerFrame,
  SOCKET_CLOSE_CODES,
  SOURCE_LOCALE,
} from '@parley/chat-sdk';
import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import type { TokenSession } from '../auth/tokenUser.js';
import type { UserRow } from '../db/schema.js';
import { localizeFrame } from '../i18n/frameLanguage.js';
import type { PersonFrameBudget } from '../limits/index.js';
import { LIMIT_MESSAGES } from '../limits/index.js';
import type { MessageSender, RoomAccess, RoomsRepository } from '../plugins/app/index.js';
import type { EndedSessionReason, HubSocket } from './chatFanout.js';
import { parseClientFrame } from './clientFrames.js';
import { FloodWatch } from './floodControl.js';
import {
  type ChatServices,
  dispatchFrame,
  type FrameContext,
  type JoinedRoom,
} from './frames/index.js';
import { voiceChunk } from './frames/voice.js';
import type { CorkableStream, FrameWrites } from './frameWrites.js';
import { RefreshAhead } from './refreshAhead.js';
import { SOCKET_CLOSE_REASONS } from './socketCloseReasons.js';
import { ChunkRate, type VoiceStream } from './voiceStreams.js';

// Membership of private rooms never changes and groups only grow, so a short cache is safe;
// the sender's own row is cached as long. Asked for after ACCESS_REFRESH_AFTER_MS, each is read
// again in the background (refreshAhead.ts), so a socket that keeps sending never waits for it.
const ACCESS_CACHE_MS = 5_000;
const ACCESS_REFRESH_AFTER_MS = 3_000;
const MAX_CACHED_ROOMS = 50;
// A client this far behind on reading its frames is gone or hostile; dropping it protects the rest.
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;
const OPEN = 1;
// setTimeout's longest delay; a later expiry is re-armed when the timer fires.
const MAX_TIMER_MS = 2 ** 31 - 1;

export const SOCKET_AUTH_MESSAGES = {
  invalidToken: 'The token is invalid or expired; the socket keeps its previous one.',
} as const;

// Frames waiting for the person's budget to be leased from the database; past this many, more
// are refused at once rather than queued.
const MAX_WAITING_FRAMES = 64;

export interface ChatConnectionOptions {
  /** A socket still flooding after this long is closed with 1008 (default 10 s). */
  floodCloseAfterMs?: number;
  /** The person's frame budget, shared by all their sockets (and instances). */
  budget: PersonFrameBudget;
  /** The socket's raw stream and the batch that gathers a turn's frames into one write. */
  writes?: { stream: CorkableStream; batch: FrameWrites };
  /** Issue 27: the locale of the server's words in frames (frameLanguage.ts); default English. */
  locale?: InterfaceLocale;
  /** The client asked for grouped delivered receipts (`?features=`, socketFeatures.ts). */
  groupedReceipts?: boolean;
}

/** The session a socket was opened with, and how it checks a token sent to renew it. */
export interface ConnectionAuth {
  /** The refresh-token family of the token; null for a token issued without one. */
  sessionId: string | null;
  /** Epoch seconds: the socket is closed with SOCKET_CLOSE_CODES.tokenExpired then. */
  expiresAt: number;
  /** The same check as at the upgrade (tokenUser.ts). */
  verify(token: string): Promise<TokenSession | null>;
}

/**
 * One authenticated socket: transport (backpressure, flood control, parsing), its joined room
 * and caches, and an ordered queue of frames handed to the dispatch table (frames/index.ts).
 */
export class ChatConnection implements HubSocket, FrameContext {
  joined: JoinedRoom | null = null;
  voiceStream: VoiceStream | null = null;
  private readonly chunkRate = new ChunkRate();
  alive = true;
  private queue: Promise<void> = Promise.resolve();
  private readonly access: RefreshAhead<string, RoomAccess>;
  private readonly flood: FloodWatch;
  private readonly budget: PersonFrameBudget;
  private readonly writes: { stream: CorkableStream; batch: FrameWrites } | null;
  /** Frames waiting for a lease, and the chain that keeps them in arrival order. */
  private waiting = 0;
  private admission: Promise<void> = Promise.resolve();
  private readonly senderRow: RefreshAhead<'sender', MessageSender>;
  sessionId: string | null;
  private expiresAt: number;
  private expiryTimer: NodeJS.Timeout | undefined;
  private readonly locale: InterfaceLocale;
  readonly groupedReceipts: boolean;

  constructor(
    readonly ws: WebSocket,
    readonly user: UserRow,
    readonly services: ChatServices,
    private readonly rooms: Pick<RoomsRepository, 'access'>,
    readonly log: FastifyBaseLogger,
    private readonly auth: ConnectionAuth,
    options: ChatConnectionOptions,
  ) {
    this.flood = new FloodWatch({ closeAfterMs: options.floodCloseAfterMs });
    this.budget = options.budget;
    this.writes = options.writes ?? null;
    this.locale = options.locale ?? SOURCE_LOCALE;
    this.groupedReceipts = options.groupedReceipts ?? false;
    const cacheOptions = {
      ttlMs: ACCESS_CACHE_MS,
      refreshAfterMs: ACCESS_REFRESH_AFTER_MS,
      onRefreshError: (error: unknown) =>
        this.log.warn({ err: error }, 'chat socket re-read failed'),
    };
    this.access = new RefreshAhead({ ...cacheOptions, maxKeys: MAX_CACHED_ROOMS });
    this.senderRow = new RefreshAhead(cacheOptions);
    // The row read while authenticating is fresh enough for the first messages.
    this.senderRow.set('sender', user);
    this.sessionId = auth.sessionId;
    this.expiresAt = auth.expiresAt;
    this.armExpiry();
  }

  get userId(): number {
    return this.user.id;
  }

  /**
   * Runs before any frame: a session that ended between the upgrade's check and this socket
   * joining the hub was never told to this socket, so it is checked once more here.
   */
  checkSessionFirst(stillLive: () => Promise<boolean>): void {
    this.queue = this.queue.then(async () => {
      try {
        if (!(await stillLive())) this.endSession();
      } catch (error) {
        this.log.warn({ err: error }, 'chat socket session check failed');
      }
    });
  }

  /** Its session ended (logout, password change, …): closed, and nothing more is sent. */
  endSession(reason?: EndedSessionReason): void {
    this.stop();
    this.close(
      SOCKET_CLOSE_CODES.signedOut,
      reason === 'suspended' ? SOCKET_CLOSE_REASONS.suspended : SOCKET_CLOSE_REASONS.signedOut,
    );
  }

  /** The socket closed: no timer may outlive it. */
  stop(): void {
    clearTimeout(this.expiryTimer);
    this.expiryTimer = undefined;
  }

  async reauthenticate(token: string): Promise<void> {
    const session = await this.auth.verify(token);
    if (this.ws.readyState !== OPEN) return;
    if (!session) {
      this.refuse('invalid_token', SOCKET_AUTH_MESSAGES.invalidToken);
      return;
    }
    if (session.user.id !== this.user.id) {
      this.close(SOCKET_CLOSE_CODES.policyViolation, SOCKET_CLOSE_REASONS.wrongUser);
      return;
    }
    this.sessionId = session.token.sessionId;
    this.expiresAt = session.token.expiresAt;
    this.armExpiry();
    this.send({ type: 'authenticated', expires_at: new Date(this.expiresAt * 1000).toISOString() });
  }

  /** Closes the socket when its token expires, unless a newer token arrives first. */
  private armExpiry(): void {
    clearTimeout(this.expiryTimer);
    const delay = this.expiresAt * 1000 - Date.now();
    this.expiryTimer = setTimeout(
      () => {
        this.expiryTimer = undefined;
        if (this.expiresAt * 1000 > Date.now()) {
          this.armExpiry();
          return;
        }
        this.close(SOCKET_CLOSE_CODES.tokenExpired, SOCKET_CLOSE_REASONS.tokenExpired);
      },
      Math.min(Math.max(delay, 0), MAX_TIMER_MS),
    );
    this.expiryTimer.unref();
  }

  /** Backpressure: a reader this far behind is dropped rather than buffered without end. */
  send(frame: ServerFrame | string): void {
    if (this.ws.readyState !== OPEN) return;
    if (this.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.ws.terminate();
      return;
    }
    this.writes?.batch.hold(this.writes.stream);
    const worded = localizeFrame(frame, this.locale);
    this.ws.send(typeof worded === 'string' ? worded : JSON.stringify(worded));
  }

  refuse(code: string, detail: string, clientId?: string): void {
    const frame: ErrorFrame = { type: 'error', code, detail };
    if (clientId !== undefined) frame.client_id = clientId;
    this.send(frame);
  }

  close(code: number, reason: string): void {
    this.ws.close(code, reason);
  }

  /**
   * Every frame spends one of the person's budget (all their sockets, every instance): at once
   * from tokens leased already, else after a lease from the shared store, in arrival order.
   */
  receive(data: RawData, isBinary: boolean): void {
    // The server has begun closing this socket (a drain's 1012, a policy close): a frame that
    // crossed the close is not handled; unacknowledged, the sdk sends it again on its next socket.
    if (this.ws.readyState !== OPEN) return;
    if (this.waiting === 0 && this.budget.takeNow()) {
      this.handle(data, isBinary, true);
      return;
    }
    if ((this.waiting === 0 && !this.budget.mustWait) || this.waiting >= MAX_WAITING_FRAMES) {
      this.handle(data, isBinary, false);
      return;
    }
    this.waiting += 1;
    this.admission = this.admission.then(async () => {
      let admitted = false;
      try {
        admitted = await this.budget.take();
      } catch (error) {
        // The store could not be asked: refused, like any frame over budget.
        this.log.warn({ err: error }, 'frame budget lease failed');
      }
      this.waiting -= 1;
      this.handle(data, isBinary, admitted);
    });
  }

  /**
   * Resolves once every frame received so far has been admitted or refused, and handled: a
   * stopping instance waits for this before it closes the database, so a message that arrived
   * just before the drain's close is stored and acknowledged rather than failing half-way.
   */
  async settled(): Promise<void> {
    await this.admission;
    let queue: Promise<void>;
    do {
      queue = this.queue;
      await queue;
    } while (queue !== this.queue);
  }

  private handle(data: RawData, isBinary: boolean, admitted: boolean): void {
    if (this.flood.observe(admitted) === 'close') {
      this.close(SOCKET_CLOSE_CODES.policyViolation, SOCKET_CLOSE_REASONS.flooding);
      return;
    }
    if (isBinary) {
      if (!admitted || !this.chunkRate.take()) {
        this.refuse('rate_limited', LIMIT_MESSAGES.frames);
        return;
      }
      if (!this.services.voiceStreams) {
        this.refuse('binary_not_supported', 'Binary frames are not accepted here.');
        return;
      }
      const chunk = rawBytes(data);
      // Behind the text frames before it: chunk_init must have been handled.
      this.queue = this.queue.then(async () => {
        try {
          await voiceChunk(chunk, this);
        } catch (error) {
          this.log.error({ err: error }, 'voice chunk failed');
          this.refuse('internal_error', 'The server could not relay this chunk.');
        }
      });
      return;
    }
    const parsed = parseClientFrame(rawText(data));
    // Pings are answered even while rate limiting: the client treats silence as a dead socket.
    if (parsed.ok && parsed.frame.type === 'ping') {
      this.send({ type: 'pong' });
      return;
    }
    if (!admitted) {
      const clientId =
        parsed.ok && parsed.frame.type === 'chat_message'
          ? (parsed.frame.clientId ?? undefined)
          : parsed.ok
            ? undefined
            : parsed.error.client_id;
      this.refuse('rate_limited', LIMIT_MESSAGES.frames, clientId);
      return;
    }
    if (!parsed.ok) {
      this.send(parsed.error);
      return;
    }
    const frame = parsed.frame;
    // One frame at a time, in arrival order: a join must finish before the messages behind it.
    this.queue = this.queue.then(async () => {
      try {
        await dispatchFrame(frame, this);
      } catch (error) {
        this.log.error({ err: error, frameType: frame.type }, 'chat frame failed');
        this.refuse(
          'internal_error',
          'The server could not handle this frame.',
          frame.type === 'chat_message' ? (frame.clientId ?? undefined) : undefined,
        );
      }
    });
  }

  async roomAccess(roomName: string): Promise<RoomAccess | null> {
    return this.access.get(canonicalRoomName(roomName), () =>
      this.rooms.access(this.user.id, roomName),
    );
  }

  /** The sender as messages show it, re-read every few seconds: name, picture or language change. */
  sender(): Promise<MessageSender | null> {
    return this.senderRow.get('sender', () => this.services.users.sender(this.user.id));
  }
}

function rawBytes(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}

function rawText(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}
