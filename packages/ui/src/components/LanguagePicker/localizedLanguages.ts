import { displayLanguageName, type Language } from '@parley/chat-sdk';

/**
 * The picker's languages as a reader of the interface locale sees them: 'inglés' in Spanish, with
 * the English picker name kept beside it (it is the spec's value and what many people type). In
 * English both are the picker name, so the English picker is unchanged.
 */
export interface LocalizedLanguage {
  language: Language;
  /** The name shown, in the interface locale. */
  shown: string;
  /** The picker's English name when it differs from `shown`, shown after it; otherwise null. */
  english: string | null;
}

export function localizeLanguages(
  languages: readonly Language[],
  locale: string,
): LocalizedLanguage[] {
  return languages.map((language) => {
    const shown = displayLanguageName(language.name, locale);
    return { language, shown, english: shown === language.name ? null : language.name };
  });
}

/** Lower case without diacritics, so 'ingles' finds 'inglés' and 'maori' finds 'Maori'. */
function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .trim()
    .toLowerCase();
}

/** The languages whose shown or English name contains the query; an empty query gives all. */
export function filterLanguages(
  languages: readonly LocalizedLanguage[],
  query: string,
): readonly LocalizedLanguage[] {
  const needle = normalize(query);
  if (needle === '') return languages;
  return languages.filter(
    (l) => normalize(l.language.name).includes(needle) || normalize(l.shown).includes(needle),
  );
}
