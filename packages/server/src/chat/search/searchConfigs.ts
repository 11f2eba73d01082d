/**
 * A language code's PostgreSQL text search configuration: the stemming one where PostgreSQL ships
 * it (15 and later, PGlite included), else 'simple' (every word as written, lower-cased). The
 * database holds the same table as the function `message_search_config` (migration 0016), which
 * builds the stored documents; this copy names the configuration a reader's query is parsed with.
 * test/messageSearch.test.ts checks that the two agree.
 */
export const SEARCH_CONFIGS: Readonly<Record<string, string>> = Object.freeze({
  ar: 'arabic',
  hy: 'armenian',
  eu: 'basque',
  ca: 'catalan',
  da: 'danish',
  nl: 'dutch',
  en: 'english',
  fi: 'finnish',
  fr: 'french',
  de: 'german',
  el: 'greek',
  hi: 'hindi',
  hu: 'hungarian',
  id: 'indonesian',
  ga: 'irish',
  it: 'italian',
  lt: 'lithuanian',
  ne: 'nepali',
  no: 'norwegian',
  nn: 'norwegian',
  pt: 'portuguese',
  ro: 'romanian',
  ru: 'russian',
  sr: 'serbian',
  es: 'spanish',
  sv: 'swedish',
  ta: 'tamil',
  tr: 'turkish',
});

export function searchConfigFor(language: string | null | undefined): string {
  return (language && SEARCH_CONFIGS[language]) || 'simple';
}
