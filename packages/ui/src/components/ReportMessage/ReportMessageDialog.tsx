import { ApiError } from '@parley/chat-sdk';
import { MESSAGE_ACTION_STRINGS } from '../../messageActionStrings';
import { UI_STRINGS } from '../../strings';
import { ReportDialog } from '../ReportDialog/ReportDialog';

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
  return (
    <ReportDialog
      open={open}
      name={name}
      title={A.reportMessageTitle(name)}
      onClose={onClose}
      onSubmit={onSubmit}
      failureText={reportRefusal}
      quote={{ text: excerpt, label: A.reportedMessage }}
      confirmation={{ title: A.reportSent, done: A.reportDone }}
    />
  );
}
