import {
  CALL_AUDIO_LIMITS,
  CALL_END_REASONS,
  type CallEndReason,
  type CallSignal,
  type CallType,
  CHAT_FILE_TYPES,
  type ChatFileType,
  CLIENT_FRAME_TYPES,
  chatFileKind,
  type ErrorFrame,
  MAX_MENTIONS,
  SOCKET_LIMITS,
} from '@parley/chat-sdk';
import { charCount } from '../http/bodyFields.js';
import {
  CONTROL_CHARACTER_MESSAGES,
  findForbiddenText,
  hasForbiddenControl,
} from '../http/inputGuard.js';
import { parseId } from '../http/queryParams.js';
import { fileUrlPath, storedNameOf } from '../media/chatFiles.js';
import { type ReactionOrReadFrame, readReactionOrReadFrame } from './reactionFrameReaders.js';

/** The client frames this slice serves, validated; other known types are answered unknown_type. */
export type ValidFrame =
  | { type: 'join_room'; roomName: string }
  | { type: 'leave_room' }
  | { type: 'ping' }
  | { type: 'authenticate'; token: string }
  | {
      type: 'chat_message';
      /** Null when the client sent none: the server assigns one and the send is not idempotent. */
      clientId: string | null;
      text: string;
      senderId: number;
      roomName: string | null;
      /** Routes a private message when no room is named or joined. */
      receiverId: number | null;
      fileType: ChatFileType;
      fileUrl: string | null;
      fileName: string | null;
      audioUrl: string | null;
      transcript: string | null;
      /** Parley extension (issue 25): the message of the same room this one replies to. */
      replyTo: number | null;
      /** False when the sender removed the link's card before sending (issue 25). */
      linkPreview: boolean;
      /** Ids the text names with @username; the handler keeps only group members. */
      mentions: number[];
    }
  | { type: 'edit_message'; messageId: number; text: string }
  | { type: 'delete_message'; messageId: number; forMe: boolean }
  | PresenceFrame<'typing'>
  | PresenceFrame<'recording'>
  | {
      type: 'chunk_init';
      senderId: number;
      mimeType: string;
      receiverId: number | null;
      roomName: string | null;
      userIds: number[];
    }
  | { type: 'chunk_end' }
  | { type: 'call_signal'; from: number; to: number; callType: CallType; signal: CallSignal }
  | {
      type: 'live_transcript';
      from: number;
      to: number | null;
      transcript: string;
      userIds: number[];
    }
  | {
      type: 'call_audio';
      from: number;
      to: number;
      mimeType: string;
      audio: Buffer;
      language: string | null;
      final: boolean;
    }
  | ReactionOrReadFrame;

/** `typing` or `recording`, validated. */
export interface PresenceFrame<T extends 'typing' | 'recording'> {
  type: T;
  active: boolean;
  senderId: number;
  roomName: string | null;
  /** Ids from user_objects: one other user names a private room when none is joined. */
  userIds: number[];
}

export type ParsedFrame = { ok: true; frame: ValidFrame } | { ok: false; error: ErrorFrame };

const ROOM_NAME_MAX = 200;
const URL_MAX = 2048;
const FILE_NAME_MAX = 255;
// Our access tokens are a few hundred characters; anything far longer is not one.
const ACCESS_TOKEN_MAX = 4096;

class FrameError extends Error {
  constructor(readonly detail: string) {
    super(detail);
  }
}

type JsonObject = Record<string, unknown>;

function optionalString(body: JsonObject, field: string, max: number): string | null {
  const value = body[field];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw new FrameError(`${field} must be a string.`);
  if (charCount(value) > max) throw new FrameError(`${field} must be at most ${max} characters.`);
  return value;
}

function requiredBoolean(body: JsonObject, field: string): boolean {
  const value = body[field];
  if (typeof value !== 'boolean') throw new FrameError(`${field} must be true or false.`);
  return value;
}

const MAX_USER_OBJECTS = 200;

function requiredId(body: JsonObject, field: string): number {
  const id = parseId(body[field]);
  if (id === null) throw new FrameError(`${field} must be a user id.`);
  return id;
}

