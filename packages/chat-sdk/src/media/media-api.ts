import { ApiError } from '../errors';
import type { HttpClient } from '../http/http-client';
import {
  CHAT_PATHS,
  type ChatFileType,
  MEDIA_PATHS,
  type SpeechResponse,
  TRANSCRIPT_STATUSES,
  type TranscriptStatus,
} from '../protocol';
import { chatFileKind } from '../protocol/chat';

/** What POST /chatmessage/upload-file/ answers (spec §7). */
export interface UploadedFile {
  file_url: string;
  file_name: string;
  /** Parley extension: the kind the server decided from the bytes. */
  file_type?: ChatFileType;
  /** Parley extension: stored size in bytes. */
  file_size?: number;
  thumbnail_url?: string;
}

/** What POST /chatmessage/upload-chat-voice/ answers on success (spec §7). */
export interface UploadedVoice {
  /** Null (or empty on the wire) when no engine could transcribe the speaker's language. */
  transcript: string | null;
  audio_url: string;
  file_name: string;
  /** Parley extension: why there is no transcript ('unavailable', 'failed', 'empty') or 'ok'. */
  transcript_status?: TranscriptStatus;
}

/** A voice upload: done, or refused because the free plan's voice translations are used up. */
export type VoiceUploadResult =
  | ({ kind: 'uploaded' } & UploadedVoice)
  | { kind: 'voice_limit_reached'; detail: string | null };

export interface UploadFileInput {
  file: Blob;
  /** A kind (image, video, application, audio) or the file's MIME type; the server decides by
   * content either way. Default: the blob's type. */
  fileType?: ChatFileType | string;
  senderId: number;
  /** The other person of a private chat; null in a group. */
  receiverId: number | null;
  /** Parley extension: the room the file is for (lets the server check membership in groups). */
  roomName?: string;
}

export interface UploadVoiceInput {
  audio: Blob;
  senderId: number;
  receiverId: number | null;
  roomName?: string;
}

export interface UploadOptions {
  /** Whole percent 0..100 of the body sent so far (XMLHttpRequest transport). */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** The uploads of spec §7; both go through the injectable upload transport (progress). */
export interface MediaApi {
  uploadFile(input: UploadFileInput, options?: UploadOptions): Promise<UploadedFile>;
  /** Resolves `voice_limit_reached` instead of throwing when the plan's limit is hit. */
  uploadVoice(input: UploadVoiceInput, options?: UploadOptions): Promise<VoiceUploadResult>;
  /**
   * Parley extension: synthesized speech of a stored message in the caller's language (voice
   * output of text messages); null when the server has none.
   */
  speech(messageId: number, options?: { signal?: AbortSignal }): Promise<string | null>;
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Spec §7 "an error field voice_limit_reached may come back": accepted as a `voice_limit_reached`
 * key (any truthy value), or as the value of `error`, `code` or `detail`, on any status.
 */
export function isVoiceLimitReached(body: unknown): boolean {
  if (!isObject(body)) return false;
  if (body.voice_limit_reached) return true;
  return ['error', 'code', 'detail'].some((key) => body[key] === 'voice_limit_reached');
}

function limitDetail(body: unknown): string | null {
  if (!isObject(body)) return null;
  for (const key of ['message', 'detail', 'voice_limit_reached']) {
    const value = body[key];
    if (typeof value === 'string' && value !== '' && value !== 'voice_limit_reached') return value;
  }
  return null;
}

function fileName(blob: Blob, fallback: string): string {
  const name = (blob as { name?: unknown }).name;
  if (typeof name === 'string' && name !== '') return name;
  const subtype = blob.type.split('/')[1]?.split(/[;+]/)[0];
  return subtype ? `${fallback}.${subtype === 'mpeg' ? 'mp3' : subtype}` : fallback;
}

function idField(id: number | null): string {
  return id === null ? '' : String(id);
}

export function createMediaApi(http: HttpClient): MediaApi {
  return {
    async uploadFile(input, options = {}) {
      const form = new FormData();
      form.append('file', input.file, fileName(input.file, 'file'));
      form.append('file_type', input.fileType ?? (input.file.type || 'application'));
      form.append('sender_id', String(input.senderId));
      form.append('receiver_id', idField(input.receiverId));
      if (input.roomName) form.append('room_name', input.roomName);
      const answer = await http.request<Json>(CHAT_PATHS.uploadFile, {
        method: 'POST',
        form,
        ...(options.onProgress ? { onUploadProgress: options.onProgress } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      });
      const url = answer?.file_url;
      if (typeof url !== 'string' || url === '') {
        throw new ApiError(200, answer ?? null);
      }
      const uploaded: UploadedFile = {
        file_url: url,
        file_name:
          typeof answer.file_name === 'string' && answer.file_name !== ''
            ? answer.file_name
            : fileName(input.file, 'file'),
      };
      const kind = chatFileKind(answer.file_type, true);
      if (kind) uploaded.file_type = kind;
      if (typeof answer.file_size === 'number') uploaded.file_size = answer.file_size;
      if (typeof answer.thumbnail_url === 'string' && answer.thumbnail_url !== '') {
        uploaded.thumbnail_url = answer.thumbnail_url;
      }
      return uploaded;
    },

    async speech(messageId, options = {}) {
      try {
        const params = new URLSearchParams({ message_id: String(messageId) });
        const answer = await http.request<Partial<SpeechResponse> | null>(
          `${MEDIA_PATHS.speech}?${params}`,
          options.signal ? { signal: options.signal } : {},
        );
        const url = answer?.synth_audio_url;
        return typeof url === 'string' && url !== '' ? url : null;
      } catch (error) {
        if (error instanceof ApiError) return null;
        throw error;
      }
    },

    async uploadVoice(input, options = {}) {
      const form = new FormData();
      form.append('audio', input.audio, fileName(input.audio, 'voice'));
      form.append('sender_id', String(input.senderId));
      form.append('receiver_id', idField(input.receiverId));
      if (input.roomName) form.append('room_name', input.roomName);
      let answer: unknown;
      try {
        answer = await http.request<unknown>(CHAT_PATHS.uploadVoice, {
          method: 'POST',
          form,
          ...(options.onProgress ? { onUploadProgress: options.onProgress } : {}),
          ...(options.signal ? { signal: options.signal } : {}),
        });
      } catch (error) {
        if (error instanceof ApiError && isVoiceLimitReached(error.body)) {
          return { kind: 'voice_limit_reached', detail: limitDetail(error.body) };
        }
        throw error;
      }
      if (isVoiceLimitReached(answer)) {
        return { kind: 'voice_limit_reached', detail: limitDetail(answer) };
      }
      if (!isObject(answer) || typeof answer.audio_url !== 'string' || answer.audio_url === '') {
        throw new ApiError(200, answer ?? null);
      }
      const status = (TRANSCRIPT_STATUSES as readonly unknown[]).includes(answer.transcript_status)
        ? (answer.transcript_status as TranscriptStatus)
        : undefined;
      return {
        kind: 'uploaded',
        ...(status ? { transcript_status: status } : {}),
        transcript:
          typeof answer.transcript === 'string' && answer.transcript.trim() !== ''
            ? answer.transcript
            : null,
        audio_url: answer.audio_url,
        file_name:
          typeof answer.file_name === 'string' && answer.file_name !== ''
            ? answer.file_name
            : fileName(input.audio, 'voice'),
      };
    },
  };
}
