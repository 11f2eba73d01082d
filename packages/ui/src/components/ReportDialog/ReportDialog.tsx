import { useState } from 'react';
import { UI_STRINGS } from '../../strings';
import { Button } from '../Button/Button';
import { Modal } from '../Modal/Modal';
import { useStableId } from '../private/useStableId';
import * as css from './ReportDialog.css';

const R = UI_STRINGS.report;

export interface ReportDialogProps {
  open: boolean;
  /** Who is reported (the dialog's title). */
  name: string;
  onClose: () => void;
  /** Sends the report; resolves when stored, rejects on failure (the dialog says so). */
  onSubmit: (reason: string) => Promise<void>;
  /** The dialog's title when not 'Report <name>' (a post's report). */
  title?: string;
  /** The words for a failure (e.g. already reported); the generic failure otherwise. */
  failureText?: (error: unknown) => string | null;
  /** What is reported, quoted above the reason so the reporter sees it (a message's text). */
  quote?: { text: string; label: string };
  /**
   * Says 'sent' in the dialog before it closes (its title and button); without it the dialog
   * closes as soon as the report is stored.
   */
  confirmation?: { title: string; done: string };
}

/** Report someone or something: a required reason, sent for review. */
export function ReportDialog({
  open,
  name,
  onClose,
  onSubmit,
  title,
  failureText,
  quote,
  confirmation,
}: ReportDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const id = useStableId();

  async function submit() {
    if (reason.trim() === '') {
      setError(R.reasonRequired);
      return;
    }
    setBusy(true);
    try {
      await onSubmit(reason.trim());
      setReason('');
      if (confirmation) setSent(true);
      else onClose();
    } catch (failure) {
      setError(failureText?.(failure) ?? R.failed);
    } finally {
      setBusy(false);
    }
  }

  if (sent && confirmation) {
    return (
      <Modal
        open={open}
        onClose={onClose}
        title={confirmation.title}
        actions={<Button onClick={onClose}>{confirmation.done}</Button>}
      >
        <p className={css.sentText} role="status">
          {R.sent}
        </p>
      </Modal>
    );
  }

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title ?? R.title(name)}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {R.cancel}
          </Button>
          <Button variant="danger" busy={busy} onClick={() => void submit()}>
            {R.submit}
          </Button>
        </>
      }
    >
      {quote && quote.text !== '' ? (
        <blockquote className={css.quote} aria-label={quote.label}>
          {quote.text}
        </blockquote>
      ) : null}
      <label htmlFor={id} className={css.label}>
        {R.reasonLabel}
      </label>
      <textarea
        id={id}
        className={css.textarea}
        value={reason}
        maxLength={1000}
        onChange={(event) => {
          setReason(event.currentTarget.value);
          setError(null);
        }}
      />
      {error ? (
        <p className={css.error} role="alert">
          {error}
        </p>
      ) : null}
    </Modal>
  );
}
