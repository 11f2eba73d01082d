import type { DriveConnectError, DriveStatus } from '@parley/chat-sdk';
import type { FastifyBaseLogger } from 'fastify';
import type { DriveAccountRow, MediaUploadRow } from '../db/schema.js';
import { detailError, HttpError } from '../http/errors.js';
import type { LimitStore } from '../limits/limitStore.js';
import type { ChatFileStore } from '../media/chatFiles.js';
import type { DriveRepository } from '../plugins/app/drive-repository.js';
import { DriveApiError, type DriveClient } from './driveClient.js';
import type { DriveSettings } from './driveSettings.js';
import {
  DRIVE_SCOPE,
  DriveGrantRevokedError,
  type DriveTokens,
  type GoogleOAuth,
} from './googleOAuth.js';
import type { TokenCipher } from './tokenCipher.js';

export const DRIVE_MESSAGES = {
  notConfigured: 'Google Drive backup is not set up on this server.',
  notConnected: 'Connect Google Drive first.',
  revoked: 'Google Drive access was withdrawn. Connect Google Drive again.',
  busy: 'A backup is already running.',
  unreachable: 'Could not reach Google Drive. Try again later.',
} as const;

/** Files a person shared themselves; synthesized speech and thumbnails are ours, not theirs. */
const BACKED_UP_KINDS = ['image', 'video', 'audio', 'application', 'voice'];
/** An authorization must come back within this time. */
export const DRIVE_STATE_TTL_MS = 10 * 60 * 1000;
/** One run copies at most this many files; the rest stay pending for the next. */
export const DRIVE_FILES_PER_RUN = 500;
/** Refresh an access token this long before Google says it expires. */
const EXPIRY_MARGIN_MS = 60_000;

/** The callback's outcome when it cannot connect: the app shows why (`?error=`). */
export class DriveConnectFailure extends Error {
  constructor(readonly code: DriveConnectError) {
    super(`connecting Google Drive failed: ${code}`);
    this.name = 'DriveConnectFailure';
  }
}

/** The limits' counter of running backups (issue 28), and how long a claim lasts at most. */
const RUNNING_KIND = 'drive-backup-running';
const RUNNING_CLAIM_MS = 30 * 60_000;

export interface DriveBackupOptions {
  drives: DriveRepository;
  settings: DriveSettings | null;
  oauth: GoogleOAuth | null;
  client: DriveClient | null;
  cipher: TokenCipher;
  files: ChatFileStore;
  log: FastifyBaseLogger;
  /**
   * Issue 28: where a running backup is claimed for every instance (the limits' store: the
   * database every instance shares); absent, only this instance knows.
   */
  claims?: LimitStore;
}

/**
 * People's Drive connections and the backups into them. Tokens are sealed at rest and used only
 * here; a person has at most one backup running at a time, on any instance.
 */
export class DriveBackup {
  private readonly running = new Set<number>();

  constructor(private readonly options: DriveBackupOptions) {}

  get configured(): boolean {
    return this.options.oauth !== null;
  }

  private get drives() {
    return this.options.drives;
  }

  async status(userId: number): Promise<DriveStatus> {
    const account = await this.drives.account(userId);
    const backedUp = await this.drives.copiedCount(userId);
    const pending = await this.drives.pendingCount(userId, BACKED_UP_KINDS);
    const connected =
      this.configured &&
      account !== null &&
      this.options.cipher.open(account.refreshToken) !== null;
    return {
      configured: this.configured,
      connected,
      backed_up_files: backedUp,
      pending_files: pending,
      last_backup_at: connected ? (account?.lastBackupAt?.toISOString() ?? null) : null,
    };
  }

  private need(): { oauth: GoogleOAuth; client: DriveClient; settings: DriveSettings } {
    const { oauth, client, settings } = this.options;
    if (!oauth || !client || !settings) throw detailError(503, DRIVE_MESSAGES.notConfigured);
    return { oauth, client, settings };
  }

  /** Remembers a new state and PKCE verifier for the person; returns the consent page. */
  async authorize(userId: number, redirectUri: string): Promise<{ url: string; state: string }> {
    const { oauth } = this.need();
    let started: Awaited<ReturnType<GoogleOAuth['start']>>;
    try {
      started = await oauth.start(redirectUri);
    } catch (error) {
      this.options.log.error({ err: error }, 'Google OAuth discovery failed');
      throw detailError(502, DRIVE_MESSAGES.unreachable);
    }
    await this.drives.startAuthorization(
      { state: started.state, userId, codeVerifier: started.verifier },
      new Date(Date.now() - DRIVE_STATE_TTL_MS),
    );
    return { url: started.url, state: started.state };
  }

