import { proxy } from 'valtio/vanilla';
import { TIMINGS } from '../constants';
import { Emitter } from '../emitter';
import { SDK_MESSAGES } from '../messages';
import { type ClientFrame, SOCKET_CLOSE_CODES, SOCKET_LIMITS } from '../protocol/socket';
import { needsRefresh, readTokenClaims, tokenUserId } from './access-token';
import { decodeServerFrames } from './decode-frame';
import { reconnectDelay } from './reconnect-delay';
import { SendQueue } from './send-queue';
import type {
  ChatSocketEvents,
  ChatSocketOptions,
  SendResult,
  SocketState,
  SocketStatus,
  WebSocketConstructorLike,
  WebSocketLike,
} from './socket-types';
import { socketUrl } from './socket-url';
import { listenForWakeUps } from './wake-listeners';

export type {
  ChatSocketError,
  ChatSocketEvents,
  ChatSocketOptions,
  SendResult,
  SocketState,
  SocketStatus,
  WebSocketConstructorLike,
  WebSocketLike,
} from './socket-types';

const OPEN = 1;
/** Refresh a token this close to expiry rather than be rejected during the handshake. */
const EXPIRY_MARGIN_MS = 10_000;
const NORMAL_CLOSURE = 1000;
/** A private-use close code: the client gave up on a connection that stopped answering. */
const NO_PONG_CLOSE = 4000;
/** Reported (never sent) when a handshake took longer than TIMINGS.connectTimeoutMs. */
const CONNECT_TIMEOUT_CLOSE = 4003;
/**
 * While open, the token is refreshed this long before it expires (at most a quarter of its
 * lifetime) and handed to the socket in an `authenticate` frame, so Parley's server, which closes
 * a socket when its token expires, keeps it open.
 */
const RENEW_MARGIN_MS = 60_000;
/** setTimeout's longest delay (a longer one fires at once). */
const MAX_TIMER_MS = 2 ** 31 - 1;
/**
 * Frames queued while closed go out well inside the person's frame budget (SOCKET_LIMITS, shared
 * by all their sockets, counted by the server in windows of burstFrames / framesPerSecond = 2 s):
 * half the burst at once, then a quarter of the steady rate. Within any one window that is at most
 * three quarters of its frames (20 + 10 of 40), so the join frames of a reconnect and the person's
 * other devices keep room, and a long queue is not refused `rate_limited`. (Half the steady rate
 * after half the burst filled a whole window: a reconnect's two join frames lost the last two.)
 */
const FLUSH_BURST = SOCKET_LIMITS.burstFrames / 2;
const FLUSH_INTERVAL_MS = 4000 / SOCKET_LIMITS.framesPerSecond;

/**
 * The chat socket of spec §4: connecting → open → closed, with a send queue, room rejoin, pings,
 * backoff, refresh-before-connect and the unauthenticated-close rule. One per client.
 */
export class ChatSocket {
  readonly state: SocketState = proxy<SocketState>({
    status: 'closed',
    retries: 0,
    nextAttemptAt: null,
    error: null,
    currentRoom: null,
    queued: 0,
  });

