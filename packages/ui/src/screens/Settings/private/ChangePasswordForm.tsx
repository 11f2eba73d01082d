import { type FormEvent, useState } from 'react';
import { ACCOUNT_STRINGS } from '../../../accountStrings';
import { Button } from '../../../components/Button/Button';
import { TextField } from '../../../components/TextField/TextField';
import * as css from './ChangePasswordForm.css';

const S = ACCOUNT_STRINGS.accountControls;

export interface ChangePasswordFormProps {
  busy: boolean;
  /** The server's messages per field (a wrong current password, a refused new one). */
  fieldErrors: { current_password?: string; new_password?: string };
  /** A failure that names no field (offline, too many attempts). */
  error: string | null;
  /** Set after a change went through; the fields are then emptied. */
  done: boolean;
  onSubmit: (currentPassword: string, newPassword: string) => void;
}

/** Current, new and confirmation; the two new ones must match before anything is sent. */
export function ChangePasswordForm({
  busy,
  fieldErrors,
  error,
  done,
  onSubmit,
}: ChangePasswordFormProps) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [local, setLocal] = useState<{ current?: string; next?: string; confirm?: string }>({});
  const [shownDone, setShownDone] = useState(false);

  // A finished change empties the form once, so the passwords do not linger on screen.
  if (done && !shownDone) {
    setShownDone(true);
    setCurrent('');
    setNext('');
    setConfirm('');
  } else if (!done && shownDone) {
    setShownDone(false);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const problems: typeof local = {};
    if (current === '') problems.current = S.passwordRequired;
    if (next.trim() === '') problems.next = S.passwordRequired;
    if (confirm !== next) problems.confirm = S.passwordsDiffer;
    setLocal(problems);
    if (Object.keys(problems).length > 0) return;
    onSubmit(current, next);
  }

  return (
    <form className={css.form} onSubmit={submit} noValidate aria-labelledby="change-password-title">
      <h3 id="change-password-title" className={css.heading}>
        {S.changePassword}
      </h3>
      <TextField
        label={S.currentPassword}
        type="password"
        autoComplete="current-password"
        value={current}
        onChange={setCurrent}
        error={local.current ?? fieldErrors.current_password}
        required
      />
      <TextField
        label={S.newPassword}
        type="password"
        autoComplete="new-password"
        value={next}
        onChange={setNext}
        error={local.next ?? fieldErrors.new_password}
        required
      />
      <TextField
        label={S.confirmPassword}
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={setConfirm}
        error={local.confirm}
        required
      />
      <div className={css.actions}>
        <Button type="submit" busy={busy} busyLabel={S.changingPassword}>
          {S.changePasswordSubmit}
        </Button>
      </div>
      {error ? (
        <p className={css.error} role="alert">
          {error}
        </p>
      ) : null}
      {done ? (
        <p className={css.success} role="status">
          {S.passwordChanged}
        </p>
      ) : null}
    </form>
  );
}
