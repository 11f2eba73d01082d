import type { CallEvent } from './calls';

/**
 * Socket frames of spec §7 and docs/socket-protocol.md: one discriminated union per direction,
 * keyed on `type`. The single source for client and server.
 */
import type { ChatMessageMediaExtensions, ChunkEndFrame, TranscriptStatus } from './media';

/** `file_type` of a chat message. */
export const CHAT_FILE_TYPES = ['text', 'image', 'video', 'application', 'audio'] as const;
export type ChatFileType = (typeof CHAT_FILE_TYPES)[number];

/**
 * `file_type` as a kind: a kind is kept, a MIME type maps to its kind (`image/png` → image,
 * `audio/webm` → audio, `application/pdf` → application; `text/plain` → application when a file
 * is attached). Null for anything else (absent, not a string, not a MIME type).
 */
export function chatFileKind(value: unknown, hasFile: boolean): ChatFileType | null {
  if (typeof value !== 'string') return null;
  const kind = value.trim().toLowerCase();
  if ((CHAT_FILE_TYPES as readonly string[]).includes(kind)) return kind as ChatFileType;
  const mime = /^([a-z]+)\/[a-z0-9.+-]+(?:\s*;.*)?$/.exec(kind);
  if (!mime) return null;
  const top = mime[1];
  if (top === 'image' || top === 'video' || top === 'audio') return top;
  return hasFile ? 'application' : 'text';
}

/**
 * Users a frame concerns (the original client sent them for routing). Informational only: the
 * server routes by room membership, never by this list.
 */
export interface SocketUserObject {
  id: number;
  username?: string;
  /** Parley extension (on relayed call_signal): the sender's picture for the incoming prompt. */
  profile_image?: string | null;
}

/**
 * The chat message entity of spec §3, field for field: what a backend that implements only the
 * spec sends on `chat_message` and in `chat_history`.
 */
export interface SpecChatMessage {
  sender_id: number;
  sender_username: string;
  sender_profile_image: string | null;
  /** The text; Parley sends it in the reader's language. */
  message: string;
  file_type: ChatFileType;
  file_url: string | null;
  audio_url: string | null;
  file_name: string | null;
  /** ISO 8601. */
  timestamp: string;
  transcript: string | null;
}

/**
 * A stored chat message as Parley's server sends it: the spec's fields plus Parley's extensions
 * (optional for clients: a spec backend sends none of them).
 */
export interface ChatMessage extends SpecChatMessage, ChatMessageMediaExtensions {
  /** Parley extension: the stored message's id. */
  id: number;
  /** Parley extension: the sender's client-generated id; null for messages stored without one. */
  client_id: string | null;
  /** Parley extension: the room (`private-{min}-{max}` or the group slug). */
  room_name: string;
  /** Parley extension: the text as the sender wrote it. */
  original_message: string;
  /** Parley extension: ISO 639-1 code of the original text. */
  original_language: string | null;
  /** Parley extension: `message` is the server's translation of `original_message` for this
   * reader (and differs from it). */
  translated?: boolean;
  /** Parley extension: the engine failed or has no route for this reader: `message` is the
   * original text. */
  translation_failed?: boolean;
  /** Parley extension: this message records a call (start, end and duration, missed). */
  call_event?: CallEvent | null;
}

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

/**
 * Spec §7 `chat_message {message, sender_id, receiver_id, user_objects, file_url, file_type,
 * file_name}`. Ids may also be numeric strings (`"6"`) and `file_type` a MIME type
 * (`image/png`, mapped to its kind); everything marked extension is optional.
 */
export interface ChatMessageSendFrame {
  type: 'chat_message';
  /** ≤ 10,000 chars; may be omitted, null or empty when a file is attached. */
  message?: string | null;
  sender_id: number | string;
  /** The other person of a private chat: routes the message when no room is joined or named. */
  receiver_id?: number | string | null;
  user_objects?: SocketUserObject[];
  file_url?: string | null;
  /** A kind of CHAT_FILE_TYPES, or a MIME type. */
  file_type?: ChatFileType | (string & {});
  file_name?: string | null;
  /** Parley extension: ≤ 64 chars; a repeated client_id from the same sender returns the stored
   * message. Without it the server assigns one and the send is not idempotent. */
  client_id?: string;
  /** Parley extension: defaults to the joined room, else the private room with `receiver_id`. */
  room_name?: string;
  /** Parley extension (spec §4 voice message send): the uploaded audio and its transcript. */
  audio_url?: string | null;
  transcript?: string | null;
}

/** Spec §7 `typing {is_typing, sender_id, username, user_objects}`. */
export interface TypingFrame {
  type: 'typing';
  is_typing: boolean;
  sender_id: number | string;
  username: string;
  /** The room's people; without a joined or named room, one other user here names a private room. */
  user_objects?: SocketUserObject[];
  /** Parley extension: defaults to the joined room. */
  room_name?: string;
}

