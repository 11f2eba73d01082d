import { visuallyHidden } from '../../theme/baseTheme.css';
import { USER_LIST_STRINGS } from '../../userListStrings';
import * as css from './LanguageChips.css';
import { languageAutonym } from './languageAutonym';

export interface LanguageChipsProps {
  /** ISO 639-1 codes (a user row's `languages`, a Parley extension); absent or empty: nothing. */
  codes?: readonly string[] | null;
}

/**
 * The languages a person writes, as small chips with each language's own name ('Español'), in
 * user search, connection lists and pending requests (issue 25). Phrasing content only, so it may
 * sit inside a button or a label; screen readers hear 'Languages: Español'.
 */
export function LanguageChips({ codes }: LanguageChipsProps) {
  if (!codes || codes.length === 0) return null;
  return (
    <span className={css.chips}>
      <span className={visuallyHidden}>{USER_LIST_STRINGS.languagesLabel} </span>
      {codes.map((code) => (
        <span key={code} className={css.chip} lang={code}>
          {languageAutonym(code)}
        </span>
      ))}
    </span>
  );
}
