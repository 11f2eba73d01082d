/** REST types of the chat slice (spec §3 and §7, docs/socket-protocol.md). */
import type { ChatThemeName, Gender, UserSummary } from './accounts';
import type { ChatMessage } from './socket';

export const CHAT_PATHS = {
  groups: '/chatmessage/user/group/',
  createGroup: '/chatmessage/create/group/',
  chats: '/chatmessage/chats/',
  history: '/chatmessage/history/',
  uploadFile: '/chatmessage/upload-file/',
  uploadVoice: '/chatmessage/upload-chat-voice/',
} as const;

/** One row of GET /chatmessage/chats/: a chat-list user (spec §3). */
export interface ChatListUser extends UserSummary {
  last_message: string | null;
  /** ISO 8601, null for a connection with no messages yet. */
  last_message_time: string | null;
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
}

/** One row of GET /chatmessage/user/group/, and the answer of POST /chatmessage/create/group/. */
export interface GroupSummary {
  id: number;
  name: string;
  /** The group's room: its slug (groupRoomName(name)). */
  room_name: string;
  image: string | null;
  last_message: string | null;
  last_message_time: string | null;
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
}
