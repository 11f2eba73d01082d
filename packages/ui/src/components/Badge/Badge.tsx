import { formatBadgeCount } from '@parley/chat-sdk';
import { UI_STRINGS } from '../../strings';
import { visuallyHidden } from '../../theme/baseTheme.css';
import { badge, mutedBadge } from './Badge.css';

export interface BadgeProps {
  count: number;
  /** What is counted, read after the number by screen readers, e.g. 'pending requests'. */
  label?: string;
  /** Show the badge when the count is 0 (hidden by default). */
  showZero?: boolean;
  /** Drawn grey: the count of something the person muted (issue 25). */
  muted?: boolean;
}

/** A count capped at 99+ (spec §9). It is not interactive; put it inside the link or button it annotates. */
export function Badge({
  count,
  label = UI_STRINGS.badge.defaultLabel,
  showZero = false,
  muted = false,
}: BadgeProps) {
  if (count <= 0 && !showZero) return null;
  const text = formatBadgeCount(Math.max(0, count));
  return (
    <span className={muted ? `${badge} ${mutedBadge}` : badge}>
      <span aria-hidden="true">{text}</span>
      <span className={visuallyHidden}>{`${text} ${label}`}</span>
    </span>
  );
}
