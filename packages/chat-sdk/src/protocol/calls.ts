/** Wire types of Parley's call extensions besides the socket frames (docs/protocol.md, Calls). */

import type { SocketUserObject } from './user-objects';

export const CALL_PATHS = {
  /** GET, bearer: the ICE servers for the signed-in user (TURN credentials expire). */
  iceServers: '/calls/ice-servers/',
} as const;

/** One ICE server as RTCPeerConnection takes it. */
export interface IceServer {
  urls: string | string[];
  username?: string;
  credential?: string;
}

/** 200 answer of GET /calls/ice-servers/. */
export interface IceServersResponse {
  ice_servers: IceServer[];
  /** ISO 8601: when time-limited TURN credentials stop working; null without TURN. */
  expires_at: string | null;
  /**
   * Parley extension: `'relay'` when the deployment sends call media only through its TURN relay
   * (ICE_TRANSPORT_POLICY), so neither person learns the other's IP address. Absent means `'all'`.
   */
  ice_transport_policy?: IceTransportPolicy;
}

/** RTCPeerConnection's `iceTransportPolicy`: every candidate, or the TURN relay only. */
export type IceTransportPolicy = 'all' | 'relay';

/** The one public STUN server of the spec (§4 Call), used when nothing else is configured. */
export const DEFAULT_ICE_SERVERS: readonly IceServer[] = [{ urls: 'stun:stun.l.google.com:19302' }];

/** What /meta/capabilities says about calls (Parley extension; a spec backend sends none). */
export interface CallCapabilities {
  /** The deployment switch: false keeps the spec's 'Coming Soon' dialog. */
  enabled: boolean;
  /** Languages whose speech the server turns into live captions (ISO 639-1). */
  caption_languages: string[];
}

/**
 * Parley extension on a stored chat message: the message is the conversation's record of a call
 * (start, end with its duration, or a missed call), written by the server for both people.
 */
export interface CallEvent {
  event: 'started' | 'ended';
  call_type: CallType;
  /** Whole seconds a connected call lasted; present when `event` is 'ended'. */
  duration_seconds?: number;
  /** Why it ended; present when `event` is 'ended'. */
  reason?: CallEndReason;
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
