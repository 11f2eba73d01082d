import type { HttpClient } from './http/http-client';
import {
  DRIVE_PATHS,
  type DriveAuthorizeResponse,
  type DriveBackupResult,
  type DriveStatus,
} from './protocol/drive';

/** File backup to Google Drive (Parley extension, issue 10); tokens never leave the server. */
export interface DriveApi {
  status(): Promise<DriveStatus>;
  /** The consent page to send the browser to (`location.assign(url)`). */
  authorize(): Promise<DriveAuthorizeResponse>;
  /** Copies the person's shared files that are not in their Drive yet. */
  backup(): Promise<DriveBackupResult>;
  disconnect(): Promise<void>;
}

export function createDriveApi(http: HttpClient): DriveApi {
  const post = <T>(path: string) => http.request<T>(path, { method: 'POST' });
  return {
    status: () => http.request<DriveStatus>(DRIVE_PATHS.status),
    authorize: () => post<DriveAuthorizeResponse>(DRIVE_PATHS.authorize),
    backup: () => post<DriveBackupResult>(DRIVE_PATHS.backup),
    disconnect: () => post<void>(DRIVE_PATHS.disconnect),
  };
}
