import { type FormEvent, useState } from 'react';
import { ACCOUNT_STRINGS } from '../../../accountStrings';
import { Button } from '../../../components/Button/Button';
import { Modal } from '../../../components/Modal/Modal';
import { TextField } from '../../../components/TextField/TextField';
import * as css from './DeleteAccountDialog.css';

const S = ACCOUNT_STRINGS.accountControls;

export interface DeleteAccountDialogProps {
  open: boolean;
  busy: boolean;
  /** The server's message for the password field (a wrong password). */
  passwordError: string | null;
  /** A failure that names no field (a subscription still renewing, offline). */
  error: string | null;
  onConfirm: (password: string) => void;
  onClose: () => void;
}

/** Asks for the password before the account is deleted; Escape or Cancel keeps everything. */
export function DeleteAccountDialog({
  open,
  busy,
  passwordError,
  error,
  onConfirm,
  onClose,
}: DeleteAccountDialogProps) {
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (password === '') {
      setMissing(true);
      return;
    }
    setMissing(false);
    onConfirm(password);
  }

  function close() {
    if (busy) return;
    setPassword('');
    setMissing(false);
    onClose();
  }

  return (
    // Cancel is the way out, so the password field is the first thing focused.
    <Modal
      open={open}
      onClose={close}
      title={S.deleteDialogTitle}
      description={S.deleteDialogText}
      hideCloseButton
    >
      <form className={css.form} onSubmit={submit} noValidate>
        <TextField
          label={S.deletePassword}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          error={missing ? S.passwordRequired : passwordError}
          required
        />
        {error ? (
          <p className={css.error} role="alert">
            {error}
          </p>
        ) : null}
        <div className={css.actions}>
          <Button variant="secondary" onClick={close}>
            {S.cancel}
          </Button>
          <Button type="submit" variant="danger" busy={busy} busyLabel={S.deleting}>
            {S.deleteConfirm}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
