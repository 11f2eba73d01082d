/**
 * File backup to Google Drive (Parley extension, issue 10; the spec's /google-drive/login and
 * /google-drive/success screens). The server holds the OAuth tokens; the client only ever sees
 * the consent page's URL and the counts below. Every path ends with '/'; all but `callback` need
 * the access token.
 */
export const DRIVE_PATHS = {
  /** GET → DriveStatus. */
  status: '/accounts/google-drive/',
  /** POST → DriveAuthorizeResponse: Google's consent page for this person (PKCE + state). */
  authorize: '/accounts/google-drive/authorize/',
  /**
   * GET, Google's redirect target (`?code&state` or `?error`): stores the tokens, then 302 to
   * `/google-drive/success`, or to `/google-drive/login?error=<DriveConnectError>`. Register
   * `{PUBLIC_URL}/accounts/google-drive/callback/` as the OAuth client's redirect URI.
   */
  callback: '/accounts/google-drive/callback/',
  /** POST → DriveBackupResult: copies the person's shared files not backed up yet. */
  backup: '/accounts/google-drive/backup/',
  /** POST → 204: the server revokes and forgets the person's Drive tokens. */
  disconnect: '/accounts/google-drive/disconnect/',
} as const;

/** Why the callback sent the person back to /google-drive/login (`?error=`). */
export const DRIVE_CONNECT_ERRORS = ['denied', 'expired', 'scope', 'failed'] as const;
export type DriveConnectError = (typeof DRIVE_CONNECT_ERRORS)[number];

export interface DriveStatus {
  /** False when this server has no Google OAuth client (GOOGLE_CLIENT_ID/SECRET unset). */
  configured: boolean;
  /** The person has connected their Drive and the server holds a usable token. */
  connected: boolean;
  /** Files the person shared in chats that are in their Drive already. */
  backed_up_files: number;
  /** Files the person shared that the next backup would copy. */
  pending_files: number;
  /** When the last backup finished (ISO 8601), or null. */
  last_backup_at: string | null;
}

export interface DriveAuthorizeResponse {
  url: string;
}

export interface DriveBackupResult extends DriveStatus {
  /** Files copied by this run. */
  uploaded: number;
  /** Files this run could not copy (they stay pending for the next run). */
  failed: number;
}