function optionalId(body: JsonObject, field: string): number | null {
  const value = body[field];
  if (value === undefined || value === null || value === '') return null;
  return requiredId(body, field);
}

/** The ids of `user_objects` (`[{id, username?}]`); entries without a usable id are skipped. */
function userObjectIds(body: JsonObject): number[] {
  const value = body.user_objects;
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new FrameError('user_objects must be a list.');
  if (value.length > MAX_USER_OBJECTS) {
    throw new FrameError(`user_objects must have at most ${MAX_USER_OBJECTS} entries.`);
  }
  const ids: number[] = [];
  for (const entry of value) {
    const id =
      typeof entry === 'object' && entry !== null ? parseId((entry as JsonObject).id) : null;
    if (id !== null) ids.push(id);
  }
  return ids;
}

/** `file_type` as a kind, or a MIME type mapped to its kind (chatFileKind). */
function fileKind(value: unknown, hasFile: boolean): ChatFileType | null {
  if (value === undefined || value === null || value === '') return null;
  const kind = chatFileKind(value, hasFile);
  if (kind === null) {
    throw new FrameError(`file_type must be one of ${CHAT_FILE_TYPES.join(', ')} or a MIME type.`);
  }
  return kind;
}

function optionalRoomName(body: JsonObject): string | null {
  const value = optionalString(body, 'room_name', ROOM_NAME_MAX);
  if (value === '') throw new FrameError('room_name must not be empty.');
  return value;
}

/**
 * Links a message may carry: only files uploaded to this server (`/chatmessage/files/<name>`,
 * signed query or absolute form accepted), stored as the bare path. That the sender uploaded it
 * to this room is checked by the handler.
 */
function optionalUrl(body: JsonObject, field: string): string | null {
  const value = optionalString(body, field, URL_MAX);
  if (value === null || value === '') return null;
  const name = storedNameOf(value);
  if (name) return fileUrlPath(name);
  throw new FrameError(`${field} must be a file uploaded to this server.`);
}

function readChatMessage(body: JsonObject): ValidFrame {
  // client_id is Parley's extension: a spec client sends none, and an empty one counts as none.
  const clientId = optionalString(body, 'client_id', SOCKET_LIMITS.maxClientIdChars) || null;
  // The spec's file-only messages may leave `message` out or null.
  const text = optionalString(body, 'message', SOCKET_LIMITS.maxMessageChars) ?? '';
  const senderId = requiredId(body, 'sender_id');
  const receiverId = optionalId(body, 'receiver_id');
  userObjectIds(body);
  const fileUrl = optionalUrl(body, 'file_url');
  const audioUrl = optionalUrl(body, 'audio_url');
  const fileType =
    fileKind(body.file_type, fileUrl !== null || audioUrl !== null) ??
    (fileUrl ? 'application' : audioUrl ? 'audio' : 'text');
  if (text.trim() === '' && !fileUrl && !audioUrl) {
    throw new FrameError('message may be empty only when a file is attached.');
  }
  return {
    type: 'chat_message',
    clientId,
    text,
    senderId,
    receiverId,
    roomName: optionalRoomName(body),
    fileType,
    fileUrl,
    fileName: optionalString(body, 'file_name', FILE_NAME_MAX),
    audioUrl,
    transcript: optionalString(body, 'transcript', SOCKET_LIMITS.maxMessageChars),
    replyTo: optionalMessageId(body, 'reply_to'),
    ...linksAndMentions(body),
  };
}

/** A message id (a positive integer, or its numeric string) when present. */
function optionalMessageId(body: JsonObject, field: string): number | null {
  const value = body[field];
  if (value === undefined || value === null || value === '') return null;
  const id = parseId(value);
  if (id === null) throw new FrameError(`${field} must be a message id.`);
  return id;
}