  private readonly events: Emitter<ChatSocketEvents>;
  private readonly queue: SendQueue;
  private ws: WebSocketLike | null = null;
  /** Bumped for every socket and every abandoned attempt: stale callbacks compare and return. */
  private attempt = 0;
  private holders = 0;
  private wanted = false;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  /** The token the server rejected; never sent again. */
  private rejectedToken: string | null = null;
  /** After a rejection the token is refreshed once; a second rejection waits for a new token. */
  private refreshedAfterRejection = false;
  private lastToken: string | null;
  private removeWakeListeners: (() => void) | undefined;
  private lastPingAt: number | null = null;
  private lastFrameAt = 0;
  private renewTimer: ReturnType<typeof setTimeout> | undefined;
  /** Gives up a handshake that takes longer than TIMINGS.connectTimeoutMs. */
  private connectTimer: ReturnType<typeof setTimeout> | undefined;
  /** Whose socket is open: a token of someone else is never sent over it. */
  private socketUserId: number | null = null;
  /** Sends the next queued frame while a queue longer than FLUSH_BURST goes out. */
  private flushTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly options: ChatSocketOptions) {
    this.events = new Emitter((error) => options.logger.error('[parley] a listener threw', error));
    this.queue = new SendQueue(options.queueCapacity ?? 500);
    this.lastToken = options.session.getAccessToken();
  }

  on<K extends keyof ChatSocketEvents>(
    event: K,
    listener: (payload: ChatSocketEvents[K]) => void,
  ): () => void {
    return this.events.on(event, listener);
  }

  /**
   * Keeps the socket connected until the returned release is called. Idempotent and
   * reference-counted: React StrictMode's mount–unmount–mount keeps one socket, because a release
   * closes only if nobody connected again by the next microtask.
   */
  connect(): () => void {
    this.holders++;
    this.wanted = true;
    this.addWakeListeners();
    if (this.state.status === 'closed' && this.retryTimer === undefined) void this.open();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holders--;
      queueMicrotask(() => {
        if (this.holders === 0 && this.wanted) this.disconnect();
      });
    };
  }

  /** Closes now, whoever holds the socket, and stops reconnecting. Queued frames are kept. */
  disconnect(): void {
    this.holders = 0;
    this.wanted = false;
    this.removeWakeListeners?.();
    this.removeWakeListeners = undefined;
    this.closeSocket(NORMAL_CLOSURE, 'client disconnect');
    this.setStatus('closed');
  }

  /**
   * Sends a frame, or queues it until the socket opens. `join_room` and `leave_room` only change
   * the current room (rejoined on every open); pings are not queued.
   */
  send(frame: ClientFrame): SendResult {
    if (frame.type === 'join_room') return this.joinRoom(frame.room_name);
    if (frame.type === 'leave_room') return this.leaveRoom();
    // While a queue still goes out, new frames wait behind it: the order is the order of sending.
    // Live voice's frames do not: its binary chunks (sendBinary) must follow their chunk_init.
    const live = frame.type === 'chunk_init' || frame.type === 'chunk_end';
    if (this.state.status === 'open' && this.ws && (this.queue.size === 0 || live)) {
      this.write(frame);
      return 'sent';
    }
    if (frame.type === 'ping') return 'dropped';
    const result = this.queue.push(frame);
    this.state.queued = this.queue.size;
    if (result === 'dropped')
      this.options.logger.warn('[parley] socket queue full; dropped', frame.type);
    return result;
  }

  /**
   * Writes raw bytes (the audio chunks after `chunk_init`, spec §7). Live audio is never queued:
   * false when the socket is not open.
   */
  sendBinary(data: ArrayBuffer | ArrayBufferView | Blob): boolean {
    const ws = this.ws;
    if (this.state.status !== 'open' || !ws || ws.readyState !== OPEN) return false;
    ws.send(data);
    return true;
  }

  /** Joins `roomName` now if open, and on every later open. */
  joinRoom(roomName: string): SendResult {
    this.state.currentRoom = roomName;
    if (this.state.status !== 'open') return 'queued';
    this.write({ type: 'join_room', room_name: roomName });
    return 'sent';
  }

  leaveRoom(): SendResult {
    this.state.currentRoom = null;
    if (this.state.status !== 'open') return 'queued';
    this.write({ type: 'leave_room' });
    return 'sent';
  }

  /** Drops queued frames matching `predicate`; the number dropped. */
  unqueue(predicate: (frame: ClientFrame) => boolean): number {
    const removed = this.queue.remove(predicate);
    this.state.queued = this.queue.size;
    return removed;
  }

  /**
   * The session changed: a new token lifts a rejection or an aborted connect, and renews an open
   * socket (`authenticate`, ignored by a backend without it); signing out closes the socket (it
   * reconnects when a session comes back, if still wanted), and so does another person's token.
   */
  sessionChanged(): void {
    const token = this.options.session.getAccessToken();
    if (token === this.lastToken) return;
    this.lastToken = token;
    // open() is loading or refreshing the token itself; it carries on with the new one.
    if (this.state.status === 'connecting' && token !== null) return;
    if (token === null) {
      this.queue.clear();
      this.state.queued = 0;
      this.state.currentRoom = null;
      this.closeSocket(NORMAL_CLOSURE, 'signed out');
      this.setStatus('closed');
      return;
    }
    if (this.state.status === 'open' && this.ws) {
      const userId = this.options.session.getUserId() ?? tokenUserId(token);
      if (userId !== null && userId !== this.socketUserId) {
        this.closeSocket(NORMAL_CLOSURE, 'session changed');
        this.setStatus('closed');
        if (this.wanted) void this.open();
        return;
      }
      this.renew(token);
      return;
    }
    if (token !== this.rejectedToken) this.refreshedAfterRejection = false;
    if (this.wanted && this.state.status === 'closed' && this.retryTimer === undefined) {
      void this.open();
    }
  }

  /** Stops everything and forgets listeners; the client is being disposed. */
  dispose(): void {
    this.disconnect();
    this.queue.clear();
    this.events.clear();
  }

  private async open(): Promise<void> {
    const attempt = ++this.attempt;
    this.clearRetryTimer();
    this.setStatus('connecting');
    const { session, logger } = this.options;
    if (this.options.ready) {
      await this.options.ready;
      if (attempt !== this.attempt) return;
    }
    // 'connecting' re-renders whoever shows the status; the connection's own work (the device's
    // time zone is a first Intl call, ~13 ms on a phone) runs in a task of its own after that, so
    // neither holds a page's main thread for long while it starts (issue 24: blocking time).
    await nextTask();
    if (attempt !== this.attempt) return;

    let token = session.getAccessToken();
    const rejected = token !== null && token === this.rejectedToken;
    if (rejected && this.refreshedAfterRejection) {
      // Already refreshed once after a rejection: wait for a new token (sessionChanged).
      this.setStatus('closed');
      return;
    }
    if (rejected || needsRefresh(token, Date.now(), EXPIRY_MARGIN_MS)) {
      if (globalThis.navigator?.onLine === false) {
        // A refresh failing for want of a network would end the session: wait for `online`.
        this.setStatus('closed');
        return;
      }
      if (rejected) this.refreshedAfterRejection = true;
      try {
        token = await session.refresh();
      } catch (error) {
        if (attempt !== this.attempt) return;
        logger.warn('[parley] token refresh before connecting failed; not connecting', error);
        this.setStatus('closed');
        // The session survived (the refresh got no answer): try again with the usual backoff.
        if (session.getAccessToken() !== null) this.scheduleReconnect();
        return;
      }
      if (attempt !== this.attempt) return;
      this.lastToken = session.getAccessToken();
    }
    if (!this.wanted) {
      this.setStatus('closed');
      return;
    }

    const userId = session.getUserId() ?? (token ? tokenUserId(token) : null);
    const Ctor =
      this.options.WebSocket ??
      (globalThis.WebSocket as unknown as WebSocketConstructorLike | undefined);
    if (!token || userId === null || !this.options.origin || !Ctor) {
      logger.error('[parley] cannot open the chat socket', {
        token: Boolean(token),
        userId,
        origin: this.options.origin,
        WebSocket: Boolean(Ctor),
      });
      this.setStatus('closed');
      return;
    }

    let ws: WebSocketLike;
    try {
      ws = new Ctor(socketUrl(this.options.origin, userId, token));
    } catch (error) {
      logger.error('[parley] could not create the chat socket', error);
      this.setStatus('closed');
      this.scheduleReconnect();
      return;
    }
    this.ws = ws;
    this.socketUserId = userId;
    const usedToken = token;
    ws.onopen = () => {
      if (attempt === this.attempt) this.handleOpen(usedToken);
    };
    ws.onmessage = (event: { data: unknown }) => {
      if (attempt === this.attempt) this.handleMessage(event.data);
    };
    ws.onclose = (event: { code: number; reason: string }) => {
      if (attempt === this.attempt) this.handleClose(event.code, event.reason, usedToken);
    };
    ws.onerror = (event: unknown) => {
      if (attempt === this.attempt) logger.debug('[parley] chat socket error', event);
    };
    this.connectTimer = setTimeout(() => {
      this.connectTimer = undefined;
      if (attempt !== this.attempt || this.state.status !== 'connecting') return;
      logger.warn('[parley] the chat socket did not open in time; trying again');
      this.closeSocket(NORMAL_CLOSURE, 'connect timeout');
      this.handleClose(CONNECT_TIMEOUT_CLOSE, 'connect timeout', usedToken);
    }, TIMINGS.connectTimeoutMs);
  }

  private clearConnectTimer(): void {
    if (this.connectTimer !== undefined) clearTimeout(this.connectTimer);
    this.connectTimer = undefined;
  }

  private handleOpen(usedToken: string): void {
    this.clearConnectTimer();
    this.state.retries = 0;
    // A refresh finished while connecting: the socket gets the newer token at once.
    const token = this.options.session.getAccessToken();
    if (token !== null && token !== usedToken) this.write({ type: 'authenticate', token });
    // Rejoin before flushing, so queued frames that default to the current room land in it.
    if (this.state.currentRoom !== null) {
      this.write({ type: 'join_room', room_name: this.state.currentRoom });
    }
    this.flushQueue(FLUSH_BURST);
    this.lastPingAt = null;
    this.pingTimer = setInterval(() => this.ping(), TIMINGS.pingIntervalMs);
    this.scheduleRenewal(token ?? usedToken);
    this.setStatus('open');
  }

  /** Writes up to `count` queued frames; the rest follow one every FLUSH_INTERVAL_MS. */
  private flushQueue(count: number): void {
    this.flushTimer = undefined;
    for (const frame of this.queue.take(count)) {
      this.write(frame);
      this.events.emit('written', frame);
    }
    this.state.queued = this.queue.size;
    if (this.queue.size === 0) return;
    this.flushTimer = setTimeout(() => {
      if (this.state.status === 'open') this.flushQueue(1);
    }, FLUSH_INTERVAL_MS);
  }

  /** Hands the open socket a fresh token and plans the next refresh. */
  private renew(token: string): void {
    this.write({ type: 'authenticate', token });
    this.scheduleRenewal(token);
  }

  /**
   * Refreshes ahead of the token's expiry while the socket is open; the refreshed token reaches
   * the socket through sessionChanged. A failed refresh is left to the usual paths: a refused
   * one clears the session, an unanswered one lets the server close the socket at expiry
   * (4002), after which the reconnect refreshes first.
   */
  private scheduleRenewal(token: string): void {
    this.clearRenewal();
    const claims = readTokenClaims(token);
    if (typeof claims?.exp !== 'number') return;
    const lifetimeMs =
      typeof claims.iat === 'number' && claims.iat < claims.exp
        ? (claims.exp - claims.iat) * 1000
        : Infinity;
    const at = claims.exp * 1000 - Math.min(RENEW_MARGIN_MS, lifetimeMs / 4);
    this.renewTimer = setTimeout(
      () => {
        this.renewTimer = undefined;
        // A token valid for longer than a timer can wait: wait again.
        if (Date.now() < at) {
          this.scheduleRenewal(token);
          return;
        }
        if (this.state.status !== 'open' || globalThis.navigator?.onLine === false) return;
        if (this.options.session.getAccessToken() !== token) return;
        this.options.session.refresh().catch((error: unknown) => {
          this.options.logger.warn('[parley] token refresh ahead of expiry failed', error);
        });
      },
      Math.min(Math.max(0, at - Date.now()), MAX_TIMER_MS),
    );
  }

  private clearRenewal(): void {
    if (this.renewTimer !== undefined) clearTimeout(this.renewTimer);
    this.renewTimer = undefined;
  }

  /**
   * Spec §4's ping, doubling as a health check: when nothing at all (not even the pong) arrived
   * since the previous ping, the connection is dead without a close event (sleep, network
   * change), so it is closed and the usual backoff reconnects.
   */
  private ping(): void {
    if (this.lastPingAt !== null && this.lastFrameAt < this.lastPingAt) {
      this.options.logger.warn('[parley] no answer to the last ping; reconnecting');
      this.closeSocket(NO_PONG_CLOSE, 'no pong');
      this.handleClose(NO_PONG_CLOSE, 'no pong', '');
      return;
    }
    this.lastPingAt = Date.now();
    this.write({ type: 'ping' });
  }

  private handleMessage(data: unknown): void {
    this.lastFrameAt = Date.now();
    // The server accepts the upgrade before it checks the token (a rejection is a 1008 right
    // after open), so only a frame proves the session was accepted and ends a rejection streak.
    if (this.rejectedToken !== null || this.state.error !== null) {
      this.rejectedToken = null;
      this.refreshedAfterRejection = false;
      this.state.error = null;
    }
    for (const frame of decodeServerFrames(data, this.options.logger)) {
      this.events.emit('frame', frame);
    }
  }

  private handleClose(code: number, reason: string, usedToken: string): void {
    this.clearConnectTimer();
    this.ws = null;
    this.attempt++;
    this.stopPing();
    this.setStatus('closed');
    if (code === SOCKET_CLOSE_CODES.signedOut) {
      // The server ended the session (logout elsewhere, password change, a stolen token): no
      // reconnect; the client clears the session and says so.
      this.options.logger.warn('[parley] the server ended the session', reason);
      this.options.session.ended?.(reason);
      return;
    }
    if (code === SOCKET_CLOSE_CODES.tooManySockets) {
      this.state.error = SDK_MESSAGES.socketTooManyOpen;
      this.events.emit('error', {
        message: SDK_MESSAGES.socketTooManyOpen,
        closeCode: code,
        reason,
      });
      // Reconnecting at once would close another of the person's sockets, which would do the
      // same: this one waits until it is used again (tab shown, back online, open()).
      return;
    }
    if (code === SOCKET_CLOSE_CODES.policyViolation || code === SOCKET_CLOSE_CODES.forbidden) {
      this.rejectedToken = usedToken;
      this.state.error = SDK_MESSAGES.socketUnauthenticated;
      this.events.emit('error', {
        message: SDK_MESSAGES.socketUnauthenticated,
        closeCode: code,
        reason,
      });
      // One refresh-and-retry per rejection streak; open() refuses the rejected token after that.
      if (this.refreshedAfterRejection) return;
    }
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (!this.wanted) return;
    const delay = reconnectDelay(this.state.retries);
    this.state.retries++;
    this.state.nextAttemptAt = Date.now() + delay;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.state.nextAttemptAt = null;
      void this.open();
    }, delay);
  }

  /** `online` or a tab becoming visible: try now instead of waiting out the backoff. */
  private wake(): void {
    if (!this.wanted || this.state.status !== 'closed') return;
    const token = this.options.session.getAccessToken();
    // Signed out, or rejected twice: only a new session or token (sessionChanged) retries.
    if (token === null) return;
    if (token === this.rejectedToken && this.refreshedAfterRejection) return;
    void this.open();
  }

  private addWakeListeners(): void {
    this.removeWakeListeners ??= listenForWakeUps(() => this.wake());
  }

  private write(frame: ClientFrame): void {
    const ws = this.ws;
    if (!ws || ws.readyState !== OPEN) return;
    ws.send(JSON.stringify(frame));
  }

  private closeSocket(code: number, reason: string): void {
    this.attempt++;
    this.clearConnectTimer();
    this.clearRetryTimer();
    this.stopPing();
    const ws = this.ws;
    this.ws = null;
    if (!ws) return;
    ws.onopen = null;
    ws.onmessage = null;
    ws.onclose = null;
    // Not null: `ws` rethrows an 'error' event nobody listens to (closing while connecting emits one).
    ws.onerror = () => {};
    try {
      ws.close(code, reason);
    } catch (error) {
      this.options.logger.debug('[parley] closing the chat socket threw', error);
    }
  }

  private clearRetryTimer(): void {
    if (this.retryTimer !== undefined) clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.state.nextAttemptAt = null;
  }

  private stopPing(): void {
    if (this.pingTimer !== undefined) clearInterval(this.pingTimer);
    this.pingTimer = undefined;
    // What is left of a queue waits for the next open.
    if (this.flushTimer !== undefined) clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    this.clearRenewal();
  }

  private setStatus(status: SocketStatus): void {
    if (this.state.status === status) return;
    this.state.status = status;
    this.events.emit('status', status);
  }
}

/**
 * Resolves in a later task of the event loop (a message to itself: fake timers in tests do not
 * hold it back); at once where no MessageChannel exists.
 */
function nextTask(): Promise<void> {
  if (typeof MessageChannel !== 'function') return Promise.resolve();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
