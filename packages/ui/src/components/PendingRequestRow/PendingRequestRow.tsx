import type { ConnectionListItem } from '@parley/chat-sdk';
import { UI_STRINGS } from '../../strings';
import { Button } from '../Button/Button';
import { LanguageChips } from '../LanguageChips/LanguageChips';
import { PersonRow } from '../private/PersonRow';
import * as css from '../private/PersonRow.css';

const S = UI_STRINGS.notificationsScreen;

export interface PendingRequestRowProps {
  user: Readonly<ConnectionListItem>;
  onApprove: () => void;
  onReject: () => void;
  /** Approve / reject in flight: both buttons wait. */
  busy?: boolean;
}

/**
 * One pending connection request (spec §2, Notifications): avatar or initial on one of 5 colours,
 * username, first and last name, followers count, approve and reject.
 */
export function PendingRequestRow({
  user,
  onApprove,
  onReject,
  busy = false,
}: PendingRequestRowProps) {
  return (
    <PersonRow
      person={user}
      details={
        <>
          <span className={css.detail}>{UI_STRINGS.social.followers(user.followers_count)}</span>
          <LanguageChips codes={user.languages} />
        </>
      }
    >
      <Button
        size="sm"
        onClick={onApprove}
        disabled={busy}
        aria-label={S.approveLabel(user.username)}
      >
        {S.approve}
      </Button>
      <Button
        size="sm"
        variant="secondary"
        onClick={onReject}
        disabled={busy}
        aria-label={S.rejectLabel(user.username)}
      >
        {S.reject}
      </Button>
    </PersonRow>
  );
}
