/** REST paths of the accounts slice; every path ends with '/'. */
export const ACCOUNT_PATHS = {
  csrf: '/accounts/csrf/',
  register: '/accounts/register/',
  login: '/accounts/login/',
  me: '/accounts/me/',
  refresh: '/accounts/token/refresh/',
  logout: '/accounts/logout/',
  updateLanguage: '/accounts/update-language/',
  updateProfileImage: '/accounts/update-profile-image/',
  updateMuteSounds: '/accounts/update-mute-sounds/',
  updateVoiceOutput: '/accounts/update-voice-output/',
  updateChatTheme: '/accounts/update-chat-theme/',
  updateProfileInfo: '/accounts/update-profile-info/',
  users: '/accounts/users/',
  updateAutoCorrect: '/accounts/update-auto-correct/',
  /** Parley extension (issue 25): body {read_receipts: boolean}. */
  updateReadReceipts: '/accounts/update-read-receipts/',
  /** Parley extension (issue 27): body {interface_language: 'es' | … | null}. */
  updateInterfaceLanguage: '/accounts/update-interface-language/',
  /** Parley extension: the IANA zone that decides the user's day for plan limits. */
  updateTimezone: '/accounts/update-timezone/',
  /** Parley extension: change one's password (asks for the current one). */
  changePassword: '/accounts/change-password/',
  /** Parley extension: delete one's account (asks for the password). */
  deleteAccount: '/accounts/delete-account/',
  /** Parley extension: everything the server keeps about the person, as one JSON download. */
  exportData: '/accounts/export/',
} as const;

/** Cookie names set by the server. */
export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'X-CSRFToken';
export const REFRESH_COOKIE = 'parley_refresh';
