/**
 * The interface language a person chose (issue 27), where the app reads it: signed in, the
 * profile's `interface_language` (a Parley extension a spec-only backend never sends, which then
 * means no choice); signed out, what they picked in the landing/login switcher, kept in this
 * browser's storage until sign-out clears every Parley key.
 */
import { type InterfaceLocale, isInterfaceLocale } from '../i18n/locales';
import type { CurrentUser } from '../protocol/accounts';
import { resolveStorage, type StorageLike } from '../storage';

/** The storage key of the signed-out switcher's choice. */
export const SIGNED_OUT_LOCALE_KEY = 'interfaceLocale';

/** The profile's chosen interface locale, or null (none chosen, unknown value, or a spec-only backend). */
export function interfaceLanguageOf(
  user: Pick<CurrentUser, 'interface_language'> | null | undefined,
): InterfaceLocale | null {
  const value = user?.interface_language;
  return isInterfaceLocale(value) ? value : null;
}

/** The locale picked in the signed-out switcher, or null; an unknown stored value gives null. */
export async function readSignedOutLocale(
  storage?: StorageLike | null,
): Promise<InterfaceLocale | null> {
  try {
    const value = await resolveStorage(storage).getItem(SIGNED_OUT_LOCALE_KEY);
    return isInterfaceLocale(value) ? value : null;
  } catch {
    return null;
  }
}

/** Remembers the signed-out switcher's choice (null forgets it: the browser's preferences again). */
export async function rememberSignedOutLocale(
  locale: InterfaceLocale | null,
  storage?: StorageLike | null,
): Promise<void> {
  const target = resolveStorage(storage);
  try {
    if (locale === null) await target.removeItem(SIGNED_OUT_LOCALE_KEY);
    else await target.setItem(SIGNED_OUT_LOCALE_KEY, locale);
  } catch {
    // Storage refused (private mode, quota): the choice holds for this page only.
  }
}
