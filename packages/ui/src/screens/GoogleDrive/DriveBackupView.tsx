import type { DriveStatus } from '@parley/chat-sdk';
import { ACCOUNT_STRINGS } from '../../accountStrings';
import { Button } from '../../components/Button/Button';
import { dateTimeFormat } from '../../components/private/localeFormat';
import * as css from '../private/account.css';

const S = ACCOUNT_STRINGS.drive;

export interface DriveBackupViewProps {
  /** Null while the status loads. */
  status: DriveStatus | null;
  /** The status could not be loaded (with Retry). */
  loadError?: string | null;
  /** What is under way: a backup or a disconnect (both buttons wait). */
  busy?: 'backup' | 'disconnect' | null;
  /** The last action's outcome, read out. */
  notice?: { tone: 'info' | 'error'; message: string } | null;
  onRetry: () => void;
  /** Goes to /google-drive/login, which sends the browser to Google. */
  onConnect: () => void;
  onBackup: () => void;
  onDisconnect: () => void;
}

function when(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : dateTimeFormat({ dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** Google Drive backup of the files a person shared: connect, back up, disconnect (pure view). */
export function DriveBackupView({
  status,
  loadError = null,
  busy = null,
  notice = null,
  onRetry,
  onConnect,
  onBackup,
  onDisconnect,
}: DriveBackupViewProps) {
  const outcome = notice ? (
    <p
      className={notice.tone === 'error' ? css.error : css.muted}
      role={notice.tone === 'error' ? 'alert' : 'status'}
    >
      {notice.message}
    </p>
  ) : null;

  if (loadError) {
    return (
      <div className={css.column}>
        <p className={css.error} role="alert">
          {loadError}
        </p>
        <div>
          <Button variant="secondary" onClick={onRetry}>
            {S.retry}
          </Button>
        </div>
      </div>
    );
  }
  if (!status) {
    return (
      <p className={css.muted} role="status">
        {S.loading}
      </p>
    );
  }
  if (!status.configured) return <p className={css.text}>{S.notSetUpText}</p>;
  if (!status.connected) {
    return (
      <div className={css.column}>
        <p className={css.text}>{S.backupIntro}</p>
        {outcome}
        <div>
          <Button onClick={onConnect}>{S.connect}</Button>
        </div>
      </div>
    );
  }
  return (
    <div className={css.column}>
      <p className={css.text}>{S.backupIntro}</p>
      <p className={css.text}>{S.counts(status.backed_up_files, status.pending_files)}</p>
      {status.last_backup_at ? (
        <p className={css.muted}>{S.lastBackup(when(status.last_backup_at))}</p>
      ) : null}
      {outcome}
      <div className={css.row}>
        <Button
          onClick={onBackup}
          disabled={busy !== null}
          busy={busy === 'backup'}
          busyLabel={S.backingUp}
        >
          {S.backUp}
        </Button>
        <Button
          variant="secondary"
          onClick={onDisconnect}
          disabled={busy !== null}
          busy={busy === 'disconnect'}
          busyLabel={S.disconnecting}
        >
          {S.disconnect}
        </Button>
      </div>
    </div>
  );
}
