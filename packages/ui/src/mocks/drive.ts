/** MSW handlers for Google Drive backup in stories: a small stateful Drive connection. */
import type { DriveBackupResult, DriveStatus } from '@parley/chat-sdk';
import { delay, HttpResponse, http } from 'msw';

export const CONSENT_URL = 'https://accounts.google.example/o/oauth2/v2/auth?state=story';

export const driveConnected: DriveStatus = {
  configured: true,
  connected: true,
  backed_up_files: 12,
  pending_files: 3,
  last_backup_at: '2026-11-20T09:30:00.000Z',
};

export const driveNotConnected: DriveStatus = {
  ...driveConnected,
  connected: false,
  backed_up_files: 0,
  pending_files: 15,
  last_backup_at: null,
};

export const driveNotSetUp: DriveStatus = { ...driveNotConnected, configured: false };

export interface DriveMockOptions {
  /** Files of the next backup that fail (they stay pending). */
  failing?: number;
  /** The backup answers this error instead (status, detail). */
  backupError?: { status: number; detail: string };
  /** The authorize call answers this status instead of the consent URL. */
  authorizeStatus?: number;
}

/** status, authorize, backup and disconnect over one in-memory connection. */
export function driveHandlers(initial: DriveStatus, options: DriveMockOptions = {}) {
  let state = { ...initial };
  return [
    http.get('/accounts/google-drive/', () => HttpResponse.json(state)),
    http.post('/accounts/google-drive/authorize/', () =>
      options.authorizeStatus
        ? HttpResponse.json(
            { detail: 'Could not reach Google Drive. Try again later.' },
            { status: options.authorizeStatus },
          )
        : HttpResponse.json({ url: CONSENT_URL }),
    ),
    http.post('/accounts/google-drive/backup/', async () => {
      await delay(150);
      if (options.backupError) {
        if (options.backupError.status === 409) state = { ...state, connected: false };
        return HttpResponse.json(
          { detail: options.backupError.detail },
          { status: options.backupError.status },
        );
      }
      const failed = Math.min(options.failing ?? 0, state.pending_files);
      const uploaded = state.pending_files - failed;
      state = {
        ...state,
        backed_up_files: state.backed_up_files + uploaded,
        pending_files: failed,
        last_backup_at: '2026-11-25T18:00:00.000Z',
      };
      return HttpResponse.json({ ...state, uploaded, failed } satisfies DriveBackupResult);
    }),
    http.post('/accounts/google-drive/disconnect/', () => {
      state = { ...state, connected: false, backed_up_files: 0, last_backup_at: null };
      return new HttpResponse(null, { status: 204 });
    }),
  ];
}

export const driveStatusHangs = http.get('/accounts/google-drive/', async () => {
  await delay('infinite');
  return HttpResponse.json({});
});

/** Fails once, then answers (Retry works). */
export function driveStatusFailsOnce(then: DriveStatus) {
  let failed = false;
  return http.get('/accounts/google-drive/', () => {
    if (failed) return HttpResponse.json(then);
    failed = true;
    return HttpResponse.json({ detail: 'Internal server error.' }, { status: 500 });
  });
}
