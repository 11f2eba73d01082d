/**
 * The signed-out pages' interface-language switcher (issue 27: landing, sign-in, registration,
 * legal), given to each screen's `languageSwitcher` slot. It shows the active locale, read outside
 * the ui provider's subtree (which a switch remounts); a pick applies at once and is remembered in
 * this browser (see interfaceLocale.ts).
 */
import { InterfaceLanguagePicker } from '@parley/ui';
import { useActiveInterfaceLocale, useInterfaceLocaleControl } from './interfaceLocaleContext';

export function SignedOutLanguageSwitcher() {
  const control = useInterfaceLocaleControl();
  const locale = useActiveInterfaceLocale();
  return (
    <InterfaceLanguagePicker
      compact
      value={locale}
      onChange={(next) => {
        if (next) void control.chooseSignedOut(next);
      }}
    />
  );
}
