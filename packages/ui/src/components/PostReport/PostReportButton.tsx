import { ApiError, type Post } from '@parley/chat-sdk';
import { useState } from 'react';
import { useParleyClient } from '../../context/ParleyProvider';
import { UI_STRINGS } from '../../strings';
import { Button } from '../Button/Button';
import { ReportDialog } from '../ReportDialog/ReportDialog';
import { useToast } from '../Toast/ToastProvider';

const R = UI_STRINGS.report;

/** 409: this person already has an open report of the post; 429: the daily limit (its words). */
function failureText(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 409) return R.alreadyReported;
  if (error.status === 429 && error.detail) return error.detail;
  return null;
}

/**
 * Issue 29: 'Report post' on someone else's post, with the profile's report dialog. The report
 * names the post (`post_id`, a Parley extension); a spec-only backend ignores it and files a
 * report of the person.
 */
export function PostReportButton({ post }: { post: Readonly<Post> }) {
  const client = useParleyClient();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const author = post.author;
  if (!author) return null;
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)}>
        {R.postAction}
      </Button>
      <ReportDialog
        open={open}
        name={author.username}
        title={R.postTitle(author.username)}
        onClose={() => setOpen(false)}
        failureText={failureText}
        onSubmit={async (reason) => {
          await client.api.connections.report({ userId: author.id, reason, postId: post.id });
          toast.show({ message: R.sent, tone: 'success' });
        }}
      />
    </>
  );
}
