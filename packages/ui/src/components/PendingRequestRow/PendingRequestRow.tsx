import type { ConnectionListItem } from '@parley/chat-sdk';
import { UI_STRINGS } from '../../strings';
import { Avatar } from '../Avatar/Avatar';
import { Button } from '../Button/Button';
import * as css from './PendingRequestRow.css';

const S = UI_STRINGS.notificationsScreen;

export interface PendingRequestRowProps {
  user: Readonly<ConnectionListItem>;
  onApprove: () => void;
  onReject: () => void;
  /** Approve / reject in flight: both buttons wait. */
  busy?: boolean;
}

function fullName(user: Readonly<ConnectionListItem>): string {
  return [user.first_name, user.last_name].filter(Boolean).join(' ');
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
  const name = fullName(user);
  return (
    <div className={css.row}>
      <Avatar name={user.username} colorKey={user.id} src={user.profile_image} />
      <div className={css.text}>
        <span className={css.username} dir="auto">
          {user.username}
        </span>
        {name ? (
          <span className={css.detail} dir="auto">
            {name}
          </span>
        ) : null}
        <span className={css.detail}>{UI_STRINGS.social.followers(user.followers_count)}</span>
      </div>
      <div className={css.actions}>
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
      </div>
    </div>
  );
}
