/** Wire types of the accounts calls (spec §3 and §7, docs/protocol.md). */

export const GENDERS = ['MALE', 'FEMALE', 'OTHER'] as const;
export type Gender = (typeof GENDERS)[number];

/** classic → 'default', light → 'light', ocean → 'blue' (spec §2, chat theme picker). */
export const CHAT_THEME_NAMES = ['default', 'light', 'blue'] as const;
export type ChatThemeName = (typeof CHAT_THEME_NAMES)[number];

/** A member of the organisation the current user administers or belongs to. */
export interface OrgMemberSummary {
  id: number;
  username: string;
  profile_image: string | null;
  email: string;
}

/** Answer of GET /accounts/me/ and of every update call. */
export interface CurrentUser {
  id: number;
  username: string;
  email: string;
  phone: string;
  gender: Gender;
  first_name: string | null;
  last_name: string | null;
  /** A URL path served by the server (`/media/…`) or null. */
  profile_image: string | null;
  /** A language name from LANGUAGES (canonical spelling). */
  language: string;
  profile_info: string;
  chat_theme: ChatThemeName;
  mute_sounds: boolean;
  voice_output_enabled: boolean;
  subscription_active: boolean;
  is_org_admin: boolean;
  org_invite_token: string | null;
  is_lifetime: boolean;
  org_members: OrgMemberSummary[];
  /** Parley extension (issue 29): an operator of this Parley; absent means false. */
  staff?: boolean;
  /** Parley extension (issue 29): may open the review queue; absent means false. */
  moderator?: boolean;
  org_max_users: number | null;
  followers_count: number;
  /**
   * Apply the first spelling suggestion of each flagged word on send. Absent (older servers,
   * sessions persisted before it existed) means false.
   */
  auto_correct?: boolean;
  /** Parley extension: show link preview cards and attach them to one's messages. Absent: on. */
  link_previews?: boolean;
  /**
   * Parley extension (issue 25): others see when this person read their messages, and they see
   * others' reads. Absent (older servers) means true.
   */
  read_receipts?: boolean;
  /**
   * Parley extension (issue 27): the interface language the person chose in Settings, one of
   * INTERFACE_LOCALES ('es', 'ar'…), or null to follow their chat language and then the browser.
   * Absent (older servers) means null. The server writes push texts in it.
   */
  interface_language?: string | null;
}

/** Body of POST /accounts/register/. */
/** Body of PATCH /accounts/update-timezone/ (Parley extension): an IANA name, null for UTC. */
export interface UpdateTimezoneRequest {
  timezone: string | null;
}

export interface RegisterPayload {
  username: string;
  email: string;
  phone: string;
  password: string;
  /** A language name from LANGUAGES. */
  language: string;
  gender: Gender;
}

/** 201 answer of POST /accounts/register/. */
export interface RegisterResponse {
  user_name: string;
  access_token: string;
  user_id: number;
}

/** Body of POST /accounts/login/; `username` may be the e-mail. */
export interface LoginRequest {
  username: string;
  password: string;
}

/** 200 answer of POST /accounts/login/. */
export interface LoginResponse {
  access_token: string;
}

/** 200 answer of POST /accounts/token/refresh/. */
export interface RefreshResponse {
  access: string;
}

/** 200 answer of GET /accounts/csrf/. */
export interface CsrfResponse {
  csrfToken: string;
}

/** One row of GET /accounts/users/ (user search). */
export interface UserSummary {
  id: number;
  username: string;
  profile_image: string | null;
  first_name: string | null;
  last_name: string | null;
  followers_count: number;
  /**
   * Parley extension (issue 25) on user search, connection and pending-request rows: ISO 639-1
   * codes of the languages the person writes, their profile language first. Absent from a
   * spec-only backend (and from other rows): lists then show no languages.
   */
  languages?: readonly string[];
}

/** Bodies of the settings calls. */
export interface UpdateLanguageRequest {
  language: string;
}
export interface UpdateMuteSoundsRequest {
  mute_sounds: boolean;
}
export interface UpdateVoiceOutputRequest {
  voice_output_enabled: boolean;
}
export interface UpdateChatThemeRequest {
  chat_theme: ChatThemeName;
}
export interface UpdateProfileInfoRequest {
  profile_info: string;
}
/**
 * Body of PATCH /accounts/update-interface-language/ (Parley extension, issue 27): one of
 * INTERFACE_LOCALES, or null to follow the chat language again. Answers {interface_language}.
 */
export interface UpdateInterfaceLanguageRequest {
  interface_language: string | null;
}

/** Body of POST /accounts/change-password/ (Parley extension). */
export interface ChangePasswordRequest {
  current_password: string;
  new_password: string;
}

/** Body of POST /accounts/delete-account/ (Parley extension). */
export interface DeleteAccountRequest {
  password: string;
}

/** The name messages of a deleted account show under (history, chat lists, group members). */
export const DELETED_ACCOUNT_NAME = 'Deleted account';

/** `format` of an AccountExport; `version` grows when fields change meaning. */
export const ACCOUNT_EXPORT_FORMAT = 'parley-account-export';

/**
 * 200 answer of GET /accounts/export/ (Parley extension), sent as a file download. Times are ISO
 * 8601 strings. Only the person's own data: other people appear by username only.
 */
export interface AccountExport {
  format: typeof ACCOUNT_EXPORT_FORMAT;
  version: 1;
  exported_at: string;
  profile: {
    id: number;
    username: string;
    email: string;
    phone: string;
    gender: Gender;
    first_name: string | null;
    last_name: string | null;
    profile_image: string | null;
    language: string;
    profile_info: string;
    timezone: string | null;
    followers_count: number;
    created_at: string;
  };
  settings: {
    chat_theme: ChatThemeName;
    mute_sounds: boolean;
    voice_output_enabled: boolean;
    auto_correct: boolean;
    /** Parley extension (issue 27): the chosen interface locale, null when unset. */
    interface_language?: string | null;
  };
  /** Every message the person sent, oldest first, with the text as they wrote it. */
  messages: {
    id: number;
    room: string;
    /** A group's name, or the other person's username in a private chat. */
    room_title: string;
    sent_at: string;
    message: string;
    language: string | null;
    file_type: string;
    file_name: string | null;
    file_url: string | null;
  }[];
  posts: {
    id: number;
    content_type: string;
    content_url: string | null;
    caption: string;
    caption_language: string | null;
    categories: string[];
    created_at: string;
  }[];
  connections: {
    accepted: { username: string; since: string }[];
    pending_received: { username: string; requested_at: string }[];
    pending_sent: { username: string; requested_at: string }[];
  };
  blocked: { username: string; since: string }[];
  groups: { name: string; joined_at: string }[];
  organization: {
    role: 'administrator' | 'member';
    administrator: string;
    joined_at: string;
  } | null;
  subscription: {
    subscription_active: boolean;
    is_lifetime: boolean;
    is_org_admin: boolean;
    org_max_users: number | null;
    history: {
      plan: string;
      seats: number;
      status: string;
      provider: string;
      current_period_end: string | null;
      cancel_at_period_end: boolean;
      created_at: string;
    }[];
  };
  /** Devices that receive notifications (their addresses are not included). */
  push_devices: number;
  google_drive: { connected_at: string; last_backup_at: string | null } | null;
  /** Issue 26: the words they keep as is in what they send (their glossary), oldest first. */
  never_translated: string[];
}
