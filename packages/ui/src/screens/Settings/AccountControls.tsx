import { AccountControlError, ApiError } from '@parley/chat-sdk';
import { useState } from 'react';
import { ACCOUNT_STRINGS } from '../../accountStrings';
import { Button } from '../../components/Button/Button';
import { useParleyClient } from '../../context/ParleyProvider';
import * as css from './AccountControls.css';
import { ChangePasswordForm } from './private/ChangePasswordForm';
import { DeleteAccountDialog } from './private/DeleteAccountDialog';

const S = ACCOUNT_STRINGS.accountControls;

export interface ChangePasswordState {
  busy: boolean;
  fieldErrors: { current_password?: string; new_password?: string };
  error: string | null;
  done: boolean;
}

export interface DownloadState {
  busy: boolean;
  error: string | null;
  done: boolean;
}

export interface DeleteAccountState {
  open: boolean;
  busy: boolean;
  passwordError: string | null;
  error: string | null;
}

export interface AccountControlsViewProps {
  changePassword: ChangePasswordState;
  download: DownloadState;
  deletion: DeleteAccountState;
  onChangePassword: (currentPassword: string, newPassword: string) => void;
  onDownload: () => void;
  onOpenDelete: () => void;
  onCloseDelete: () => void;
  onDelete: (password: string) => void;
}

export const IDLE_CHANGE_PASSWORD: ChangePasswordState = {
  busy: false,
  fieldErrors: {},
  error: null,
  done: false,
};
export const IDLE_DOWNLOAD: DownloadState = { busy: false, error: null, done: false };
export const IDLE_DELETION: DeleteAccountState = {
  open: false,
  busy: false,
  passwordError: null,
  error: null,
};

/** Settings' Account area as a pure view: change password, download my data, delete account. */
export function AccountControlsView({
  changePassword,
  download,
  deletion,
  onChangePassword,
  onDownload,
  onOpenDelete,
  onCloseDelete,
  onDelete,
}: AccountControlsViewProps) {
  return (
    <div className={css.area}>
      <ChangePasswordForm {...changePassword} onSubmit={onChangePassword} />

      <section className={css.part} aria-labelledby="account-download-title">
        <h3 id="account-download-title" className={css.heading}>
          {S.download}
        </h3>
        <p className={css.hint}>{S.downloadHint}</p>
        <div className={css.row}>
          <Button
            variant="secondary"
            busy={download.busy}
            busyLabel={S.downloading}
            onClick={onDownload}
          >
            {S.downloadSubmit}
          </Button>
        </div>
        {download.error ? (
          <p className={css.error} role="alert">
            {download.error}
          </p>
        ) : null}
        {download.done ? (
          <p className={css.status} role="status">
            {S.downloaded}
          </p>
        ) : null}
      </section>

      <section className={css.danger} aria-labelledby="account-delete-title">
        <h3 id="account-delete-title" className={css.heading}>
          {S.deleteTitle}
        </h3>
        <p className={css.hint}>{S.deleteHint}</p>
        <div className={css.row}>
          <Button variant="danger" onClick={onOpenDelete}>
            {S.deleteOpen}
          </Button>
        </div>
      </section>

      <DeleteAccountDialog
        open={deletion.open}
        busy={deletion.busy}
        passwordError={deletion.passwordError}
        error={deletion.error}
        onConfirm={onDelete}
        onClose={onCloseDelete}
      />
    </div>
  );
}

export interface AccountControlsProps {
  /** After the account was deleted and the session cleared (the app goes to sign-in). */
  onDeleted: () => void;
  /** Hands the export to the person; default: a download through a temporary link. */
  saveFile?: (fileName: string, file: Blob) => void;
}

/** A message for a failure that names no field: the server's detail, or the ui's sentence. */
function messageOf(error: unknown, fallback: string): string {
  if (error instanceof AccountControlError) {
    if (Object.keys(error.fields).length > 0) return '';
    // No answer or a server fault: the ui's own sentence rather than anything technical.
    return error.status === 0 || error.status >= 500 ? fallback : error.message;
  }
  if (error instanceof ApiError && error.status < 500 && error.detail) return error.detail;
  return fallback;
}

/** The Account area connected to the sdk. */
export function AccountControls({ onDeleted, saveFile = downloadFile }: AccountControlsProps) {
  const client = useParleyClient();
  const [changePassword, setChangePassword] = useState(IDLE_CHANGE_PASSWORD);
  const [download, setDownload] = useState(IDLE_DOWNLOAD);
  const [deletion, setDeletion] = useState(IDLE_DELETION);

  return (
    <AccountControlsView
      changePassword={changePassword}
      download={download}
      deletion={deletion}
      onChangePassword={(current, next) => {
        setChangePassword({ ...IDLE_CHANGE_PASSWORD, busy: true });
        client.session
          .changePassword(current, next)
          .then(() => setChangePassword({ ...IDLE_CHANGE_PASSWORD, done: true }))
          .catch((error: unknown) => {
            const fields = error instanceof AccountControlError ? error.fields : {};
            setChangePassword({
              ...IDLE_CHANGE_PASSWORD,
              fieldErrors: {
                current_password: fields.current_password,
                new_password: fields.new_password,
              },
              error: messageOf(error, S.changeFailed) || null,
            });
          });
      }}
      onDownload={() => {
        setDownload({ ...IDLE_DOWNLOAD, busy: true });
        client.api.accounts
          .exportData()
          .then((data) => {
            const day = new Date().toISOString().slice(0, 10);
            saveFile(
              `parley-data-${day}.json`,
              new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }),
            );
            setDownload({ ...IDLE_DOWNLOAD, done: true });
          })
          .catch((error: unknown) =>
            setDownload({ ...IDLE_DOWNLOAD, error: messageOf(error, S.downloadFailed) }),
          );
      }}
      onOpenDelete={() => setDeletion({ ...IDLE_DELETION, open: true })}
      onCloseDelete={() => setDeletion(IDLE_DELETION)}
      onDelete={(password) => {
        setDeletion({ ...IDLE_DELETION, open: true, busy: true });
        client.session
          .deleteAccount(password)
          .then(() => {
            setDeletion(IDLE_DELETION);
            onDeleted();
          })
          .catch((error: unknown) => {
            const fields = error instanceof AccountControlError ? error.fields : {};
            setDeletion({
              ...IDLE_DELETION,
              open: true,
              passwordError: fields.password ?? null,
              error: messageOf(error, S.deleteFailed) || null,
            });
          });
      }}
    />
  );
}

/** Saves a file through a temporary object URL and a download link. */
function downloadFile(fileName: string, file: Blob): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file over; the URL is no longer needed after this turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