/** `edit_message` and `delete_message` (issue 25, docs/socket-protocol.md Message actions). */
function readMessageAction(body: JsonObject, type: 'edit_message' | 'delete_message'): ValidFrame {
  const messageId = optionalMessageId(body, 'message_id');
  if (messageId === null) throw new FrameError('message_id is required.');
  if (type === 'delete_message') {
    const scope = body.for ?? 'everyone';
    if (scope !== 'everyone' && scope !== 'me') throw new FrameError('for must be everyone or me.');
    return { type, messageId, forMe: scope === 'me' };
  }
  const text = optionalString(body, 'message', SOCKET_LIMITS.maxMessageChars) ?? '';
  if (text.trim() === '') throw new FrameError('message must not be empty.');
  return { type, messageId, text };
}

/** `link_preview: false` and `mentions: [id]` (Parley extensions, issue 25). */
function linksAndMentions(body: JsonObject): { linkPreview: boolean; mentions: number[] } {
  const preview = body.link_preview;
  if (preview !== undefined && preview !== null && typeof preview !== 'boolean') {
    throw new FrameError('link_preview must be true or false.');
  }
  const value = body.mentions;
  if (value === undefined || value === null)
    return { linkPreview: preview !== false, mentions: [] };
  if (!Array.isArray(value) || value.length > MAX_MENTIONS) {
    throw new FrameError(`mentions must be a list of at most ${MAX_MENTIONS} user ids.`);
  }
  const mentions = value.map((entry) => {
    const id = parseId(entry);
    if (id === null) throw new FrameError('mentions must be a list of user ids.');
    return id;
  });
  return { linkPreview: preview !== false, mentions };
}

const SDP_MAX = 32 * 1024;
const CANDIDATE_MAX = 1024;
const TRANSCRIPT_MAX = 2000;

function readCallSignal(value: unknown): CallSignal {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new FrameError('signal must be an object with a type.');
  }
  const signal = value as JsonObject;
  switch (signal.type) {
    case 'offer':
    case 'answer': {
      const sdp = optionalString(signal, 'sdp', SDP_MAX);
      if (!sdp) throw new FrameError('signal.sdp is required.');
      if (signal.type === 'answer') return { type: 'answer', sdp };
      return signal.restart === true
        ? { type: 'offer', sdp, restart: true }
        : { type: 'offer', sdp };
    }
    case 'ice-candidate': {
      const candidate = optionalString(signal, 'candidate', CANDIDATE_MAX) ?? '';
      const sdpMid = optionalString(signal, 'sdpMid', 64);
      const index = signal.sdpMLineIndex;
      const sdpMLineIndex =
        typeof index === 'number' && Number.isInteger(index) && index >= 0 && index < 64
          ? index
          : null;
      return { type: 'ice-candidate', candidate, sdpMid, sdpMLineIndex };
    }
    case 'hangup': {
      const reason = (CALL_END_REASONS as readonly unknown[]).includes(signal.reason)
        ? (signal.reason as CallEndReason)
        : 'ended';
      return { type: 'hangup', reason };
    }
    default:
      throw new FrameError('signal.type must be offer, answer, ice-candidate or hangup.');
  }
}

function readCallType(body: JsonObject): CallType {
  const value = body.call_type;
  if (value === 'audio' || value === 'video') return value;
  throw new FrameError('call_type must be audio or video.');
}

function readCallAudio(body: JsonObject): ValidFrame {
  const mimeType = optionalString(body, 'mime_type', 100) ?? '';
  if (!/^audio\/(wav|wave|x-wav)(;.*)?$/i.test(mimeType)) {
    throw new FrameError('mime_type must be audio/wav.');
  }
  const encoded = optionalString(
    body,
    'audio',
    Math.ceil((CALL_AUDIO_LIMITS.maxBytes * 4) / 3) + 4,
  );
  if (!encoded || !/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) {
    throw new FrameError('audio must be base64.');
  }
  const language = optionalString(body, 'language', 10);
  return {
    type: 'call_audio',
    from: requiredId(body, 'from'),
    to: requiredId(body, 'to'),
    mimeType,
    audio: Buffer.from(encoded, 'base64'),
    language: language && /^[a-z]{2,3}$/.test(language) ? language : null,
    final: body.final === true,
  };
}

