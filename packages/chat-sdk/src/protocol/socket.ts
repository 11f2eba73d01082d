/**
 * Socket frames of spec §7 and docs/socket-protocol.md: one discriminated union per direction,
 * keyed on `type`. The single source for client and server. The frames themselves live with their
 * subject (chat, calls, media, connections, billing); this file holds the socket's own frames and
 * composes the unions.
 */
import type { SubscriptionRequiredFrame, TierLimitWarningFrame } from './billing';
import type { BlockChangedFrame } from './blockingInGroups';
import type {
  CallAudioFrame,
  CallSignalFrame,
  CallSignalSendFrame,
  LiveTranscriptFrame,
  LiveTranscriptServerFrame,
} from './calls';
import type {
  ChatHistoryFrame,
  ChatMessageFrame,
  ChatMessageSendFrame,
  RecordingFrame,
  RecordingIndicatorFrame,
  TypingFrame,
  TypingIndicatorFrame,
} from './chat';
import type {
  ConnectionAcceptedFrame,
  ConnectionRemovedFrame,
  ConnectionRequestFrame,
} from './connections';
import type { LinkPreviewFrame } from './linkPreviews';
import type { ChunkEndFrame, ChunkInitFrame, VoiceChunkFrame } from './media';
import type {
  DeleteMessageFrame,
  EditMessageFrame,
  MessageDeletedFrame,
  MessageEditedFrame,
} from './message-actions';
import type { ModerationNoticeFrame } from './moderation';
import type {
  DeliveredReceiptFrame,
  ReactFrame,
  ReactionFrame,
  ReadFrame,
  ReadReceiptFrame,
} from './reactions';
import type { TranslationSuggestionFrame } from './translationTrust';

// ---------------------------------------------------------------------------------------------
// Client → server

export interface JoinRoomFrame {
  type: 'join_room';
  room_name: string;
}

export interface LeaveRoomFrame {
  type: 'leave_room';
}

export interface PingFrame {
  type: 'ping';
}

/**
 * Parley extension: a fresh access token for the open socket (the sdk sends it after every
 * refresh). Without one, the server closes the socket when the token it opened with expires
 * (SOCKET_CLOSE_CODES.tokenExpired). The token must be the same user's; answered with
 * `authenticated`, or an `error` frame (`invalid_token`) after which the socket keeps its old
 * deadline. A spec-only backend answers `unknown_type` or nothing; the sdk carries on.
 */
export interface AuthenticateFrame {
  type: 'authenticate';
  token: string;
}

/** Every text frame a client may send. */
export type ClientFrame =
  | JoinRoomFrame
  | LeaveRoomFrame
  | PingFrame
  | ChatMessageSendFrame
  | TypingFrame
  | RecordingFrame
  | CallSignalSendFrame
  | LiveTranscriptFrame
  | CallAudioFrame
  | ChunkInitFrame
  | ChunkEndFrame
  | AuthenticateFrame
  | EditMessageFrame
  | DeleteMessageFrame
  | ReactFrame
  | ReadFrame;

export type ClientFrameType = ClientFrame['type'];

export const CLIENT_FRAME_TYPES = [
  'join_room',
  'leave_room',
  'ping',
  'chat_message',
  'typing',
  'recording',
  'call_signal',
  'live_transcript',
  'call_audio',
  'chunk_init',
  'chunk_end',
  'authenticate',
  'edit_message',
  'delete_message',
  'react',
  'read',
] as const satisfies readonly ClientFrameType[];

// ---------------------------------------------------------------------------------------------
// Server → client

export interface PongFrame {
  type: 'pong';
}

/** Parley extension: the answer to `authenticate`; the socket now lives until `expires_at`. */
export interface AuthenticatedFrame {
  type: 'authenticated';
  /** ISO 8601: when the new token expires (the socket is closed then unless renewed again). */
  expires_at: string;
}

/**
 * Parley extension (not in the spec's incoming list): a frame was refused; the socket stays open.
 * `client_id` names the refused chat_message.
 */
export interface ErrorFrame {
  type: 'error';
  code: SocketErrorCode;
  detail: string;
  client_id?: string;
}

