/** REST types of the chat slice (spec §3 and §7, docs/socket-protocol.md). */
import type { ChatThemeName, Gender, UserSummary } from './accounts';
import type { CallEvent } from './calls';
import type { ChatListCounts } from './chatListCounts';
import type { LinkPreview, MessageMention } from './linkPreviews';
import type { MessageRequestKind } from './messageRequests';
import type { MessageReaction, RoomReceipt } from './reactions';
import type { GroupEvent, LastMessageInfo } from './systemRows';
import type { TranslationSuggestion } from './translationTrust';
import type { SocketUserObject } from './user-objects';

export const CHAT_PATHS = {
  groups: '/chatmessage/user/group/',
  createGroup: '/chatmessage/create/group/',
  chats: '/chatmessage/chats/',
  history: '/chatmessage/history/',
  uploadFile: '/chatmessage/upload-file/',
  uploadVoice: '/chatmessage/upload-chat-voice/',
  /** Parley extension: message search across languages (docs/protocol.md, Message search). */
  search: '/chatmessage/search/',
} as const;

/** One row of GET /chatmessage/chats/: a chat-list user (spec §3). */
export interface ChatListUser extends UserSummary, ChatListCounts {
  last_message: string | null;
  /** ISO 8601, null for a connection with no messages yet. */
  last_message_time: string | null;
  /** Parley extension: what the last message is (a photo, a voice note, a call, mine …). */
  last_message_info?: LastMessageInfo | null;
  language: string;
  voice_model_path?: string | null;
  gender?: Gender | null;
  voice_output_enabled: boolean;
  mute_sounds: boolean;
  profile_info?: string | null;
  chat_theme?: ChatThemeName;
  is_org_admin?: boolean;
  org_members?: unknown[];
  org_max_users?: number | null;
  org_invite_token?: string | null;
  subscription_active?: boolean;
  is_lifetime?: boolean;
  /** Parley extension (docs/protocol.md, Message requests): absent when the chat is no request. */
  request?: MessageRequestKind;
  /** Parley extension: with `request: 'outgoing'`, the messages I may still send until accepted. */
  request_remaining?: number;
}

/** One row of GET /chatmessage/user/group/, and the answer of POST /chatmessage/create/group/. */
export interface GroupSummary extends ChatListCounts {
  id: number;
  name: string;
  /** The group's room: its slug (groupRoomName(name)). */
  room_name: string;
  image: string | null;
  last_message: string | null;
  last_message_time: string | null;
  /** Parley extension: what the last message is (a photo, a voice note, a call, mine …). */
  last_message_info?: LastMessageInfo | null;
  /** Spec §3 group entity: the members' ids. */
  user_ids: number[];
  /** Parley extension: the members as user summaries, in the order of `user_ids`. */
  members: UserSummary[];
}

/** Answer of GET /chatmessage/history/?room_name=&before=. */
export interface ChatHistoryPage {
  /** 50 a page, oldest first. */
  results: ChatMessage[];
  has_more: boolean;
  /** Parley extension (issue 25): how far each member has received and read the room. */
  receipts?: RoomReceipt[];
}

/** Parley extension: bounds of GET /chatmessage/search/'s `q` (characters, after trimming). */
export const MESSAGE_SEARCH_LIMITS = {
  minQueryLength: 1,
  maxQueryLength: 200,
  pageSize: 20,
} as const;

/** The room a search hit is in, as the chat list names it for the reader. */
export interface MessageSearchRoom {
  room_name: string;
  kind: 'private' | 'group';
  /** The other person's username (private) or the group's name. */
  name: string;
  image: string | null;
}

/** Where the query matched: `text` with `[start, end)` UTF-16 offsets of each matched word. */
export interface MessageSearchMatch {
  text: string;
  ranges: readonly { start: number; end: number }[];
  /** True when the words matched the original, not the text in the reader's language. */
  in_original: boolean;
  /**
   * What matched (extension, absent on older servers: the message text): a voice note's
   * transcript (`text` is the transcript) or an attached file's name (`text` is the name).
   */
  field?: 'message' | 'transcript' | 'file_name';
}

/** One hit of GET /chatmessage/search/: the message as history shows it to the reader. */
export interface MessageSearchResult {
  message: ChatMessage;
  room: MessageSearchRoom;
  match: MessageSearchMatch;
}