  /**
   * Google's redirect: the state must be one we issued (once, within ten minutes, to this
   * browser: `boundState` is the cookie set with it); then the code becomes sealed tokens.
   */
  async connect(params: URLSearchParams, callbackUrl: URL, boundState: string | undefined) {
    const { oauth } = this.need();
    const state = params.get('state') ?? '';
    // A state is used once, whatever happens next.
    const row = state ? await this.drives.takeAuthorization(state) : null;
    if (params.has('error')) throw new DriveConnectFailure('denied');
    if (!row || row.createdAt.getTime() < Date.now() - DRIVE_STATE_TTL_MS || boundState !== state) {
      throw new DriveConnectFailure('expired');
    }
    let tokens: DriveTokens;
    try {
      tokens = await oauth.finish(callbackUrl, state, row.codeVerifier);
    } catch (error) {
      this.options.log.warn({ err: error }, 'Google OAuth code exchange failed');
      throw new DriveConnectFailure('failed');
    }
    if (!tokens.scopes.includes(DRIVE_SCOPE)) throw new DriveConnectFailure('scope');
    const existing = await this.drives.account(row.userId);
    const refreshToken =
      tokens.refreshToken ?? this.options.cipher.open(existing?.refreshToken ?? null);
    if (!refreshToken) throw new DriveConnectFailure('failed');
    const sealed = {
      refreshToken: this.options.cipher.seal(refreshToken),
      accessToken: this.options.cipher.seal(tokens.accessToken),
      accessExpiresAt: tokens.expiresAt,
    };
    await this.drives.saveAccount(row.userId, sealed);
    return row.userId;
  }

  async disconnect(userId: number): Promise<void> {
    const account = await this.drives.deleteAccount(userId);
    await this.drives.forgetCopies(userId);
    const refreshToken = this.options.cipher.open(account?.refreshToken ?? null);
    if (refreshToken && this.options.oauth) {
      await this.options.oauth.revoke(refreshToken).catch((error: unknown) => {
        this.options.log.warn({ err: error }, 'revoking a Google grant failed');
      });
    }
  }

  /** Copies the person's shared files that are not in their Drive yet, oldest first. */
  async backup(userId: number): Promise<{ uploaded: number; failed: number }> {
    const { client, settings } = this.need();
    if (this.running.has(userId)) throw detailError(409, DRIVE_MESSAGES.busy);
    this.running.add(userId);
    if (!(await this.claim(userId))) {
      this.running.delete(userId);
      throw detailError(409, DRIVE_MESSAGES.busy);
    }
    try {
      const account = await this.drives.account(userId);
      if (!account) throw detailError(409, DRIVE_MESSAGES.notConnected);
      const session = new DriveSession(this, account);
      const files = await this.drives.pending(userId, BACKED_UP_KINDS, DRIVE_FILES_PER_RUN);
      let uploaded = 0;
      let failed = 0;
      let folderId =
        account.folderId ??
        (await session.withToken((token) => client.createFolder(token, settings.folderName)));
      if (!account.folderId) await this.saveFolder(userId, folderId);
      for (const [index, upload] of files.entries()) {
        const bytes = await this.options.files.readBytes(upload.storedName).catch(() => null);
        if (!bytes) {
          this.options.log.warn({ upload: upload.id }, 'a shared file is missing from storage');
          failed += 1;
          continue;
        }
        try {
          const send = () =>
            session.withToken((token) =>
              client.upload(token, {
                name: driveName(upload),
                mime: upload.mime,
                bytes,
                folderId,
                description: `Shared on ${upload.createdAt.toISOString().slice(0, 10)}`,
              }),
            );
          let driveFileId: string;
          try {
            driveFileId = await send();
          } catch (error) {
            // The person deleted the backup folder: make a new one and go on there.
            if (!(error instanceof DriveApiError) || error.status !== 404) throw error;
            folderId = await session.withToken((token) =>
              client.createFolder(token, settings.folderName),
            );
            await this.saveFolder(userId, folderId);
            driveFileId = await send();
          }
          await this.drives.recordCopy(userId, upload.id, driveFileId);
          uploaded += 1;
        } catch (error) {
          if (error instanceof DriveGrantRevokedError) throw error;
          this.options.log.warn({ err: error, upload: upload.id }, 'backing up a file failed');
          failed += 1;
          // Over quota or rate limited: the rest would fail the same way; they stay pending.
          if (error instanceof DriveApiError && (error.status === 403 || error.status === 429)) {
            failed += files.length - index - 1;
            break;
          }
        }
      }
      await this.drives.updateAccount(userId, { lastBackupAt: new Date() });
      return { uploaded, failed };
    } catch (error) {
      if (error instanceof DriveGrantRevokedError) {
        await this.drives.deleteAccount(userId);
        throw detailError(409, DRIVE_MESSAGES.revoked);
      }
      if (error instanceof HttpError) throw error;
      // Drive or Google's token endpoint failed or could not be reached: nothing was lost, the
      // files not copied stay pending.
      this.options.log.warn({ err: error }, 'Google Drive backup failed');
      throw detailError(502, DRIVE_MESSAGES.unreachable);
    } finally {
      this.running.delete(userId);
      await this.options.claims
        ?.add(RUNNING_KIND, String(userId), RUNNING_CLAIM_MS, -1)
        .catch((error: unknown) =>
          this.options.log.warn({ err: error }, 'releasing a backup failed'),
        );
    }
  }

