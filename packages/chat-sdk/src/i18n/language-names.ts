import { findLanguage, findLanguageByCode, languageNameForCode } from '../languages';
import { interfaceLocale } from './interface-locale';

/**
 * Language names inside interface sentences, in the interface locale: a Spanish reader reads
 * 'Traducido del inglés', not 'Traducido del English'. English keeps the picker's exact names
 * ('Haitian Creole', 'Tok Pisin': the spec's list), so English text is unchanged byte for byte.
 * The picker name stays the wire value everywhere; this only decides what a reader sees.
 */

const namers = new Map<string, Intl.DisplayNames | null>();

/** One Intl.DisplayNames per locale (null where the runtime has none for it). */
function namerFor(locale: string): Intl.DisplayNames | null {
  let namer = namers.get(locale);
  if (namer === undefined) {
    try {
      namer = new Intl.DisplayNames([locale], { type: 'language', fallback: 'none' });
    } catch {
      namer = null;
    }
    namers.set(locale, namer);
  }
  return namer;
}

/**
 * The name of a language — given as its picker name ('Spanish') or its ISO code ('es', 'tpi') —
 * as a reader of `locale` writes it inside a sentence. Falls back to the English picker name (or
 * languageNameForCode's answer) when Intl has no name for the code.
 */
export function displayLanguageName(
  codeOrName: string,
  locale: string = interfaceLocale(),
): string {
  const language = findLanguage(codeOrName) ?? findLanguageByCode(codeOrName);
  const english = language?.name ?? languageNameForCode(codeOrName);
  if (locale === 'en' || locale.startsWith('en-')) return english;
  const code = language?.code ?? codeOrName.trim().toLowerCase();
  let localized: string | undefined;
  try {
    localized = namerFor(locale)?.of(code);
  } catch {
    // Not a well-formed language code (a free-text name): keep the English name.
    localized = undefined;
  }
  // Intl without data echoes the code back (or gives nothing): the English name reads better.
  if (!localized || localized.toLowerCase() === code) return english;
  return localized;
}
