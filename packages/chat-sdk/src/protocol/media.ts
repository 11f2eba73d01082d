/**
 * Wire types of uploads, voice notes and live voice chunks (spec §3, §4, §7, §9;
 * docs/protocol.md "Media and voice", docs/socket-protocol.md "Live voice chunks").
 * Spec fields are required; everything marked extension is optional for a client, which must work
 * against a backend that sends only the spec's fields.
 */
import type { ChatFileType, TranscriptStatus } from './chat';
import type { SocketUserObject } from './user-objects';

export const MEDIA_PATHS = {
  /** Spec §7: multipart `file`, `file_type`, `sender_id`, `receiver_id`. */
  uploadFile: '/chatmessage/upload-file/',
  /** Spec §7: multipart `audio`, `sender_id`, `receiver_id`. */
  uploadVoice: '/chatmessage/upload-chat-voice/',
  /**
   * Parley: uploaded chat files are served under this prefix (`/chatmessage/files/<random>.<ext>`),
   * to members of the room they were sent in only (bearer, or the signed `?u=&exp=&sig=` query
   * the server adds to every URL it hands out).
   */
  filesPrefix: '/chatmessage/files/',
  /**
   * Parley: `GET ?message_id=` → SpeechResponse, speech of a message's text in the reader's
   * language (voice output of text messages; voice notes carry `synth_audio_url` already).
   */
  speech: '/chatmessage/speech/',
} as const;

/** Multipart fields of POST /chatmessage/upload-file/ (the file part is `file`). */
export interface UploadFileFields {
  /** The client's claim (a kind or MIME type): informational, the server types by content. */
  file_type?: string;
  sender_id: number | string;
  /** The other person of a private chat; with `room_name` (extension) a group. */
  receiver_id?: number | string | null;
  /** Parley extension: the room the file is for (a group's slug, or a private room name). */
  room_name?: string;
}

/** 201 answer of POST /chatmessage/upload-file/. */
export interface UploadFileResponse {
  /** The URL to put in `chat_message.file_url`. */
  file_url: string;
  /** The name as uploaded (sanitised), for display. */
  file_name: string;
  /** Extension: the kind decided from the bytes (put it in `chat_message.file_type`). */
  file_type?: ChatFileType;
  /** Extension: the served Content-Type. */
  mime_type?: string;
  /** Extension: stored size in bytes (after re-encoding for images). */
  file_size?: number;
  /** Extension: images only, a small JPEG/PNG/WebP for the list. */
  thumbnail_url?: string | null;
  width?: number | null;
  height?: number | null;
}

/** Multipart fields of POST /chatmessage/upload-chat-voice/ (the file part is `audio`). */
export interface UploadVoiceFields {
  sender_id: number | string;
  receiver_id?: number | string | null;
  /** Parley extension, as on upload-file. */
  room_name?: string;
}

/**
 * The transcript text that stands for "no transcript" when a spec client reads only `transcript`:
 * never an empty or invented transcript. Parley clients read `transcript_status` instead.
 */
export const NO_TRANSCRIPT_MARKER = '[No transcript available]';

/** 201 answer of POST /chatmessage/upload-chat-voice/. */
export interface UploadVoiceResponse {
  /** The recognised text, or NO_TRANSCRIPT_MARKER when there is none. */
  transcript: string;
  /** The URL to put in `chat_message.audio_url`. */
  audio_url: string;
  file_name: string;
  /** Extension: see TRANSCRIPT_STATUSES. */
  transcript_status?: TranscriptStatus;
  /** Extension: ISO 639-1 code the transcript was recognised in (the sender's language). */
  transcript_language?: string | null;
  /** Extension: length of the recording in milliseconds, when it could be decoded. */
  duration_ms?: number | null;
  mime_type?: string;
}

/**
 * The answer to a voice upload over the free plan's limit (spec §8/§9): HTTP 403 with
 * `voice_limit_reached: true` and `error: 'voice_limit_reached'` (a spec client checks the field).
 */
export interface VoiceLimitReachedBody {
  voice_limit_reached: true;
  error: 'voice_limit_reached';
  detail: string;
}

/** Size limits per kind, checked by the server on the bytes (also in the server README). */
export const MEDIA_LIMITS = {
  imageMaxBytes: 10 * 1024 * 1024,
  videoMaxBytes: 50 * 1024 * 1024,
  audioMaxBytes: 20 * 1024 * 1024,
  applicationMaxBytes: 20 * 1024 * 1024,
  /** A voice note upload. */
  voiceMaxBytes: 10 * 1024 * 1024,
  /** A voice note longer than this is refused (413). */
  voiceMaxSeconds: 300,
  /** Longest side of an image's list thumbnail. */
  thumbnailMaxPx: 320,
  /** Images larger than this on a side are scaled down on re-encode. */
  imageMaxPx: 4096,
  /** Spec §5: a live chunk under this size is never streamed (and dropped by the server). */
  minVoiceChunkBytes: 3000,
  /** One binary chunk frame; larger ones close the socket with 1009. */
  maxVoiceChunkBytes: 64 * 1024,
  /** Binary chunks a second (steady) and burst, per socket. */
  voiceChunksPerSecond: 4,
  voiceChunkBurst: 8,
  /** Bytes one live stream may relay before it must be re-initialised. */
  maxVoiceStreamBytes: 8 * 1024 * 1024,
  /** Signed file URLs expire after this many seconds. */
  signedUrlSeconds: 24 * 60 * 60,
} as const;

/** Spec §9: voice translations a free-plan user gets per day. */
export const FREE_VOICE_TRANSLATIONS_PER_DAY = 1;

/** 200 answer of GET /chatmessage/speech/?message_id= (room members only; 404 otherwise). */
export interface SpeechResponse {
  /** ISO 639-1 code spoken (the reader's language). */
  language: string;
  /** The text spoken (the message in the reader's language). */
  text: string;
  /** Opus/WebM; null when `synth_status` is not ok. */
  synth_audio_url: string | null;
  /** AAC/MP4. */
  synth_audio_url_mp4: string | null;
  synth_status: 'ok' | 'unavailable' | 'failed';
}

/**
 * Parley extension client frame: the live stream begun by `chunk_init` is over. The server then
 * transcribes what it relayed and sends `voice_chunk {synth_audio_url}` to readers of another
 * language. Optional: a stream also ends with the next `chunk_init`, `leave_room` or close.
 */
export interface ChunkEndFrame {
  type: 'chunk_end';
}

/**
 * Engines behind media, in GET /meta/capabilities as the Parley extension `media`
 * (`transcription` and `synthesis` list languages that can be transcribed and spoken).
 */
export interface MediaCapabilities {
  /** 'ffmpeg' or 'none' (then voice notes are stored, but neither transcribed nor synthesized). */
  decoder: string;
  /** Audio formats synthesized speech is delivered in. */
  synthesized_formats: string[];
  limits: typeof MEDIA_LIMITS;
}

// ---------------------------------------------------------------------------------------------
// Live voice frames (spec §7)

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
