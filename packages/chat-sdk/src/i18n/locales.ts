/**
 * The languages Parley's interface speaks (issue 27): English is the source every catalog is written
 * in, the others are translated by people who read them. The chat language (the spec's `language`)
 * is a separate thing: a person may chat in Tok Pisin and read the interface in English.
 */
export const INTERFACE_LOCALES = [
  'en',
  'es',
  'fr',
  'pt',
  'de',
  'it',
  'ca',
  'ar',
  'hi',
  'zh',
] as const;
export type InterfaceLocale = (typeof INTERFACE_LOCALES)[number];

/** The locale every catalog is written in, and the one used when nothing better is known. */
export const SOURCE_LOCALE = 'en' satisfies InterfaceLocale;

/** Each locale's own name for itself, as a switcher lists it. */
export const INTERFACE_LOCALE_NAMES: Readonly<Record<InterfaceLocale, string>> = Object.freeze({
  en: 'English',
  es: 'Español',
  fr: 'Français',
  pt: 'Português',
  de: 'Deutsch',
  it: 'Italiano',
  ca: 'Català',
  ar: 'العربية',
  hi: 'हिन्दी',
  zh: '简体中文',
});

const RIGHT_TO_LEFT: ReadonlySet<string> = new Set(['ar']);

/** 'rtl' for a locale written right to left (Arabic), else 'ltr'. */
export function localeDirection(locale: string): 'ltr' | 'rtl' {
  return RIGHT_TO_LEFT.has(locale) ? 'rtl' : 'ltr';
}

export function isInterfaceLocale(value: unknown): value is InterfaceLocale {
  return typeof value === 'string' && (INTERFACE_LOCALES as readonly string[]).includes(value);
}

/**
 * The interface locale for a BCP 47 tag ('pt-BR' → 'pt', 'zh-Hans-CN' → 'zh'), or undefined when
 * Parley has none for it. Traditional Chinese ('zh-Hant', 'zh-TW', 'zh-HK') is not Simplified
 * Chinese: it matches nothing, so the next preference wins.
 */
export function matchInterfaceLocale(tag: string | null | undefined): InterfaceLocale | undefined {
  if (!tag) return undefined;
  const parts = tag.trim().toLowerCase().replaceAll('_', '-').split('-');
  const language = parts[0];
  if (
    language === 'zh' &&
    parts.some((part) => part === 'hant' || part === 'tw' || part === 'hk' || part === 'mo')
  ) {
    return undefined;
  }
  return isInterfaceLocale(language) ? language : undefined;
}

/** The first of a browser's (or an `Accept-Language` header's) preferences Parley speaks. */
export function negotiateInterfaceLocale(
  preferences: readonly string[],
): InterfaceLocale | undefined {
  for (const preference of preferences) {
    const locale = matchInterfaceLocale(preference);
    if (locale) return locale;
  }
  return undefined;
}

/** The preferences of an `Accept-Language` header, best first ('fr-CH, fr;q=0.9, en;q=0.8'). */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .slice(0, 1000)
    .split(',')
    .slice(0, 30)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag);
}

/**
 * The picker's name (src/languages.ts) of each locale's language. Kept here rather than looked up in
 * the picker's table, which sign-in pages do not otherwise load; a test holds the two together.
 */
export const CHAT_LANGUAGE_OF_LOCALE: Readonly<Record<InterfaceLocale, string>> = Object.freeze({
  en: 'English',
  es: 'Spanish',
  fr: 'French',
  pt: 'Portuguese',
  de: 'German',
  it: 'Italian',
  ca: 'Catalan',
  ar: 'Arabic',
  hi: 'Hindi',
  zh: 'Chinese',
});

/** The interface locale for a chat language as the spec stores it (a picker name, 'Spanish'). */
export function interfaceLocaleForLanguage(
  language: string | null | undefined,
): InterfaceLocale | undefined {
  if (typeof language !== 'string') return undefined;
  const name = language.trim().toLowerCase();
  return INTERFACE_LOCALES.find((locale) => CHAT_LANGUAGE_OF_LOCALE[locale].toLowerCase() === name);
}

export interface InterfaceLocaleChoice {
  /** What the person chose in Settings ('Interface language'), if anything. */
  chosen?: string | null;
  /** Their chat language (the spec's profile `language`, a picker name). */
  language?: string | null;
  /** The browser's preferred languages (`navigator.languages`) or an Accept-Language header's. */
  preferences?: readonly string[];
}

/**
 * Which locale the interface speaks (issue 27): the person's own choice, else their chat language
 * when Parley's interface speaks it, else the browser's preferences, else English.
 */
export function chooseInterfaceLocale(choice: InterfaceLocaleChoice): InterfaceLocale {
  return (
    matchInterfaceLocale(choice.chosen) ??
    interfaceLocaleForLanguage(choice.language) ??
    negotiateInterfaceLocale(choice.preferences ?? []) ??
    SOURCE_LOCALE
  );
}
