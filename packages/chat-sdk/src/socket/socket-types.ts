import type { Logger } from '../logger';
import type { ClientFrame, ServerFrame } from '../protocol/socket';
import type { EnqueueResult } from './send-queue';

/** The part of a WebSocket the sdk uses; the browser's and `ws`'s both fit. */
export interface WebSocketLike {
  readonly readyState: number;
  onopen: ((event: never) => unknown) | null;
  onmessage: ((event: never) => unknown) | null;
  onclose: ((event: never) => unknown) | null;
  onerror: ((event: never) => unknown) | null;
  send(data: string | ArrayBuffer | ArrayBufferView | Blob): void;
  close(code?: number, reason?: string): void;
}

export type WebSocketConstructorLike = new (url: string) => WebSocketLike;

/** Spec §4's three states. */
export type SocketStatus = 'connecting' | 'open' | 'closed';

/** A valtio proxy: read it with useSnapshot (React) or subscribe (valtio/vanilla). */
export interface SocketState {
  status: SocketStatus;
  /** Closes since the last open; the next delay is min(10 s, 1 s × 2^retries). */
  retries: number;
  /** When the next attempt is due (epoch ms), null when none is scheduled. */
  nextAttemptAt: number | null;
  /** SDK_MESSAGES.socketUnauthenticated after a 1008/403 close, until the next open. */
  error: string | null;
  /** The room rejoined on every open, as the caller named it. */
  currentRoom: string | null;
  /** Frames waiting for the socket to open. */
  queued: number;
}

export interface ChatSocketError {
  message: string;
  closeCode?: number;
  reason?: string;
}

export interface ChatSocketEvents {
  status: SocketStatus;
  /** Every known server frame, in arrival order. */
  frame: ServerFrame;
  /** The socket was rejected (close 1008/403): show `message` as a toast. */
  error: ChatSocketError;
  /** A frame that waited in the send queue went out (a `send` that answered 'queued'). */
  written: ClientFrame;
}

/** What a send did: written to the open socket, queued until open, or refused (queue full). */
export type SendResult = 'sent' | EnqueueResult;

export interface ChatSocketOptions {
  /** The socket origin, e.g. 'wss://chat.example.com'; null when it cannot be known. */
  origin: string | null;
  /** Default globalThis.WebSocket, read at connect time. */
  WebSocket?: WebSocketConstructorLike | undefined;
  session: {
    getAccessToken(): string | null;
    getUserId(): number | null;
    /** The shared single-flight refresh; rejects when the session could not be refreshed. */
    refresh(): Promise<string>;
    /**
     * The server closed the socket as signed out (SOCKET_CLOSE_CODES.signedOut): clear the
     * session and tell the application (`reason` is the server's close reason, e.g.
     * ACCOUNT_SUSPENDED_CLOSE_REASON). The socket does not reconnect either way.
     */
    ended?(reason: string): void;
  };
  logger: Logger;
  /** Settles when the stored session is loaded; no attempt starts before. */
  ready?: Promise<void>;
  /** Default 500. */
  queueCapacity?: number;
}
