import type { CallEvent } from '../protocol/calls';
import { CALL_END_REASONS } from '../protocol/calls';
import { chatFileKind, TRANSCRIPT_STATUSES, type TranscriptStatus } from '../protocol/chat';
import type { MessageReaction } from '../protocol/reactions';
import { readId } from '../socket/server-frame-readers';
import { readFromBlocked } from './blocking-in-groups';
import type { ReceivedMessage } from './chat-state';
import { readMessageActionFields } from './message-actions';
import { readGroupEvent } from './system-rows';
import { readTranslationTrustFields } from './translationTrust';

/**
 * Readers for incoming frames that hold only to the spec (§3 chat message, §7 socket): a backend
 * implementing just the spec sends no `id`, `client_id`, `room_name`, `has_more` or translation
 * fields, may send ids as numeric strings, and may leave out any optional field. Nothing here
 * throws; what cannot be read is null.
 */

type Json = Record<string, unknown>;

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A chat message from a `chat_message` frame or a `chat_history` entry, with every field the ui
 * needs filled: the room falls back to `room`, the original text to `message`, the time to now.
 * Null when it names no sender or no room can be told.
 */
export function readMessage(raw: unknown, room: string | null): ReceivedMessage | null {
  if (!isObject(raw)) return null;
  const senderId = readId(raw.sender_id);
  const roomName = stringOrNull(raw.room_name) ?? room;
  if (senderId === null || roomName === null) return null;
  const text = typeof raw.message === 'string' ? raw.message : '';
  const fileUrl = stringOrNull(raw.file_url);
  const audioUrl = stringOrNull(raw.audio_url);
  const timestamp =
    typeof raw.timestamp === 'string' && !Number.isNaN(Date.parse(raw.timestamp))
      ? raw.timestamp
      : new Date().toISOString();
  const message: ReceivedMessage = {
    id: readId(raw.id),
    client_id: stringOrNull(raw.client_id),
    room_name: roomName,
    sender_id: senderId,
    sender_username: typeof raw.sender_username === 'string' ? raw.sender_username : '',
    sender_profile_image: stringOrNull(raw.sender_profile_image),
    message: text,
    original_message: typeof raw.original_message === 'string' ? raw.original_message : text,
    original_language: stringOrNull(raw.original_language),
    file_type:
      chatFileKind(raw.file_type, fileUrl !== null) ??
      (fileUrl ? 'application' : audioUrl ? 'audio' : 'text'),
    file_url: fileUrl,
    file_name: stringOrNull(raw.file_name),
    audio_url: audioUrl,
    transcript: stringOrNull(raw.transcript),
    timestamp,
  };
  readMediaExtensions(raw, message);
  if (typeof raw.translated === 'boolean') message.translated = raw.translated;
  if (raw.translation_failed === true) message.translation_failed = true;
  readTranslationTrustFields(raw, message);
  const callEvent = readCallEvent(raw.call_event);
  if (callEvent) message.call_event = callEvent;
  readMessageActionFields(raw, message);
  const reactions = readReactions(raw.reactions);
  if (reactions.length > 0) message.reactions = reactions;
  const groupEvent = readGroupEvent(raw.group_event);
  if (groupEvent) message.group_event = groupEvent;
  readFromBlocked(raw, message);
  return message;
}

/** A message's record of a call (Parley extension), or null when absent or malformed. */
function readCallEvent(value: unknown): CallEvent | null {
  if (!isObject(value)) return null;
  const event = value.event;
  const callType = value.call_type;
  if (
    (event !== 'started' && event !== 'ended') ||
    (callType !== 'audio' && callType !== 'video')
  ) {
    return null;
  }
  const record: CallEvent = { event, call_type: callType };
  if (typeof value.duration_seconds === 'number') record.duration_seconds = value.duration_seconds;
  if ((CALL_END_REASONS as readonly unknown[]).includes(value.reason)) {
    record.reason = value.reason as CallEvent['reason'];
  }
  return record;
}

/** The entries of a list field, or none when it is not a list. */
export function readList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

const SYNTH_STATUSES = ['ok', 'unavailable', 'failed', 'limit', 'same_language'] as const;

/** Parley's optional media fields (protocol/media.ts ChatMessageMediaExtensions), when valid. */
function readMediaExtensions(raw: Json, message: ReceivedMessage): void {
  for (const key of [
    'mime_type',
    'thumbnail_url',
    'original_transcript',
    'synth_audio_url',
    'synth_audio_url_mp4',
  ] as const) {
    const value = stringOrNull(raw[key]);
    if (value !== null) message[key] = value;
  }
  if (typeof raw.file_size === 'number' && Number.isFinite(raw.file_size) && raw.file_size >= 0) {
    message.file_size = raw.file_size;
  }
  if ((TRANSCRIPT_STATUSES as readonly unknown[]).includes(raw.transcript_status)) {
    message.transcript_status = raw.transcript_status as TranscriptStatus;
  }
  if (typeof raw.transcript_translated === 'boolean') {
    message.transcript_translated = raw.transcript_translated;
  }
  if ((SYNTH_STATUSES as readonly unknown[]).includes(raw.synth_status)) {
    message.synth_status = raw.synth_status as (typeof SYNTH_STATUSES)[number];
  }
}

/** Reactions (issue 25): the well-formed entries, count taken from the ids. */
function readReactions(value: unknown): MessageReaction[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) => {
    if (!isObject(entry) || typeof entry.emoji !== 'string' || !Array.isArray(entry.user_ids)) {
      return [];
    }
    const ids = entry.user_ids.flatMap((id) => readId(id) ?? []);
    return ids.length > 0 ? [{ emoji: entry.emoji, count: ids.length, user_ids: ids }] : [];
  });
}
