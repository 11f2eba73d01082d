import type { PlanName } from '@parley/chat-sdk';
import { Link } from '../../context/Link';
import { ROUTES, UI_STRINGS } from '../../strings';
import { Button } from '../Button/Button';
import { Modal } from '../Modal/Modal';
import { linkClickHandler } from '../private/linkClicks';
import { useStableId } from '../private/useStableId';
import * as css from './UpgradeModal.css';

const P = UI_STRINGS.plans;

/** The plans of spec §9 in the order shown; Free is listed for comparison, not offered. */
export const UPGRADE_PLANS = [
  'free',
  'personal',
  'organization',
  'lifetime',
] as const satisfies readonly PlanName[];

export interface UpgradeModalProps {
  open: boolean;
  onClose: () => void;
  /** A plan link was chosen, before it is followed (ChatScreen stores previousChatUrl). */
  onChoose?: (plan: PlanName) => void;
  /** Called with '/subscribe/:plan' instead of following the link (app routers). */
  onNavigate?: (path: string) => void;
}

/**
 * 'Upgrade for Full Access' (spec §2 chat screen, §7 subscription_required, §8 voice_limit_reached):
 * the plans with their prices, each paid plan linking to its checkout at /subscribe/:plan.
 */
export function UpgradeModal({ open, onClose, onChoose, onNavigate }: UpgradeModalProps) {
  const headingPrefix = useStableId();
  const onClick = linkClickHandler((href) => {
    const plan = UPGRADE_PLANS.find((p) => ROUTES.subscribe(p) === href);
    if (plan) onChoose?.(plan);
  }, onNavigate);
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={P.upgradeTitle}
      description={P.upgradeText}
      actions={
        <Button variant="secondary" onClick={onClose}>
          {P.notNow}
        </Button>
      }
    >
      <ul className={css.plans} onClickCapture={onClick}>
        {UPGRADE_PLANS.map((plan) => {
          const offer = P[plan];
          const headingId = `${headingPrefix}-${plan}`;
          return (
            <li key={plan} className={css.plan} aria-labelledby={headingId}>
              <h3 id={headingId} className={css.name}>
                {offer.name}
              </h3>
              <span className={css.price}>{offer.price}</span>
              <p className={css.detail}>{offer.detail}</p>
              {plan === 'free' ? null : (
                <Link href={ROUTES.subscribe(plan)} className={css.choose}>
                  {P.choose(offer.name)}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </Modal>
  );
}
