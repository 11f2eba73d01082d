import { ApiError, type DriveStatus } from '@parley/chat-sdk';
import { useCallback, useEffect, useState } from 'react';
import { ACCOUNT_STRINGS } from '../../accountStrings';
import { useParleyClient } from '../../context/ParleyProvider';
import { ROUTES } from '../../strings';
import { navigate } from '../private/navigation';
import { DriveBackupView, type DriveBackupViewProps } from './DriveBackupView';

const S = ACCOUNT_STRINGS.drive;

/** The server's own sentence (withdrawn access, a backup already running, Drive unreachable). */
function reasonOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.detail && error.status < 500 ? error.detail : fallback;
}

export interface DriveBackupProps {
  /** App routers navigate here (Connect goes to /google-drive/login); default: the browser. */
  onNavigate?: (path: string) => void;
}

/**
 * Google Drive backup connected to the sdk: loads the status when mounted; Back up copies the
 * files not in Drive yet and says how it went; Disconnect revokes the server's access.
 */
export function DriveBackup({ onNavigate }: DriveBackupProps) {
  const client = useParleyClient();
  const [status, setStatus] = useState<DriveStatus | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [busy, setBusy] = useState<DriveBackupViewProps['busy']>(null);
  const [notice, setNotice] = useState<DriveBackupViewProps['notice']>(null);

  const load = useCallback(async () => {
    setLoadError(null);
    try {
      setStatus(await client.api.drive.status());
    } catch (cause) {
      console.warn('[parley] could not load the Drive backup status', cause);
      setLoadError(S.loadFailed);
    }
  }, [client]);
  useEffect(() => {
    void load();
  }, [load]);

  async function backup() {
    setBusy('backup');
    setNotice(null);
    try {
      const result = await client.api.drive.backup();
      setStatus(result);
      const done = S.backedUp(result.uploaded);
      setNotice(
        result.failed > 0
          ? { tone: 'error', message: `${done} ${S.someFailed(result.failed)}` }
          : { tone: 'info', message: done },
      );
    } catch (cause) {
      console.warn('[parley] Drive backup failed', cause);
      setNotice({ tone: 'error', message: reasonOf(cause, S.backupFailed) });
      // Withdrawn access shows as not connected (with Connect) from now on.
      if (cause instanceof ApiError && cause.status === 409) void load();
    } finally {
      setBusy(null);
    }
  }

  async function disconnect() {
    setBusy('disconnect');
    setNotice(null);
    try {
      await client.api.drive.disconnect();
      setNotice({ tone: 'info', message: S.disconnected });
      await load();
    } catch (cause) {
      console.warn('[parley] could not disconnect Google Drive', cause);
      setNotice({ tone: 'error', message: S.disconnectFailed });
    } finally {
      setBusy(null);
    }
  }

  return (
    <DriveBackupView
      status={status}
      loadError={loadError}
      busy={busy}
      notice={notice}
      onRetry={() => void load()}
      onConnect={() => navigate(ROUTES.googleDriveLogin, onNavigate)}
      onBackup={() => void backup()}
      onDisconnect={() => void disconnect()}
    />
  );
}