function readFrame(body: JsonObject, type: string): ValidFrame | null {
  switch (type) {
    case 'join_room': {
      const roomName = optionalRoomName(body);
      if (roomName === null) throw new FrameError('room_name is required.');
      return { type, roomName };
    }
    case 'leave_room':
    case 'ping':
      return { type };
    case 'authenticate': {
      const token = optionalString(body, 'token', ACCESS_TOKEN_MAX);
      if (!token) throw new FrameError('token is required.');
      return { type, token };
    }
    case 'chat_message':
      return readChatMessage(body);
    case 'edit_message':
    case 'delete_message':
      return readMessageAction(body, type);
    case 'typing':
    case 'recording': {
      const active = requiredBoolean(body, type === 'typing' ? 'is_typing' : 'is_recording');
      const senderId = requiredId(body, 'sender_id');
      optionalString(body, 'username', 150);
      const userIds = userObjectIds(body);
      const fields = { active, senderId, roomName: optionalRoomName(body), userIds };
      return type === 'typing' ? { type, ...fields } : { type, ...fields };
    }
    case 'chunk_init': {
      const mimeType = optionalString(body, 'mime_type', 100)?.trim().toLowerCase() ?? '';
      if (!/^audio\/(webm|mp4|mpeg|wav|ogg|x-wav|aac)(\s*;.*)?$/.test(mimeType)) {
        throw new FrameError('mime_type must be an audio type (audio/webm, audio/mp4, …).');
      }
      return {
        type,
        senderId: requiredId(body, 'from'),
        mimeType,
        receiverId: optionalId(body, 'receiver_id'),
        roomName: optionalRoomName(body),
        userIds: userObjectIds(body),
      };
    }
    case 'chunk_end':
      return { type };
    case 'call_signal':
      userObjectIds(body);
      return {
        type,
        from: requiredId(body, 'from'),
        to: requiredId(body, 'to'),
        callType: readCallType(body),
        signal: readCallSignal(body.signal),
      };
    case 'live_transcript': {
      const transcript = optionalString(body, 'transcript', TRANSCRIPT_MAX) ?? '';
      return {
        type,
        from: requiredId(body, 'from'),
        to: optionalId(body, 'to'),
        transcript,
        userIds: userObjectIds(body),
      };
    }
    case 'call_audio':
      return readCallAudio(body);
    case 'react':
    case 'read': {
      const frame = readReactionOrReadFrame(body, type);
      if (typeof frame === 'string') throw new FrameError(frame);
      return frame;
    }
    default:
      return null;
  }
}

/** Parses one text frame; every refusal is an error frame for the client, never an exception. */
export function parseClientFrame(text: string): ParsedFrame {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return fail('invalid_json', 'The frame is not valid JSON.');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return fail('invalid_frame', 'A frame must be a JSON object with a type.');
  }
  const object = body as JsonObject;
  const type = object.type;
  if (typeof type !== 'string' || type === '') {
    return fail('invalid_frame', 'A frame must have a type.');
  }
  // Only a well-formed client_id is echoed, so an error never reflects arbitrary input back.
  const clientId =
    type === 'chat_message' &&
    typeof object.client_id === 'string' &&
    object.client_id !== '' &&
    !hasForbiddenControl(object.client_id, 'name') &&
    charCount(object.client_id) <= SOCKET_LIMITS.maxClientIdChars
      ? object.client_id
      : undefined;
  // The shared input guard (http/inputGuard.ts): no control character reaches a handler.
  const refused = findForbiddenText(object);
  if (refused !== null) {
    return fail(
      'invalid_frame',
      `${refused}: ${CONTROL_CHARACTER_MESSAGES.controlCharacter}`,
      clientId,
    );
  }
  try {
    const frame = readFrame(object, type);
    if (frame) return { ok: true, frame };
  } catch (error) {
    if (error instanceof FrameError) return fail('invalid_frame', error.detail, clientId);
    throw error;
  }
  const reserved = (CLIENT_FRAME_TYPES as readonly string[]).includes(type);
  return fail(
    'unknown_type',
    reserved ? `Frames of type "${type}" are not served yet.` : 'Unknown frame type.',
  );
}

function fail(code: string, detail: string, clientId?: string): ParsedFrame {
  const error: ErrorFrame = { type: 'error', code, detail };
  if (clientId !== undefined) error.client_id = clientId;
  return { ok: false, error };
}
