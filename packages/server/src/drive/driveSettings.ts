/** Google Drive file backup: the OAuth client and where Google's services are. */
export interface DriveSettings {
  clientId: string;
  clientSecret: string;
  /** The OpenID issuer whose discovery document names the endpoints (default Google's). */
  issuer: string;
  /** Base URL of the Drive REST API (default https://www.googleapis.com). */
  apiUrl: string;
  /** The folder backups go into, in each person's Drive. */
  folderName: string;
  /** The app's public origin for the redirect URI (PUBLIC_URL); default each request's origin. */
  publicUrl?: string;
}

export const GOOGLE_ISSUER = 'https://accounts.google.com';
export const GOOGLE_API_URL = 'https://www.googleapis.com';
export const DEFAULT_DRIVE_FOLDER = 'Parley chat files';

/**
 * GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET (both or neither), GOOGLE_DRIVE_FOLDER, PUBLIC_URL;
 * GOOGLE_OAUTH_ISSUER and GOOGLE_DRIVE_API_URL point elsewhere (tests, a proxy). Null: not set up.
 */
export function driveSettingsFromEnv(env: NodeJS.ProcessEnv): DriveSettings | null {
  const clientId = env.GOOGLE_CLIENT_ID?.trim();
  const clientSecret = env.GOOGLE_CLIENT_SECRET?.trim();
  if (!clientId && !clientSecret) return null;
  if (!clientId || !clientSecret) {
    throw new Error(
      'Google Drive backup needs both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET (or neither).',
    );
  }
  return {
    clientId,
    clientSecret,
    issuer: env.GOOGLE_OAUTH_ISSUER?.trim() || GOOGLE_ISSUER,
    apiUrl: (env.GOOGLE_DRIVE_API_URL?.trim() || GOOGLE_API_URL).replace(/\/+$/, ''),
    folderName: env.GOOGLE_DRIVE_FOLDER?.trim() || DEFAULT_DRIVE_FOLDER,
    publicUrl: env.PUBLIC_URL?.trim().replace(/\/+$/, '') || undefined,
  };
}

/** Plain HTTP is allowed only to this machine (a local stand-in in tests, a local proxy). */
export function isLoopbackHttp(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  return protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(hostname);
}
