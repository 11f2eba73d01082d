import type { ChatThemeName, CurrentUser, Gender, UserSummary } from '@parley/chat-sdk';
import type { UserRow } from '../db/schema.js';

/** The signed-in user as every account call returns it (docs/protocol.md, CurrentUser). */
export function toCurrentUser(row: UserRow): CurrentUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    phone: row.phone,
    gender: row.gender as Gender,
    first_name: row.firstName,
    last_name: row.lastName,
    profile_image: row.profileImage,
    language: row.language,
    profile_info: row.profileInfo,
    chat_theme: row.chatTheme as ChatThemeName,
    mute_sounds: row.muteSounds,
    voice_output_enabled: row.voiceOutputEnabled,
    auto_correct: row.autoCorrect,
    link_previews: row.linkPreviews,
    read_receipts: row.readReceipts,
    // Parley extension (issue 27): null when the person never chose one.
    interface_language: row.interfaceLanguage,
    subscription_active: row.subscriptionActive,
    is_org_admin: row.isOrgAdmin,
    org_invite_token: row.orgInviteToken,
    is_lifetime: row.isLifetime,
    // Filled by GET /accounts/me/ for organisation administrators.
    org_members: [],
    org_max_users: row.orgMaxUsers,
    followers_count: row.followersCount,
    // Issue 29 (optional extension): present only when true, so the ui can show the queue.
    ...(row.staff ? { staff: true } : {}),
    ...(row.moderator ? { moderator: true } : {}),
  };
}

export type UserSummaryRow = Pick<
  UserRow,
  'id' | 'username' | 'profileImage' | 'firstName' | 'lastName' | 'followersCount'
>;

/** Another user as lists show them (user search, later connections). */
export function toUserSummary(row: UserSummaryRow): UserSummary {
  return {
    id: row.id,
    username: row.username,
    profile_image: row.profileImage,
    first_name: row.firstName,
    last_name: row.lastName,
    followers_count: row.followersCount,
  };
}