  /**
   * Claims the person's one running backup on every instance: a counter that is 1 while it runs
   * (a second claim sees 2 and gives it back). A claim outlives a dead instance by at most
   * RUNNING_CLAIM_MS, when its window ends.
   */
  private async claim(userId: number): Promise<boolean> {
    const claims = this.options.claims;
    if (!claims) return true;
    const state = await claims.add(RUNNING_KIND, String(userId), RUNNING_CLAIM_MS, 1);
    if (state.count <= 1) return true;
    await claims.add(RUNNING_KIND, String(userId), RUNNING_CLAIM_MS, -1);
    return false;
  }

  private async saveFolder(userId: number, folderId: string) {
    await this.drives.updateAccount(userId, { folderId });
  }

  /** A usable access token: the stored one while it lasts, else a refreshed one (saved). */
  async accessToken(account: DriveAccountRow, force: boolean): Promise<string> {
    const { cipher, oauth } = this.options;
    const current = cipher.open(account.accessToken);
    const fresh =
      account.accessExpiresAt && account.accessExpiresAt.getTime() - EXPIRY_MARGIN_MS > Date.now();
    if (current && fresh && !force) return current;
    const refreshToken = cipher.open(account.refreshToken);
    if (!refreshToken || !oauth) throw new DriveGrantRevokedError();
    const tokens = await oauth.refresh(refreshToken);
    const sealed = {
      accessToken: cipher.seal(tokens.accessToken),
      accessExpiresAt: tokens.expiresAt,
      ...(tokens.refreshToken ? { refreshToken: cipher.seal(tokens.refreshToken) } : {}),
    };
    await this.drives.updateAccount(account.userId, sealed);
    Object.assign(account, sealed);
    return tokens.accessToken;
  }
}

/** One backup's token: refreshed when it has expired, and once more when Drive answers 401. */
class DriveSession {
  constructor(
    private readonly backup: DriveBackup,
    private readonly account: DriveAccountRow,
  ) {}

  async withToken<T>(call: (token: string) => Promise<T>): Promise<T> {
    try {
      return await call(await this.backup.accessToken(this.account, false));
    } catch (error) {
      if (!(error instanceof DriveApiError) || error.status !== 401) throw error;
      return call(await this.backup.accessToken(this.account, true));
    }
  }
}

/** The name shown in Drive: the name it was shared with, cleaned; voice notes get a date. */
export function driveName(
  upload: Pick<MediaUploadRow, 'kind' | 'originalName' | 'mime' | 'createdAt'>,
): string {
  const cleaned = upload.originalName
    .replace(/[\p{Cc}/\\]+/gu, ' ')
    .trim()
    .slice(0, 200);
  if (upload.kind !== 'voice' && cleaned) return cleaned;
  const stamp = upload.createdAt.toISOString().slice(0, 16).replace('T', ' ').replace(':', '.');
  const extension = upload.mime.includes('mp4')
    ? 'm4a'
    : upload.mime.includes('mpeg')
      ? 'mp3'
      : upload.mime.includes('wav')
        ? 'wav'
        : 'webm';
  return `Voice note ${stamp}.${extension}`;
}
