import type { ChatMuteDuration } from '@parley/chat-sdk';
import { type KeyboardEvent, useRef, useState } from 'react';
import { Link } from '../../context/Link';
import { UI_STRINGS } from '../../strings';
import { MuteMenuItems } from '../ChatMute/MuteMenuItems';
import { useStableId } from '../private/useStableId';
import * as css from './ConversationMenu.css';

const S = UI_STRINGS.profile;

export interface ConversationMenuProps {
  /** The other person's profile (private chats). */
  profileHref?: string;
  onBlock?: () => void;
  onReport?: () => void;
  /**
   * Issue 25: 'Mute notifications' (with durations) or 'Unmute notifications', private chats and
   * groups; absent when the backend cannot mute (a spec-only one).
   */
  mute?: { muted: boolean; onChange: (duration: ChatMuteDuration) => void };
}

/**
 * The conversation header's More actions: view profile, block, report (private chats), mute
 * (private chats and groups, issue 25). A disclosure
 * button; Escape closes it and returns focus to the button.
 */
export function ConversationMenu({ profileHref, onBlock, onReport, mute }: ConversationMenuProps) {
  const [open, setOpen] = useState(false);
  const [choosingMute, setChoosingMute] = useState(false);
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
    setChoosingMute(false);
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
        onClick={() => {
          setOpen((v) => !v);
          setChoosingMute(false);
        }}
        onKeyDown={onKeyDown}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {open ? (
        <ul id={id} className={css.menu} onKeyDown={onKeyDown}>
          {mute ? (
            <MuteMenuItems
              muted={mute.muted}
              choosing={choosingMute}
              onChoosingChange={setChoosingMute}
              onChoose={(duration) => choose(() => mute.onChange(duration))()}
              itemClassName={css.item}
            />
          ) : null}
          {profileHref && !choosingMute ? (
            <li>
              <Link href={profileHref} className={css.item}>
                {UI_STRINGS.chat.viewProfile}
              </Link>
            </li>
          ) : null}
          {onBlock && !choosingMute ? (
            <li>
              <button type="button" className={css.item} onClick={choose(onBlock)}>
                {S.block}
              </button>
            </li>
          ) : null}
          {onReport && !choosingMute ? (
            <li>
              <button type="button" className={css.item} onClick={choose(onReport)}>
                {S.report}
              </button>
            </li>
          ) : null}
        </ul>
      ) : null}
    </div>
  );
}
