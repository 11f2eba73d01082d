import { type BioTranslation, displayLanguageName } from '@parley/chat-sdk';
import { useState } from 'react';
import { UI_STRINGS } from '../../strings';
import * as css from './TranslatedBio.css';

const T = UI_STRINGS.translation;

export interface TranslatedBioProps {
  /** The bio as written (the profile's `profile_info`). */
  bio: string;
  /** The server's translation for this reader (Parley extension); absent: the bio as written. */
  translation?: Readonly<BioTranslation> | null;
  /** Shown when there is no bio. */
  empty: string;
}

/**
 * A profile's bio in the reader's language with 'Translated from …' and 'View original' /
 * 'Hide original', as posts and messages show theirs (issue 25). The text and its `lang` swap
 * together, so a screen reader reads each in its own language.
 */
export function TranslatedBio({ bio, translation, empty }: TranslatedBioProps) {
  const [showOriginal, setShowOriginal] = useState(false);
  if (!bio.trim()) return <p className={css.text}>{empty}</p>;
  if (!translation) {
    return (
      <p className={css.text} dir="auto">
        {bio}
      </p>
    );
  }
  return (
    <div className={css.bio}>
      <p
        className={css.text}
        dir="auto"
        lang={showOriginal ? translation.original_language : translation.language}
      >
        {showOriginal ? bio : translation.text}
      </p>
      <p className={css.meta}>
        <span>{T.translatedFrom(displayLanguageName(translation.original_language))}</span>{' '}
        <button type="button" className={css.toggle} onClick={() => setShowOriginal((on) => !on)}>
          {showOriginal ? T.hideOriginal : T.viewOriginal}
        </button>
      </p>
    </div>
  );
}
