import { type ReactNode, useState } from 'react';
import { UI_STRINGS } from '../../../strings';
import { visuallyHidden } from '../../../theme/baseTheme.css';
import { useStableId } from '../../private/useStableId';
import * as css from './ViewOriginal.css';

const T = UI_STRINGS.translation;

export interface ViewOriginalProps {
  /** The text as written (or as spoken, for a voice note's transcript). */
  original: ReactNode;
  /** Its ISO code, so screen readers and fonts treat it as that language. */
  language?: string | null;
  /** Read out before the original, e.g. 'Original' or 'Original transcript'. */
  label: string;
  /** Shown before the button, e.g. 'Translated from Spanish'. */
  note?: ReactNode;
}

/**
 * 'View original' under a translated text: a disclosure that shows what was written, and then
 * reads 'Hide original' (as WhatsApp's and Messenger's translation toggles do).
 */
export function ViewOriginal({ original, language, label, note }: ViewOriginalProps) {
  const originalId = useStableId();
  const [showOriginal, setShowOriginal] = useState(false);
  return (
    <div className={css.translation}>
      {note ? <span className={css.translationNote}>{note}</span> : null}
      <button
        type="button"
        className={css.toggle}
        aria-expanded={showOriginal}
        aria-controls={originalId}
        onClick={() => setShowOriginal((on) => !on)}
      >
        {showOriginal ? T.hideOriginal : T.viewOriginal}
      </button>
      <p
        id={originalId}
        className={css.original}
        dir="auto"
        lang={language ?? undefined}
        hidden={!showOriginal}
      >
        <span className={visuallyHidden}>{label}: </span>
        {original}
      </p>
    </div>
  );
}
