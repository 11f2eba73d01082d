import { MODERATION_NOTICE_READERS } from '../moderation/moderation-notice-reader';
import type { TierLimitAction } from '../protocol/billing';
import type { CallSignal, LiveTranscriptServerFrame } from '../protocol/calls';
import type { ConnectionFrameUser } from '../protocol/connections';
import type { ServerFrame, ServerFrameType } from '../protocol/socket';
import type { SocketUserObject } from '../protocol/user-objects';
import { BLOCKING_IN_GROUPS_READERS } from './blocking-in-groups-readers';
import { LINK_PREVIEW_READERS } from './link-preview-readers';
import { MESSAGE_ACTION_READERS } from './message-action-readers';
import { RECEIPT_FRAME_READERS, readRoomReceipts } from './receipt-frame-readers';
import { TRANSLATION_TRUST_READERS } from './translation-trust-readers';

/**
 * One reader per server frame type: the frame checked where it is decoded, so listeners of the
 * socket's 'frame' event read typed fields without casts. Each holds to spec §7: a backend that
 * sends only the spec's fields passes (a missing `room_name` reads as ''), what the spec lets vary
 * is normalized (ids as numeric strings), and a frame missing what its listeners need is refused
 * (null): the decoder logs and drops it like one of unknown type.
 *
 * The message fields of `chat_message` and `chat_history`, and the optional fields of
 * `voice_chunk`, are read leniently by their listeners (chat/incoming.ts, media/live-voice.ts),
 * field by field, as a spec-only backend may leave any of them out.
 */

type Json = Record<string, unknown>;
type FrameOf<K extends ServerFrameType> = Extract<ServerFrame, { type: K }>;
export type ServerFrameReaders = { [K in ServerFrameType]: (raw: Json) => FrameOf<K> | null };

