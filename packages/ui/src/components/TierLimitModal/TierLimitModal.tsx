import type { TierLimitAction } from '@parley/chat-sdk';
import { Link } from '../../context/Link';
import { UI_STRINGS } from '../../strings';
import { Button } from '../Button/Button';
import { Modal } from '../Modal/Modal';
import { linkClickHandler } from '../private/linkClicks';
import * as css from './TierLimitModal.css';

export interface TierLimitModalProps {
  open: boolean;
  /** From the server's tier_limit_warning frame, shown as given. */
  title: string;
  message: string;
  actions: readonly Readonly<TierLimitAction>[];
  onClose: () => void;
  /**
   * An action link was chosen, before it is followed: ChatScreen stores the current path as
   * previousChatUrl here.
   */
  onAction?: (action: Readonly<TierLimitAction>) => void;
  /** Called with an action's app path instead of following the link (app routers). */
  onNavigate?: (path: string) => void;
}

/**
 * The free plan's limit was reached (spec §7 tier_limit_warning): the server's title and message
 * with its action links. It offers no actions of its own besides closing.
 */
export function TierLimitModal({
  open,
  title,
  message,
  actions,
  onClose,
  onAction,
  onNavigate,
}: TierLimitModalProps) {
  const onClick = linkClickHandler((href) => {
    const action = actions.find((a) => a.url === href);
    if (action) onAction?.(action);
  }, onNavigate);
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      description={message}
      actions={
        <Button variant="secondary" onClick={onClose}>
          {UI_STRINGS.plans.tierLimitClose}
        </Button>
      }
      hideCloseButton
    >
      {actions.length > 0 ? (
        <ul className={css.actions} onClickCapture={onClick}>
          {actions.map((action) => (
            <li key={`${action.label}|${action.url}`}>
              <Link href={action.url} className={css.link}>
                {action.label}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </Modal>
  );
}
