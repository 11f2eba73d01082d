import { useState } from 'react';
import { visuallyHidden } from '../../theme/baseTheme.css';
import { TRANSLATION_TRUST_STRINGS } from '../../translationTrustStrings';
import * as viewCss from '../MessageBubble/private/ViewOriginal.css';
import { useStableId } from '../private/useStableId';
import * as css from './TranslationTrust.css';

const T = TRANSLATION_TRUST_STRINGS;

export interface CorrectedTranslationProps {
  /** The member's better translation, shown as the message. */
  text: string;
  author: string;
  /** What the engine made, one tap away. */
  machine: string;
  /** ISO code of both texts (the reader's language). */
  language: string;
}

/**
 * A message a member corrected (issue 26): their text, 'Corrected by {name}', and the engine's
 * version behind 'Show machine translation' (a disclosure, as 'View original' is).
 */
export function CorrectedTranslation({
  text,
  author,
  machine,
  language,
}: CorrectedTranslationProps) {
  const machineId = useStableId();
  const [showMachine, setShowMachine] = useState(false);
  return (
    <>
      <p className={css.correctedText} dir="auto" lang={language}>
        {text}
      </p>
      <div className={viewCss.translation}>
        <span className={viewCss.translationNote}>{T.correctedBy(author)}</span>
        <button
          type="button"
          className={viewCss.toggle}
          aria-expanded={showMachine}
          aria-controls={machineId}
          onClick={() => setShowMachine((on) => !on)}
        >
          {showMachine ? T.hideMachine : T.showMachine}
        </button>
        <p
          id={machineId}
          className={viewCss.original}
          dir="auto"
          lang={language}
          hidden={!showMachine}
        >
          <span className={visuallyHidden}>{T.machineLabel}: </span>
          {machine}
        </p>
      </div>
    </>
  );
}
