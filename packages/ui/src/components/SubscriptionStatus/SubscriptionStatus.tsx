import type { CurrentUser, PlanName } from '@parley/chat-sdk';
import { ACCOUNT_STRINGS } from '../../accountStrings';
import { Link } from '../../context/Link';
import { ROUTES } from '../../strings';
import { PlanCards } from '../PlanCards/PlanCards';
import * as css from './SubscriptionStatus.css';

const S = ACCOUNT_STRINGS.subscription;

export type SubscriptionFlags = Pick<
  CurrentUser,
  'subscription_active' | 'is_org_admin' | 'org_invite_token' | 'is_lifetime'
>;

export type SubscriptionDisplay = 'plans' | 'organization' | 'lifetime' | 'premium';

/**
 * Spec §4 "Subscription display", in order: not subscribed → the plans; subscribed and
 * (organisation admin or holding an invite token) → organisation; lifetime → lifetime;
 * otherwise the plain premium message.
 */
export function subscriptionDisplay(user: SubscriptionFlags): SubscriptionDisplay {
  if (!user.subscription_active) return 'plans';
  if (user.is_org_admin || user.org_invite_token) return 'organization';
  if (user.is_lifetime) return 'lifetime';
  return 'premium';
}

export interface SubscriptionStatusProps {
  user: SubscriptionFlags;
  /** A paid plan was chosen from the cards. */
  onChoose: (plan: Exclude<PlanName, 'free'>, seats: number) => void;
  busyPlan?: PlanName | null;
  /** The server takes no payments: the cards say so instead of offering a checkout. */
  paymentsUnavailable?: boolean;
}

/** The subscription block of settings and the dashboard. */
export function SubscriptionStatus({
  user,
  onChoose,
  busyPlan,
  paymentsUnavailable = false,
}: SubscriptionStatusProps) {
  const display = subscriptionDisplay(user);
  if (display === 'plans') {
    return (
      <PlanCards
        onChoose={onChoose}
        busyPlan={busyPlan}
        currentPlan="free"
        hideHeading
        unavailable={paymentsUnavailable}
      />
    );
  }
  const message =
    display === 'organization'
      ? S.orgPremium
      : display === 'lifetime'
        ? S.lifetimePremium
        : S.premium;
  return (
    <div className={css.premium} data-subscription={display}>
      <p className={css.message}>{message}</p>
      <Link href={ROUTES.billing} className={css.manage}>
        {S.manage}
      </Link>
    </div>
  );
}