/** Every text frame the server may send. */
export type ServerFrame =
  | ChatMessageFrame
  | ChatHistoryFrame
  | TypingIndicatorFrame
  | RecordingIndicatorFrame
  | PongFrame
  | ErrorFrame
  | ConnectionRequestFrame
  | ConnectionAcceptedFrame
  | ConnectionRemovedFrame
  | CallSignalFrame
  | LiveTranscriptServerFrame
  | VoiceChunkFrame
  | TierLimitWarningFrame
  | SubscriptionRequiredFrame
  | AuthenticatedFrame
  | MessageEditedFrame
  | MessageDeletedFrame
  | ReactionFrame
  | TranslationSuggestionFrame
  | ReadReceiptFrame
  | DeliveredReceiptFrame
  | LinkPreviewFrame
  | ModerationNoticeFrame
  | BlockChangedFrame;

export type ServerFrameType = ServerFrame['type'];

export const SERVER_FRAME_TYPES = [
  'chat_message',
  'chat_history',
  'typing_indicator',
  'recording_indicator',
  'pong',
  'error',
  'connection_request',
  'connection_accepted',
  'connection_removed',
  'call_signal',
  'live_transcript',
  'voice_chunk',
  'tier_limit_warning',
  'subscription_required',
  'authenticated',
  'message_edited',
  'message_deleted',
  'reaction',
  'read_receipt',
  'delivered_receipt',
  'link_preview',
  'translation_suggestion',
  'moderation_notice',
  'block_changed',
] as const satisfies readonly ServerFrameType[];

/** `code` of an error frame. Clients must accept codes not listed here. */
export type SocketErrorCode =
  | 'invalid_json'
  | 'unknown_type'
  | 'invalid_frame'
  | 'not_a_member'
  | 'rate_limited'
  | 'binary_not_supported'
  | 'no_voice_stream'
  | 'voice_chunk_too_small'
  | 'voice_stream_too_long'
  | 'internal_error'
  | 'invalid_token'
  | (string & {});

// ---------------------------------------------------------------------------------------------
// Connection

/** Close codes with a meaning for the client. */
export const SOCKET_CLOSE_CODES = {
  /** Unauthenticated, token of another user, or persistent flooding. */
  policyViolation: 1008,
  /** Some proxies and servers reject the upgrade this way; treated like 1008. */
  forbidden: 403,
  /** A frame over SOCKET_LIMITS.maxFrameBytes. */
  messageTooBig: 1009,
  /** The server is stopping or restarting: reconnect with the usual backoff. */
  serviceRestart: 1012,
  /**
   * Parley extension: the socket's session ended (logout, password change, account deletion, a
   * stolen refresh token): the client is signed out and must not reconnect.
   */
  signedOut: 4001,
  /**
   * Parley extension: the socket's access token expired without an `authenticate` frame:
   * refresh, then reconnect.
   */
  tokenExpired: 4002,
  /**
   * Extension (docs/socket-protocol.md): the account opened more sockets than the server allows
   * per person and this one, the oldest, was closed. Not reconnected until the app is used again.
   */
  tooManySockets: 4008,
} as const;

export const SOCKET_LIMITS = {
  maxFrameBytes: 64 * 1024,
  maxMessageChars: 10_000,
  maxClientIdChars: 64,
  historyPageSize: 50,
  framesPerSecond: 20,
  burstFrames: 40,
} as const;

/**
 * Optional behaviours a socket asks for in its URL (ext): `?features=a,b` beside `token`. A
 * server that does not know one ignores it; a socket that asks for none gets the spec's frames.
 */
export const SOCKET_FEATURES = {
  /** `delivered_receipts` frames instead of a `delivered_receipt` per member (reactions.ts). */
  groupedReceipts: 'grouped_receipts',
} as const;

/** The socket URL's query parameter that lists SOCKET_FEATURES. */
export const SOCKET_FEATURES_PARAM = 'features';

/** The query pair asking for every SOCKET_FEATURES, as the sdk's socket sends it. */
export const ALL_SOCKET_FEATURES_QUERY = `${SOCKET_FEATURES_PARAM}=${Object.values(SOCKET_FEATURES).join(',')}`;

/** The socket's path for a user; the access token goes in `?token=`. */
export function chatSocketPath(userId: number): string {
  return `/ws/chat/user_${userId}/`;
}
