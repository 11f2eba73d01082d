import { type KeyboardEvent, useRef, useState } from 'react';
import { Link } from '../../context/Link';
import { UI_STRINGS } from '../../strings';
import { useStableId } from '../private/useStableId';
import * as css from './ConversationMenu.css';

const S = UI_STRINGS.profile;

export interface ConversationMenuProps {
  /** The other person's profile. */
  profileHref: string;
  onBlock: () => void;
  onReport: () => void;
}

/**
 * The conversation header's More actions (private chats): view profile, block, report. A disclosure
 * button; Escape closes it and returns focus to the button.
 */
export function ConversationMenu({ profileHref, onBlock, onReport }: ConversationMenuProps) {
  const [open, setOpen] = useState(false);
  const id = useStableId();
  const buttonRef = useRef<HTMLButtonElement>(null);

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
      buttonRef.current?.focus();
    }
  }

  const choose = (action: () => void) => () => {
    setOpen(false);
    action();
  };

  return (
    <div className={css.wrapper}>
      <button
        ref={buttonRef}
        type="button"
        className={css.trigger}
        aria-expanded={open}
        aria-controls={id}
        aria-label={S.more}
        onClick={() => setOpen((v) => !v)}
        onKeyDown={onKeyDown}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {open ? (
        <ul id={id} className={css.menu} onKeyDown={onKeyDown}>
          <li>
            <Link href={profileHref} className={css.item}>
              {UI_STRINGS.chat.viewProfile}
            </Link>
          </li>
          <li>
            <button type="button" className={css.item} onClick={choose(onBlock)}>
              {S.block}
            </button>
          </li>
          <li>
            <button type="button" className={css.item} onClick={choose(onReport)}>
              {S.report}
            </button>
          </li>
        </ul>
      ) : null}
    </div>
  );
}