/** Answer of GET /chatmessage/search/?q=&room_name=&cursor=: newest first. */
export interface MessageSearchPage {
  results: MessageSearchResult[];
  /** Opaque: pass back as `cursor` for the next (older) page; null on the last page. */
  next_cursor: string | null;
}

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
  /** Parley extension (issue 26): the engine that made `message` for this reader, by its name
   * ('Apertium', 'LibreTranslate'); present only with `translated`. */
  translated_by?: string;
  /** Parley extension (issue 26): words of `message` the engine did not know and left as
   * written (Apertium's `*word`, mark removed); absent when there are none. */
  untranslated_words?: readonly string[];
  /** Parley extension (issue 26): a member's better translation for this reader's language;
   * `message` stays the engine's ('Show machine translation'). */
  translation_suggestion?: TranslationSuggestion | null;
  /** Parley extension: this message records a call (start, end and duration, missed). */
  call_event?: CallEvent | null;
  /** Parley extension (message actions): the message this one replies to, for this reader. */
  reply_to?: MessageQuote | null;
  /** Parley extension: ISO 8601 time of its sender's last edit; null or absent: never edited. */
  edited_at?: string | null;
  /** Parley extension: deleted for everyone by its sender (`message` is empty, no files). */
  deleted?: boolean;
  /** Parley extension: the card of the first link (docs/socket-protocol.md, link previews). */
  link_preview?: LinkPreview | null;
  /** Parley extension: the group members the text names with `@username`. */
  mentions?: readonly MessageMention[];
  /** Parley extension (issue 25): reactions, one entry per emoji; absent or empty for none. */
  reactions?: readonly MessageReaction[];
  /** Parley extension: this message records a group event (created, member added/removed, left). */
  group_event?: GroupEvent | null;
  /** Parley extension (issue 29): this reader blocked the sender; shown collapsed. */
  from_blocked?: boolean;
}

/**
 * Why a voice note has no transcript text: `unavailable` — no engine serves the speaker's
 * language; `failed` — the engine or the decoder failed; `empty` — nothing was recognised.
 */
export const TRANSCRIPT_STATUSES = ['ok', 'unavailable', 'failed', 'empty'] as const;
export type TranscriptStatus = (typeof TRANSCRIPT_STATUSES)[number];

/**
 * Parley extension fields of a chat message that carries media (all optional). `file_url` and
 * `audio_url` are signed for the reader the message is sent to.
 */
export interface ChatMessageMediaExtensions {
  /** The served Content-Type of `file_url`. */
  mime_type?: string | null;
  /** Bytes, for "size in KB". */
  file_size?: number | null;
  thumbnail_url?: string | null;
  /** The transcript as recognised (sender's language); `transcript` is the reader's rendition. */
  original_transcript?: string | null;
  transcript_status?: TranscriptStatus | null;
  /** `transcript` is a translation of `original_transcript` for this reader. */
  transcript_translated?: boolean;
  /** Synthesized speech of the transcript in the reader's language (Opus/WebM). */
  synth_audio_url?: string | null;
  /** The same speech as AAC/MP4 (Safari). */
  synth_audio_url_mp4?: string | null;
  /** Why there is no synthesized audio for this reader: 'unavailable' (no voice for the language),
   * 'failed' (engine error), 'limit' (sender's free plan), 'same_language'. The original audio
   * (`audio_url`) is always there. */
  synth_status?: 'ok' | 'unavailable' | 'failed' | 'limit' | 'same_language' | null;
}

// ---------------------------------------------------------------------------------------------
// Socket frames of chat (spec §7)

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
  /** Parley extension (message actions): the id of a message of the same room this replies to. */
  reply_to?: number | null;
  /** Parley extension: `false` sends the message without the card of its link. */
  link_preview?: false;
  /** Parley extension: user ids of group members named with `@username` (others are dropped). */
  mentions?: number[];
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
  /** Parley extension (issue 25): how far each member has received and read the room. */
  receipts?: RoomReceipt[];
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

/**
 * Parley extension (message actions, protocol/message-actions.ts): the message a reply quotes,
 * as one reader sees it: `message` is in the reader's language (the
 * original for its sender and same-language readers); empty with `deleted` when its sender
 * deleted it.
 */
export interface MessageQuote {
  id: number;
  sender_id: number;
  sender_username: string;
  message: string;
  file_type: ChatFileType;
  /** The quoted message was deleted for everyone. */
  deleted?: boolean;
}
