import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../appContext.js';
import type { ChatFileStore } from '../media/chatFiles.js';
import { DriveBackup } from './driveBackup.js';
import { DriveClient } from './driveClient.js';
import { driveRoutes } from './driveRoutes.js';
import { type DriveSettings, driveSettingsFromEnv } from './driveSettings.js';
import { GoogleOAuth } from './googleOAuth.js';
import { TokenCipher } from './tokenCipher.js';

export { DRIVE_FILES_PER_RUN, DRIVE_MESSAGES } from './driveBackup.js';
export { DRIVE_STATE_COOKIE } from './driveRoutes.js';
export type { DriveSettings } from './driveSettings.js';

/**
 * Google Drive file backup (issue 10): `settings` null means not set up (the screens say so);
 * undefined reads GOOGLE_CLIENT_ID etc. from the environment.
 */
export const drivePlugin: FastifyPluginAsync<{
  ctx: AppContext;
  files: ChatFileStore;
  secret: Uint8Array;
  settings?: DriveSettings | null;
}> = async (app, options) => {
  const settings =
    options.settings === undefined ? driveSettingsFromEnv(process.env) : options.settings;
  const drive = new DriveBackup({
    drives: app.driveRepository,
    settings,
    oauth: settings ? new GoogleOAuth(settings) : null,
    client: settings ? new DriveClient(settings.apiUrl) : null,
    cipher: new TokenCipher(options.secret),
    files: options.files,
    log: app.log,
    claims: options.ctx.limits.store,
  });
  await app.register(driveRoutes, { ctx: options.ctx, drive, publicUrl: settings?.publicUrl });
};
