import type { ModerationNotice } from '@parley/chat-sdk';
import { useParleyClient, useSdkState } from '../../context/ParleyProvider';
import { MODERATION_NOTICE_STRINGS } from '../../moderationNoticeStrings';
import { Button } from '../Button/Button';
import { Modal } from '../Modal/Modal';
import * as css from './ModerationNotices.css';

const N = MODERATION_NOTICE_STRINGS;

export interface ModerationNoticesProps {
  /** Notices not yet shown, oldest first (the sdk's `client.moderationNotices.state`). */
  notices: readonly Readonly<ModerationNotice>[];
  /** The person saw it: it is not shown again. */
  onAcknowledge: (id: number) => void;
}

/**
 * What moderators told the person (issue 29), one at a time, oldest first. A warning is a dialog
 * they must acknowledge (it must be seen); 'we acted on your report' is a gentle card at the
 * bottom that waits for 'Dismiss'. The words are the server's, already in the person's language.
 */
export function ModerationNotices({ notices, onAcknowledge }: ModerationNoticesProps) {
  const notice = notices[0];
  if (!notice) return null;
  if (notice.kind === 'warning') {
    return (
      <Modal
        key={notice.id}
        open
        onClose={() => onAcknowledge(notice.id)}
        title={N.warningTitle}
        hideCloseButton
        actions={<Button onClick={() => onAcknowledge(notice.id)}>{N.understood}</Button>}
      >
        <p className={css.warningText}>{notice.message}</p>
      </Modal>
    );
  }
  return (
    <section key={notice.id} className={css.banner} role="status" aria-label={N.reportTitle}>
      <div className={css.bannerBody}>
        <p className={css.bannerTitle}>{N.reportTitle}</p>
        <p className={css.bannerText}>{notice.message}</p>
      </div>
      <Button variant="ghost" size="sm" onClick={() => onAcknowledge(notice.id)}>
        {N.dismiss}
      </Button>
    </section>
  );
}

/** ModerationNotices bound to the signed-in client (mounted once around the signed-in pages). */
export function ConnectedModerationNotices() {
  const client = useParleyClient();
  const state = useSdkState(client.moderationNotices.state);
  return (
    <ModerationNotices
      notices={state.notices}
      onAcknowledge={(id) => client.moderationNotices.acknowledge(id)}
    />
  );
}