/** Spec §7 `recording {is_recording, sender_id, username}`. */
export interface RecordingFrame {
  type: 'recording';
  is_recording: boolean;
  sender_id: number | string;
  username: string;
  /** Parley extension: defaults to the joined room. */
  room_name?: string;
  /** Parley extension, as on `typing`. */
  user_objects?: SocketUserObject[];
}

/**
 * WebRTC signalling (spec §4 Call); carried inside `call_signal`. The spec's three are `offer`,
 * `answer` and `ice-candidate`; `hangup` is a Parley extension (a spec peer ignores it and
 * notices the end when media stops).
 */
export type CallSignal =
  | {
      type: 'offer';
      sdp: string /** Parley extension: an ICE restart of a connected call. */;
      restart?: boolean;
    }
  | { type: 'answer'; sdp: string }
  | {
      type: 'ice-candidate';
      candidate: string;
      sdpMid?: string | null;
      sdpMLineIndex?: number | null;
    }
  | { type: 'hangup'; reason: CallEndReason };

export type CallType = 'audio' | 'video';

/**
 * Parley extension: why a call ended. `ended` (someone hung up a connected call), `declined`,
 * `missed` (nobody answered in time), `cancelled` (the caller gave up before an answer),
 * `failed` (the connection could not be restored), `busy` (already in another call).
 */
export const CALL_END_REASONS = [
  'ended',
  'declined',
  'missed',
  'cancelled',
  'failed',
  'busy',
] as const;
export type CallEndReason = (typeof CALL_END_REASONS)[number];

/**
 * Spec §7 `call_signal {from, to, call_type, signal, user_objects}`. The server relays it only
 * between two people who share a conversation or an accepted connection, and only with `from`
 * equal to the sender's own id.
 */
export interface CallSignalSendFrame {
  type: 'call_signal';
  from: number;
  to: number;
  call_type: CallType;
  signal: CallSignal;
  user_objects?: SocketUserObject[];
}

/**
 * Spec §7 `live_transcript {from, transcript, user_objects}`: a client's own caption text for the
 * other person of its call (a client that transcribes locally). The server relays it translated
 * into the listener's language. Parley clients send audio instead (`call_audio`).
 */
export interface LiveTranscriptFrame {
  type: 'live_transcript';
  from: number;
  transcript: string;
  user_objects?: SocketUserObject[];
  /** Parley extension: the other person of the call (else the one other id of user_objects). */
  to?: number;
}

/**
 * Parley extension: one chunk of the sender's call audio for live captions, transcribed by the
 * server (never by a third party from the browser). `audio` is base64 of a complete file of
 * `mime_type` (`audio/wav` preferred for calls, spec §9), at most CALL_AUDIO_LIMITS.maxBytes.
 */
export interface CallAudioFrame {
  type: 'call_audio';
  from: number;
  to: number;
  mime_type: string;
  audio: string;
  /** ISO 639-1 code of the speaker's language; default the speaker's profile language. */
  language?: string;
  /**
   * The last chunk of an utterance (the speaker paused): the server transcribes what it gathered
   * since the previous final chunk (at most CALL_AUDIO_LIMITS.maxUtteranceSeconds).
   */
  final?: boolean;
}

export const CALL_AUDIO_LIMITS = {
  /** Decoded bytes of one chunk (about 1.5 s of 16 kHz mono 16-bit WAV). */
  maxBytes: 48 * 1024,
  /** Chunks under this many bytes are not sent (spec §9: 3000). */
  minBytes: 3000,
  /** The server transcribes at least this often during continuous speech. */
  maxUtteranceSeconds: 8,
} as const;

/**
 * Spec §7 `chunk_init {from, mime_type, receiver_id, user_objects}`: raw binary audio chunks
 * (binary WebSocket frames, each ≥ MEDIA_LIMITS.minVoiceChunkBytes and ≤ maxVoiceChunkBytes)
 * follow it and are relayed as `voice_chunk` to the room's other members.
 */
export interface ChunkInitFrame {
  type: 'chunk_init';
  from: number | string;
  /** `audio/webm`, `audio/webm;codecs=opus`, `audio/mp4`, `audio/mpeg`, `audio/wav`, `audio/ogg`. */
  mime_type: string;
  /** The other person of a private chat (routes the stream when no room is joined or named). */
  receiver_id?: number | string | null;
  user_objects?: SocketUserObject[];
  /** Parley extension: defaults to the joined room, else the private room with `receiver_id`. */
  room_name?: string;
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
  | AuthenticateFrame;

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
] as const satisfies readonly ClientFrameType[];

// ---------------------------------------------------------------------------------------------
// Server → client

/**
 * Spec §7 incoming `chat_message`: the message's fields flat at the top level. `room_name` is
 * the name the receiving socket's client joined with, else the canonical one.
 */
