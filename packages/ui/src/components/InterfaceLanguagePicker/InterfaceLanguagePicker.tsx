import {
  INTERFACE_LOCALE_NAMES,
  INTERFACE_LOCALES,
  type InterfaceLocale,
  interfaceLocale,
  isInterfaceLocale,
} from '@parley/chat-sdk/i18n';
import { useState } from 'react';
import { LOCALE_STRINGS } from '../../localeStrings';
import { visuallyHidden } from '../../theme/baseTheme.css';
import * as field from '../private/field.css';
import { useStableId } from '../private/useStableId';
import * as css from './InterfaceLanguagePicker.css';

const S = LOCALE_STRINGS.interfaceLanguagePicker;
/** The option standing for "no choice": follow the chat language, else the browser. */
const AUTOMATIC = '';
/** Locales whose own name the Latin-only family draws (see css.latinUntilUsed). */
const LATIN_NAMED: ReadonlySet<string> = new Set(['en', 'es', 'fr', 'pt', 'de', 'it', 'ca']);

export interface InterfaceLanguagePickerProps {
  /** The chosen locale; null (or an unknown value) is 'Automatic' when allowed, else English. */
  value: InterfaceLocale | null | undefined;
  /** A locale, or null for 'Automatic'. */
  onChange: (locale: InterfaceLocale | null) => void;
  /** Offer 'Automatic' (Settings: follow the chat language, else the browser). */
  allowAutomatic?: boolean;
  /**
   * The signed-out pages' switcher: a small select with a globe and no visible label (its
   * accessible name stays). The default is Settings' labelled field with its hint.
   */
  compact?: boolean;
  /** The accessible name; 'Interface language' (compact: 'Language') by default. */
  label?: string;
  disabled?: boolean;
}

/**
 * The interface language (issue 27): a native select (keyboard, screen readers and phone pickers
 * for free) listing each locale by its own name, each option in its own language (`lang`) so a
 * screen reader says 'Español' in Spanish.
 *
 * Until it is reached for (hovered, touched or focused), a picker showing a Latin-script name
 * draws with Noto Sans's Latin faces and the system's fonts, so a page that only shows it does not
 * download the Arabic and Devanagari web fonts its closed list is measured with (92 kB); reached
 * for, it takes the page's font and its list shows every name in it.
 */
export function InterfaceLanguagePicker({
  value,
  onChange,
  allowAutomatic = false,
  compact = false,
  label,
  disabled,
}: InterfaceLanguagePickerProps) {
  const id = useStableId();
  const hintId = `${id}-hint`;
  const selected = isInterfaceLocale(value) ? value : allowAutomatic ? AUTOMATIC : 'en';
  const name = label ?? (compact ? S.compactLabel : S.label);
  const [reachedFor, setReachedFor] = useState(false);
  const reach = reachedFor ? undefined : () => setReachedFor(true);
  // What the closed picker shows: the chosen name, or 'Automatic' in the page's language.
  const showsLatin =
    LATIN_NAMED.has(interfaceLocale()) && (selected === AUTOMATIC || LATIN_NAMED.has(selected));
  const fontClass = reachedFor || !showsLatin ? '' : ` ${css.latinUntilUsed}`;
  const select = (
    <select
      id={id}
      className={`${compact ? `${field.control} ${css.compactControl}` : field.control}${fontClass}`}
      onPointerEnter={reach}
      onPointerDown={reach}
      onFocus={reach}
      value={selected}
      disabled={disabled}
      aria-describedby={compact ? undefined : hintId}
      onChange={(event) => {
        const next = event.target.value;
        onChange(isInterfaceLocale(next) ? next : null);
      }}
    >
      {allowAutomatic ? <option value={AUTOMATIC}>{S.automatic}</option> : null}
      {INTERFACE_LOCALES.map((locale) => (
        <option key={locale} value={locale} lang={locale}>
          {INTERFACE_LOCALE_NAMES[locale]}
        </option>
      ))}
    </select>
  );
  if (compact) {
    return (
      <div className={css.compact} data-interface-language-picker="compact">
        <GlobeIcon />
        <label htmlFor={id} className={visuallyHidden}>
          {name}
        </label>
        {select}
      </div>
    );
  }
  return (
    <div className={field.field} data-interface-language-picker="">
      <label htmlFor={id} className={field.label}>
        {name}
      </label>
      {select}
      <p id={hintId} className={css.hint}>
        {S.hint}
      </p>
    </div>
  );
}

function GlobeIcon() {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      className={css.globe}
      width={18}
      height={18}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <circle cx="12" cy="12" r="10" />
      <path d="M2 12h20" />
      <path d="M12 2a15.3 15.3 0 0 1 4 10 15.3 15.3 0 0 1-4 10 15.3 15.3 0 0 1-4-10 15.3 15.3 0 0 1 4-10z" />
    </svg>
  );
}
