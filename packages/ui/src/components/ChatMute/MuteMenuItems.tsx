import type { ChatMuteDuration } from '@parley/chat-sdk';
import { useEffect, useRef } from 'react';
import { UI_STRINGS } from '../../strings';
import * as css from './ChatMute.css';

const S = UI_STRINGS.mute;

/**
 * WhatsApp's choices, in its order. Their words are read when the menu renders, in the interface
 * language of that moment (not the one at import).
 */
const choices = (): readonly { duration: ChatMuteDuration; label: string }[] => [
  { duration: '8h', label: S.eightHours },
  { duration: '1w', label: S.oneWeek },
  { duration: 'always', label: S.always },
];

export interface MuteMenuItemsProps {
  /** The chat is muted now: the item unmutes. */
  muted: boolean;
  /** The duration choices are showing (after 'Mute notifications'). */
  choosing: boolean;
  onChoosingChange: (choosing: boolean) => void;
  /** A duration was chosen, or 'off' (unmute). */
  onChoose: (duration: ChatMuteDuration) => void;
  /** The menu's item class, so these look like its other items. */
  itemClassName: string;
}

/**
 * The conversation menu's mute items (issue 25): 'Unmute notifications' on a muted chat; else
 * 'Mute notifications', which turns the menu into the durations (8 hours, 1 week, Always) with
 * focus on the first.
 */
export function MuteMenuItems({
  muted,
  choosing,
  onChoosingChange,
  onChoose,
  itemClassName,
}: MuteMenuItemsProps) {
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (choosing) first.current?.focus();
  }, [choosing]);

  if (muted) {
    return (
      <li>
        <button type="button" className={itemClassName} onClick={() => onChoose('off')}>
          {S.unmute}
        </button>
      </li>
    );
  }
  if (!choosing) {
    return (
      <li>
        <button type="button" className={itemClassName} onClick={() => onChoosingChange(true)}>
          {S.mute}
        </button>
      </li>
    );
  }
  return (
    <>
      <li>
        <p className={css.heading}>{S.muteFor}</p>
      </li>
      {choices().map(({ duration, label }, index) => (
        <li key={duration}>
          <button
            ref={index === 0 ? first : undefined}
            type="button"
            className={itemClassName}
            onClick={() => onChoose(duration)}
          >
            {label}
          </button>
        </li>
      ))}
      <li>
        <button type="button" className={itemClassName} onClick={() => onChoosingChange(false)}>
          {S.back}
        </button>
      </li>
    </>
  );
}