/** A positive id given as a number or a numeric string (the spec's ids may arrive either way). */
export function readId(value: unknown): number | null {
  const number =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\d{1,15}$/.test(value.trim())
        ? Number(value.trim())
        : Number.NaN;
  return Number.isSafeInteger(number) && number > 0 ? number : null;
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * `room_name`, a Parley extension: '' when the backend names no room (a spec-only backend), and
 * the chat store then tells the room from the sender and the open room.
 */
function roomName(raw: Json): string {
  return typeof raw.room_name === 'string' ? raw.room_name : '';
}

/** typing_indicator and recording_indicator: a sender, a boolean flag, maybe a room. */
function indicator<F extends 'is_typing' | 'is_recording'>(raw: Json, flag: F) {
  const senderId = readId(raw.sender_id);
  const value = raw[flag];
  if (senderId === null || typeof value !== 'boolean') return null;
  return {
    room_name: roomName(raw),
    sender_id: senderId,
    username: typeof raw.username === 'string' ? raw.username : '',
    [flag]: value,
  } as { sender_id: number; username: string; room_name: string } & Record<F, boolean>;
}

/** A connection frame's person: a bare id, or a user object whose other fields connectionPerson
 * reads leniently. */
function connectionUser(value: unknown): ConnectionFrameUser | null {
  if (typeof value === 'number') return value;
  if (isObject(value) && typeof value.id === 'number') return { ...value, id: value.id };
  return null;
}

/** `user_objects` when it is a list of users with ids, else left out. */
function userObjects(raw: Json): { user_objects?: SocketUserObject[] } {
  const list = raw.user_objects;
  if (!Array.isArray(list)) return {};
  return {
    user_objects: list.filter(
      (user): user is SocketUserObject => isObject(user) && typeof user.id === 'number',
    ),
  };
}

/** The optional fields of `raw` that hold a value of `type`; the others are left out. */
function optional<T>(raw: Json, keys: readonly string[], type: 'string' | 'boolean'): Partial<T> {
  const out: Json = {};
  for (const key of keys) if (typeof raw[key] === type) out[key] = raw[key];
  return out as Partial<T>;
}

export const SERVER_FRAME_READERS: ServerFrameReaders = {
  ...MESSAGE_ACTION_READERS,
  ...TRANSLATION_TRUST_READERS,
  ...LINK_PREVIEW_READERS,
  ...MODERATION_NOTICE_READERS,
  ...BLOCKING_IN_GROUPS_READERS,
  chat_message(raw) {
    const senderId = readId(raw.sender_id);
    if (senderId === null) return null;
    // The message's other fields are read leniently once its room is known (chat/incoming.ts).
    return {
      ...(raw as Omit<FrameOf<'chat_message'>, 'sender_id' | 'room_name'>),
      room_name: roomName(raw),
      sender_id: senderId,
    };
  },

  chat_history(raw) {
    return {
      type: 'chat_history',
      message: Array.isArray(raw.message) ? raw.message : [],
      room_name: roomName(raw),
      has_more: raw.has_more === true,
      // Parley extension (issue 25): left out when the backend sends none.
      ...(Array.isArray(raw.receipts) ? { receipts: readRoomReceipts(raw.receipts) } : {}),
    };
  },

  typing_indicator(raw) {
    const fields = indicator(raw, 'is_typing');
    return fields && { type: 'typing_indicator', ...fields };
  },

  recording_indicator(raw) {
    const fields = indicator(raw, 'is_recording');
    return fields && { type: 'recording_indicator', ...fields };
  },

  pong: () => ({ type: 'pong' }),

  authenticated(raw) {
    return typeof raw.expires_at === 'string'
      ? { type: 'authenticated', expires_at: raw.expires_at }
      : null;
  },

  error(raw) {
    if (typeof raw.code !== 'string') return null;
    return {
      type: 'error',
      code: raw.code,
      detail: typeof raw.detail === 'string' ? raw.detail : '',
      ...(typeof raw.client_id === 'string' && raw.client_id !== ''
        ? { client_id: raw.client_id }
        : {}),
    };
  },

  connection_request(raw) {
    const user = connectionUser(raw.from_user);
    return user === null ? null : { type: 'connection_request', from_user: user };
  },

  connection_accepted(raw) {
    const user = connectionUser(raw.to_user);
    return user === null ? null : { type: 'connection_accepted', to_user: user };
  },

  connection_removed(raw) {
    const user = connectionUser(raw.from_user);
    return user === null ? null : { type: 'connection_removed', from_user: user };
  },

  call_signal(raw) {
    const { from, to, call_type: callType, signal } = raw;
    if (typeof from !== 'number' || typeof to !== 'number') return null;
    if (callType !== 'audio' && callType !== 'video') return null;
    // The signal's own fields are checked by the call session that handles it.
    if (!isObject(signal) || typeof signal.type !== 'string') return null;
    return {
      type: 'call_signal',
      from,
      to,
      call_type: callType,
      signal: signal as unknown as CallSignal,
      ...userObjects(raw),
    };
  },

  live_transcript(raw) {
    const { from, transcript } = raw;
    if (typeof from !== 'number' || typeof transcript !== 'string') return null;
    return {
      type: 'live_transcript',
      from,
      transcript,
      ...userObjects(raw),
      ...optional<LiveTranscriptServerFrame>(
        raw,
        ['original_transcript', 'original_language'],
        'string',
      ),
      ...optional<LiveTranscriptServerFrame>(raw, ['translation_failed', 'unavailable'], 'boolean'),
    };
  },

  voice_chunk(raw) {
    const from = readId(raw.from);
    if (from === null) return null;
    return { ...(raw as Omit<FrameOf<'voice_chunk'>, 'from'>), from };
  },

  tier_limit_warning(raw) {
    return {
      type: 'tier_limit_warning',
      title: String(raw.title ?? ''),
      message: String(raw.message ?? ''),
      actions: Array.isArray(raw.actions)
        ? raw.actions.filter(
            (action): action is TierLimitAction =>
              typeof action?.label === 'string' && typeof action?.url === 'string',
          )
        : [],
    };
  },

  subscription_required(raw) {
    return {
      type: 'subscription_required',
      ...(typeof raw.detail === 'string' ? { detail: raw.detail } : {}),
    };
  },

  ...RECEIPT_FRAME_READERS,
};
