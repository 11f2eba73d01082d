import {
  CHAT_FILE_TYPES,
  type ChatFileType,
  CLIENT_FRAME_TYPES,
  type ErrorFrame,
  SOCKET_LIMITS,
} from '@parley/chat-sdk';
import { charCount } from '../http/bodyFields.js';

/** The client frames this slice serves, validated; other known types are answered unknown_type. */
export type ValidFrame =
  | { type: 'join_room'; roomName: string }
  | { type: 'leave_room' }
  | { type: 'ping' }
  | {
      type: 'chat_message';
      clientId: string;
      text: string;
      senderId: number;
      roomName: string | null;
      fileType: ChatFileType;
      fileUrl: string | null;
      fileName: string | null;
      audioUrl: string | null;
      transcript: string | null;
    }
  | { type: 'typing'; active: boolean; senderId: number; roomName: string | null }
  | { type: 'recording'; active: boolean; senderId: number; roomName: string | null };

export type ParsedFrame = { ok: true; frame: ValidFrame } | { ok: false; error: ErrorFrame };

const ROOM_NAME_MAX = 200;
const URL_MAX = 2048;
const FILE_NAME_MAX = 255;

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

function requiredString(body: JsonObject, field: string, max: number): string {
  const value = optionalString(body, field, max);
  if (value === null) throw new FrameError(`${field} is required.`);
  return value;
}

function requiredBoolean(body: JsonObject, field: string): boolean {
  const value = body[field];
  if (typeof value !== 'boolean') throw new FrameError(`${field} must be true or false.`);
  return value;
}

function requiredId(body: JsonObject, field: string): number {
  const value = body[field];
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0) {
    throw new FrameError(`${field} must be a user id.`);
  }
  return value;
}

function optionalRoomName(body: JsonObject): string | null {
  const value = optionalString(body, 'room_name', ROOM_NAME_MAX);
  if (value === '') throw new FrameError('room_name must not be empty.');
  return value;
}

/** Links a message may carry: our own uploads or http(s) addresses, never `javascript:` and co. */
function optionalUrl(body: JsonObject, field: string): string | null {
  const value = optionalString(body, field, URL_MAX);
  if (value === null || value === '') return null;
  if (/^\/media\/[A-Za-z0-9/_.-]+$/.test(value) && !value.includes('..')) return value;
  if (/^https?:\/\//i.test(value) && URL.canParse(value)) return value;
  throw new FrameError(`${field} must be an uploaded file's URL.`);
}

function optionalArray(body: JsonObject, field: string): void {
  const value = body[field];
  if (value !== undefined && value !== null && !Array.isArray(value)) {
    throw new FrameError(`${field} must be a list.`);
  }
}

function readChatMessage(body: JsonObject): ValidFrame {
  const clientId = requiredString(body, 'client_id', SOCKET_LIMITS.maxClientIdChars);
  if (clientId === '') throw new FrameError('client_id is required.');
  const text = optionalString(body, 'message', SOCKET_LIMITS.maxMessageChars);
  if (text === null) throw new FrameError('message is required.');
  const senderId = requiredId(body, 'sender_id');
  const receiver = body.receiver_id;
  if (receiver !== undefined && receiver !== null) requiredId(body, 'receiver_id');
  optionalArray(body, 'user_objects');
  const fileUrl = optionalUrl(body, 'file_url');
  const audioUrl = optionalUrl(body, 'audio_url');
  const rawType = body.file_type;
  let fileType: ChatFileType = fileUrl ? 'application' : audioUrl ? 'audio' : 'text';
  if (rawType !== undefined && rawType !== null) {
    if (!(CHAT_FILE_TYPES as readonly unknown[]).includes(rawType)) {
      throw new FrameError(`file_type must be one of ${CHAT_FILE_TYPES.join(', ')}.`);
    }
    fileType = rawType as ChatFileType;
  }
  if (text.trim() === '' && !fileUrl && !audioUrl) {
    throw new FrameError('message may be empty only when a file is attached.');
  }
  return {
    type: 'chat_message',
    clientId,
    text,
    senderId,
    roomName: optionalRoomName(body),
    fileType,
    fileUrl,
    fileName: optionalString(body, 'file_name', FILE_NAME_MAX),
    audioUrl,
    transcript: optionalString(body, 'transcript', SOCKET_LIMITS.maxMessageChars),
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
    case 'chat_message':
      return readChatMessage(body);
    case 'typing':
    case 'recording': {
      const active = requiredBoolean(body, type === 'typing' ? 'is_typing' : 'is_recording');
      const senderId = requiredId(body, 'sender_id');
      optionalString(body, 'username', 150);
      optionalArray(body, 'user_objects');
      return { type, active, senderId, roomName: optionalRoomName(body) };
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
    charCount(object.client_id) <= SOCKET_LIMITS.maxClientIdChars
      ? object.client_id
      : undefined;
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
