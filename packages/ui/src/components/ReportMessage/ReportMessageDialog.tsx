import { ApiError } from '@parley/chat-sdk';
import { useState } from 'react';
import { MESSAGE_ACTION_STRINGS } from '../../messageActionStrings';
import { UI_STRINGS } from '../../strings';
import { Button } from '../Button/Button';
import { Modal } from '../Modal/Modal';
import { useStableId } from '../private/useStableId';
import * as reportCss from '../ReportDialog/ReportDialog.css';
import * as css from './ReportMessageDialog.css';

const R = UI_STRINGS.report;
const A = MESSAGE_ACTION_STRINGS;

export interface ReportMessageDialogProps {
  open: boolean;
  /** The sender's name (the dialog's title). */
  name: string;
  /** What the reporter sees of the message, quoted so they know what they report. */
  excerpt: string;
  onClose: () => void;
  /** Sends the report; resolves when stored, rejects with the sdk's error on failure. */
  onSubmit: (reason: string) => Promise<void>;
}

/**
 * The server's own words for a refusal the reporter should read: 409 (already reported, under
 * review) and 429 (the day's limit). Anything else is the generic 'could not send'.
 */
export function reportRefusal(error: unknown): string {
  if (error instanceof ApiError && (error.status === 409 || error.status === 429) && error.detail) {
    return error.detail;
  }
  return R.failed;
}

/**
 * Report a message (issue 29): the profile report's free-text reason, the message quoted above
 * it, then 'Report sent' in the same dialog (the person sees it went through before it closes).
 */
export function ReportMessageDialog({
  open,
  name,
  excerpt,
  onClose,
  onSubmit,
}: ReportMessageDialogProps) {
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
      setSent(true);
    } catch (failure) {
      setError(reportRefusal(failure));
    } finally {
      setBusy(false);
    }
  }

  if (sent) {
    return (
      <Modal
        open={open}
        onClose={onClose}
        title={A.reportSent}
        actions={<Button onClick={onClose}>{A.reportDone}</Button>}
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
      title={A.reportMessageTitle(name)}
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
      {excerpt !== '' ? (
        <blockquote className={css.excerpt} aria-label={A.reportedMessage}>
          {excerpt}
        </blockquote>
      ) : null}
      <label htmlFor={id} className={reportCss.label}>
        {R.reasonLabel}
      </label>
      <textarea
        id={id}
        className={reportCss.textarea}
        value={reason}
        maxLength={1000}
        onChange={(event) => {
          setReason(event.currentTarget.value);
          setError(null);
        }}
      />
      {error ? (
        <p className={reportCss.error} role="alert">
          {error}
        </p>
      ) : null}
    </Modal>
  );
}