export type ChatMessageFrame = { type: 'chat_message' } & ChatMessage;

/** Spec §7 incoming `chat_history (message)`: the list under `message`. */
export interface ChatHistoryFrame {
  type: 'chat_history';
  /** The last 50, oldest first. */
  message: ChatMessage[];
  /** Parley extension: the room joined. */
  room_name: string;
  /** Parley extension: older messages exist (GET /chatmessage/history/). */
  has_more: boolean;
}

export interface TypingIndicatorFrame {
  type: 'typing_indicator';
  sender_id: number;
  username: string;
  is_typing: boolean;
  /** Parley extension: the room (the name the client joined with). */
  room_name: string;
}

export interface RecordingIndicatorFrame {
  type: 'recording_indicator';
  sender_id: number;
  username: string;
  is_recording: boolean;
  /** Parley extension: the room (the name the client joined with). */
  room_name: string;
}

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

/**
 * Who a connection frame is about. Parley sends the connection list item (id, username,
 * profile_image, first_name, last_name, followers_count); the spec names only the field, so a
 * bare id is accepted too.
 */
export type ConnectionFrameUser =
  | number
  | (SocketUserObject & {
      profile_image?: string | null;
      first_name?: string | null;
      last_name?: string | null;
      followers_count?: number;
    });

/** Someone asked the receiver to connect (spec §7): raises the notification badge. */
export interface ConnectionRequestFrame {
  type: 'connection_request';
  from_user: ConnectionFrameUser;
}

/** The receiver (`to_user`) accepted the requester's request: their Pending turns into Chat. */
export interface ConnectionAcceptedFrame {
  type: 'connection_accepted';
  to_user: ConnectionFrameUser;
}

/**
 * Parley extension: a request to the receiver was withdrawn or a connection removed
 * (`from_user` is the other person), so badges and buttons follow without a reload.
 */
export interface ConnectionRemovedFrame {
  type: 'connection_removed';
  from_user: ConnectionFrameUser;
}

/** Spec §7 incoming `call_signal`: relayed from the other person of the call. */
export interface CallSignalFrame {
  type: 'call_signal';
  from: number;
  to: number;
  call_type: CallType;
  signal: CallSignal;
  user_objects?: SocketUserObject[];
}

/**
 * `live_transcript {from, transcript, user_objects}` (spec §7 lists it outgoing; Parley also
 * sends it to both people of a call): a caption of what `from` said, in the receiver's language.
 */
export interface LiveTranscriptServerFrame {
  type: 'live_transcript';
  from: number;
  transcript: string;
  user_objects?: SocketUserObject[];
  /** Parley extension: the text as spoken, and its language (ISO 639-1). */
  original_transcript?: string;
  original_language?: string;
  /** Parley extension: the transcript could not be translated for this listener. */
  translation_failed?: boolean;
  /**
   * Parley extension: no engine on this server transcribes the speaker's language; `transcript`
   * is empty and the ui says so once instead of inventing text.
   */
  unavailable?: boolean;
}

/**
 * Spec §7 `voice_chunk (synth_audio_url or original_blob)`: one relayed live chunk
 * (`original_blob`: the raw bytes, base64), or — after the stream ends — the translated rendition
 * for this reader (`synth_audio_url`).
 */
export interface VoiceChunkFrame {
  type: 'voice_chunk';
  from: number;
  synth_audio_url?: string | null;
  /** Base64 of the sender's raw chunk, as received (the first chunk carries the container header). */
  original_blob?: string | null;
  /** Parley extension: the stream's MIME type (from `chunk_init`). */
  mime_type?: string;
  /** Parley extension: the room (the name the client joined with). */
  room_name?: string;
  /** Parley extension: 0-based chunk number within the stream (absent on the synth frame). */
  seq?: number;
  /** Parley extension: the speaker's language (ISO 639-1), so a reader of the same language plays the original live and others wait for `synth_audio_url`. */
  language?: string | null;
  /** Parley extension, synth frame: transcript in the reader's language and as spoken. */
  transcript?: string | null;
  original_transcript?: string | null;
  transcript_status?: TranscriptStatus | null;
  /** Parley extension, synth frame: AAC/MP4 rendition (Safari). */
  synth_audio_url_mp4?: string | null;
}

export interface TierLimitAction {
  label: string;
  url: string;
}

/** Over the free plan's limit (message delivered untranslated): shown as a modal. */
export interface TierLimitWarningFrame {
  type: 'tier_limit_warning';
  title: string;
  message: string;
  actions: TierLimitAction[];
}

/** Opens the upgrade modal. */
export interface SubscriptionRequiredFrame {
  type: 'subscription_required';
  detail?: string;
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
  | AuthenticatedFrame;

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

/** The socket's path for a user; the access token goes in `?token=`. */
export function chatSocketPath(userId: number): string {
  return `/ws/chat/user_${userId}/`;
}
