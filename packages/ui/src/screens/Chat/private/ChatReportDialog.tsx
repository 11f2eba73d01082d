import type { ChatListEntry } from '@parley/chat-sdk';
import { ReportDialog } from '../../../components/ReportDialog/ReportDialog';
import { useToast } from '../../../components/Toast/ToastProvider';
import { useParleyClient } from '../../../context/ParleyProvider';
import { UI_STRINGS } from '../../../strings';
import type { ReportDialogState } from './useReportDialog';

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
  if (!user) return null;
  return (
    <ReportDialog
      open={report.isOpen}
      name={user.username}
      onClose={report.close}
      onSubmit={async (reason) => {
        await client.api.connections.report({ userId: user.id, reason });
        toast.show({ message: UI_STRINGS.report.sent, tone: 'success' });
      }}
    />
  );
}
