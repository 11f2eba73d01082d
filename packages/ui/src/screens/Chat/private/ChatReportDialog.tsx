import type { ChatListEntry } from '@parley/chat-sdk';
import { lazy, Suspense, useRef } from 'react';
import { useToast } from '../../../components/Toast/ToastProvider';
import { useParleyClient } from '../../../context/ParleyProvider';
import { UI_STRINGS } from '../../../strings';
import type { ReportDialogState } from './useReportDialog';

// Issue 24: the dialog's code loads the first time it opens (not with the chat), and it stays
// mounted from then on so that closing it behaves as before.
const ReportDialog = lazy(() =>
  import('../../../components/ReportDialog/ReportDialog').then((module) => ({
    default: module.ReportDialog,
  })),
);

/**
 * Report the open private chat's user: sends the reason and confirms with a toast. Renders nothing
 * without a user (no chat open, or a group).
 */
export function ChatReportDialog({
  user,
  report,
}: {
  user: ChatListEntry['user'] | null;
  report: ReportDialogState;
}) {
  const client = useParleyClient();
  const toast = useToast();
  const opened = useRef(false);
  if (report.isOpen) opened.current = true;
  if (!user || !opened.current) return null;
  return (
    <Suspense fallback={null}>
      <ReportDialog
        open={report.isOpen}
        name={user.username}
        onClose={report.close}
        onSubmit={async (reason) => {
          await client.api.connections.report({ userId: user.id, reason });
          toast.show({ message: UI_STRINGS.report.sent, tone: 'success' });
        }}
      />
    </Suspense>
  );
}
