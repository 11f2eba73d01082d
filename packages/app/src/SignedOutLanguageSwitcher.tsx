/**
 * The signed-out pages' interface-language switcher (issue 27: landing, sign-in, registration,
 * legal), given to each screen's `languageSwitcher` slot. It shows the active locale; a pick applies
 * at once and is remembered in this browser (see interfaceLocale.ts).
 *
 * MERGE NOTE: the ui's `<InterfaceLanguagePicker compact value={…} onChange={…} />` (uiloc) is the
 * picker to render here; until the ui of this branch exports it, a native select stands in with the
 * same names (each locale by its own name, accessible name 'Language').
 */
import {
  INTERFACE_LOCALE_NAMES,
  INTERFACE_LOCALES,
  isInterfaceLocale,
} from '@parley/chat-sdk/i18n';
import { APP_STRINGS } from './appStrings';
import {
  interfaceLanguageProps,
  useActiveInterfaceLocale,
  useInterfaceLocaleControl,
} from './interfaceLocaleContext';

function SignedOutLanguageSwitcher() {
  const control = useInterfaceLocaleControl();
  const locale = useActiveInterfaceLocale();
  return (
    <select
      aria-label={APP_STRINGS.languageSwitcher}
      value={locale}
      onChange={(event) => {
        const next = event.target.value;
        if (isInterfaceLocale(next)) void control.chooseSignedOut(next);
      }}
    >
      {INTERFACE_LOCALES.map((option) => (
        <option key={option} value={option} lang={option}>
          {INTERFACE_LOCALE_NAMES[option]}
        </option>
      ))}
    </select>
  );
}

/** The slot's prop for a signed-out screen: `languageSwitcher`. */
export function signedOutLanguageSwitcherProps(): object {
  return interfaceLanguageProps({ languageSwitcher: <SignedOutLanguageSwitcher /> });
}
