import { QUICK_REACTIONS } from '@parley/chat-sdk';
import { type KeyboardEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { UI_STRINGS } from '../../strings';
import * as css from './Reactions.css';

const R = UI_STRINGS.reactions;

const FullEmojiPicker = lazy(() => import('./private/FullEmojiPicker'));

export interface ReactionPickerProps {
  /** A chosen emoji (the picker then closes). */
  onPick: (emoji: string) => void;
  onClose: () => void;
  /** Emoji the viewer already left on the message: their quick buttons show pressed. */
  mine?: readonly string[];
  /** Open with the full picker showing (stories). */
  defaultFull?: boolean;
}

/**
 * The quick row of six and, on 'More emoji', the full picker (a lazy chunk). Escape closes it.
 */
export function ReactionPicker({
  onPick,
  onClose,
  mine = [],
  defaultFull = false,
}: ReactionPickerProps) {
  const [full, setFull] = useState(defaultFull);
  const first = useRef<HTMLButtonElement>(null);
  // Opened from the React button or a long press: the first quick reaction takes focus.
  useEffect(() => first.current?.focus(), []);
  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    onClose();
  }
  return (
    <fieldset className={css.picker} aria-label={R.pickerLabel} onKeyDown={onKeyDown}>
      <div className={css.quickRow}>
        {QUICK_REACTIONS.map((emoji, index) => (
          <button
            key={emoji}
            ref={index === 0 ? first : undefined}
            type="button"
            className={mine.includes(emoji) ? `${css.quick} ${css.mine}` : css.quick}
            aria-pressed={mine.includes(emoji)}
            onClick={() => onPick(emoji)}
          >
            <span className={css.emoji}>{emoji}</span>
          </button>
        ))}
        {full ? null : (
          <button type="button" className={css.moreButton} onClick={() => setFull(true)}>
            {R.more}
          </button>
        )}
      </div>
      {full ? (
        <Suspense fallback={<p className={css.loading}>{R.loadingPicker}</p>}>
          <FullEmojiPicker onPick={onPick} />
        </Suspense>
      ) : null}
    </fieldset>
  );
}
