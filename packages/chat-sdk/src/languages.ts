/**
 * The language list of the picker (spec §2): the one table for ui and server mapping each name to
 * its ISO 639-1/639-3 codes, the codes translation engines use for it, and its flag.
 */

export interface Language {
  /** The name shown in the picker and stored on the user; the server matches it case-insensitively. */
  name: string;
  /** The flag as an emoji (spec: a language entry is a name and a flag); the ui draws `country`. */
  flag: string;
  /**
   * ISO 3166-1 alpha-2 (or a subdivision such as 'GB-WLS') of the flag the ui draws as an SVG
   * image; every entry of LANGUAGES has one, a custom list may leave it out (a globe is drawn).
   */
  country?: string;
  /** ISO 639-1 when one exists, else ISO 639-3: the code on the wire and in /meta/capabilities. */
  code: string;
  /** ISO 639-3 (the code Apertium and most engines use); every entry of LANGUAGES has one. */
  iso6393?: string;
  /**
   * Apertium's code when it differs from both ISO codes: Norwegian is written as Bokmål ('nob'),
   * Malay as Malaysian Malay ('zlm'), Serbian and Croatian as the Serbo-Croatian ('hbs') variants
   * 'hbs_SR' and 'hbs_HR' (read from 'hbs', written in the variant).
   */
  apertium?: string;
  /** Other codes engines use for it (ISO 639-2/B, an individual language of a macrolanguage…). */
  aliases?: readonly string[];
}

/**
 * A language no picker offers that a translation engine may still route through (a pivot), with
 * the same codes as a picker language: e.g. Serbo-Croatian joins Serbian, Croatian, Slovenian,
 * Macedonian and English in Apertium, Galician joins English, Spanish and Portuguese.
 */
export type EngineLanguage = Omit<Language, 'flag' | 'country'>;

export const ENGINE_ONLY_LANGUAGES: readonly EngineLanguage[] = Object.freeze([
  { name: 'Serbo-Croatian', code: 'sh', iso6393: 'hbs' },
  { name: 'Galician', code: 'gl', iso6393: 'glg' },
  { name: 'Esperanto', code: 'eo', iso6393: 'epo' },
  { name: 'Occitan', code: 'oc', iso6393: 'oci' },
  { name: 'Basque', code: 'eu', iso6393: 'eus', aliases: ['baq'] },
  { name: 'Aragonese', code: 'an', iso6393: 'arg' },
  { name: 'Asturian', code: 'ast', iso6393: 'ast' },
  { name: 'Sardinian', code: 'sc', iso6393: 'srd' },
  { name: 'Breton', code: 'br', iso6393: 'bre' },
  { name: 'Norwegian Nynorsk', code: 'nn', iso6393: 'nno' },
  { name: 'Belarusian', code: 'be', iso6393: 'bel' },
  { name: 'Arpitan', code: 'frp', iso6393: 'frp' },
  { name: 'Silesian', code: 'szl', iso6393: 'szl' },
]);

/** The picker's default flag, shown with 'Select Language'. */
export const GLOBE_FLAG = '🌐';

export const LANGUAGES: readonly Language[] = Object.freeze([
  { name: 'English', flag: '🇬🇧', country: 'GB', code: 'en', iso6393: 'eng' },
  { name: 'Spanish', flag: '🇪🇸', country: 'ES', code: 'es', iso6393: 'spa' },
  { name: 'French', flag: '🇫🇷', country: 'FR', code: 'fr', iso6393: 'fra', aliases: ['fre'] },
  { name: 'German', flag: '🇩🇪', country: 'DE', code: 'de', iso6393: 'deu', aliases: ['ger'] },
  { name: 'Chinese', flag: '🇨🇳', country: 'CN', code: 'zh', iso6393: 'zho', aliases: ['chi'] },
  { name: 'Japanese', flag: '🇯🇵', country: 'JP', code: 'ja', iso6393: 'jpn' },
  { name: 'Korean', flag: '🇰🇷', country: 'KR', code: 'ko', iso6393: 'kor' },
  { name: 'Italian', flag: '🇮🇹', country: 'IT', code: 'it', iso6393: 'ita' },
  { name: 'Portuguese', flag: '🇵🇹', country: 'PT', code: 'pt', iso6393: 'por' },
  { name: 'Russian', flag: '🇷🇺', country: 'RU', code: 'ru', iso6393: 'rus' },
  { name: 'Arabic', flag: '🇸🇦', country: 'SA', code: 'ar', iso6393: 'ara' },
  { name: 'Hindi', flag: '🇮🇳', country: 'IN', code: 'hi', iso6393: 'hin' },
  { name: 'Bengali', flag: '🇧🇩', country: 'BD', code: 'bn', iso6393: 'ben' },
  { name: 'Urdu', flag: '🇵🇰', country: 'PK', code: 'ur', iso6393: 'urd' },
  { name: 'Turkish', flag: '🇹🇷', country: 'TR', code: 'tr', iso6393: 'tur' },
  { name: 'Dutch', flag: '🇳🇱', country: 'NL', code: 'nl', iso6393: 'nld', aliases: ['dut'] },
  { name: 'Swedish', flag: '🇸🇪', country: 'SE', code: 'sv', iso6393: 'swe' },
  {
    name: 'Norwegian',
    flag: '🇳🇴',
    country: 'NO',
    code: 'no',
    iso6393: 'nor',
    apertium: 'nob',
    aliases: ['nb'],
  },
  { name: 'Danish', flag: '🇩🇰', country: 'DK', code: 'da', iso6393: 'dan' },
  { name: 'Finnish', flag: '🇫🇮', country: 'FI', code: 'fi', iso6393: 'fin' },
  { name: 'Polish', flag: '🇵🇱', country: 'PL', code: 'pl', iso6393: 'pol' },
  { name: 'Ukrainian', flag: '🇺🇦', country: 'UA', code: 'uk', iso6393: 'ukr' },
  { name: 'Czech', flag: '🇨🇿', country: 'CZ', code: 'cs', iso6393: 'ces', aliases: ['cze'] },
  { name: 'Slovak', flag: '🇸🇰', country: 'SK', code: 'sk', iso6393: 'slk', aliases: ['slo'] },
  { name: 'Hungarian', flag: '🇭🇺', country: 'HU', code: 'hu', iso6393: 'hun' },
  { name: 'Romanian', flag: '🇷🇴', country: 'RO', code: 'ro', iso6393: 'ron', aliases: ['rum'] },
  { name: 'Bulgarian', flag: '🇧🇬', country: 'BG', code: 'bg', iso6393: 'bul' },
  { name: 'Greek', flag: '🇬🇷', country: 'GR', code: 'el', iso6393: 'ell', aliases: ['gre'] },
  { name: 'Serbian', flag: '🇷🇸', country: 'RS', code: 'sr', iso6393: 'srp', apertium: 'hbs_SR' },
  { name: 'Croatian', flag: '🇭🇷', country: 'HR', code: 'hr', iso6393: 'hrv', apertium: 'hbs_HR' },
  { name: 'Slovenian', flag: '🇸🇮', country: 'SI', code: 'sl', iso6393: 'slv' },
  { name: 'Lithuanian', flag: '🇱🇹', country: 'LT', code: 'lt', iso6393: 'lit' },
  { name: 'Latvian', flag: '🇱🇻', country: 'LV', code: 'lv', iso6393: 'lav' },
  { name: 'Estonian', flag: '🇪🇪', country: 'EE', code: 'et', iso6393: 'est' },
  { name: 'Icelandic', flag: '🇮🇸', country: 'IS', code: 'is', iso6393: 'isl', aliases: ['ice'] },
  { name: 'Irish', flag: '🇮🇪', country: 'IE', code: 'ga', iso6393: 'gle' },
  { name: 'Welsh', flag: '🏴󠁧󠁢󠁷󠁬󠁳󠁿', country: 'GB-WLS', code: 'cy', iso6393: 'cym', aliases: ['wel'] },
  { name: 'Catalan', flag: '🇦🇩', country: 'AD', code: 'ca', iso6393: 'cat' },
  { name: 'Albanian', flag: '🇦🇱', country: 'AL', code: 'sq', iso6393: 'sqi', aliases: ['alb'] },
  { name: 'Macedonian', flag: '🇲🇰', country: 'MK', code: 'mk', iso6393: 'mkd', aliases: ['mac'] },
  { name: 'Hebrew', flag: '🇮🇱', country: 'IL', code: 'he', iso6393: 'heb' },
  { name: 'Persian', flag: '🇮🇷', country: 'IR', code: 'fa', iso6393: 'fas', aliases: ['per'] },
  { name: 'Pashto', flag: '🇦🇫', country: 'AF', code: 'ps', iso6393: 'pus' },
  { name: 'Kurdish', flag: '🇮🇶', country: 'IQ', code: 'ku', iso6393: 'kur', aliases: ['kmr'] },
  { name: 'Armenian', flag: '🇦🇲', country: 'AM', code: 'hy', iso6393: 'hye', aliases: ['arm'] },
  { name: 'Georgian', flag: '🇬🇪', country: 'GE', code: 'ka', iso6393: 'kat', aliases: ['geo'] },
  { name: 'Azerbaijani', flag: '🇦🇿', country: 'AZ', code: 'az', iso6393: 'aze' },
  { name: 'Kazakh', flag: '🇰🇿', country: 'KZ', code: 'kk', iso6393: 'kaz' },
  { name: 'Uzbek', flag: '🇺🇿', country: 'UZ', code: 'uz', iso6393: 'uzb' },
  { name: 'Mongolian', flag: '🇲🇳', country: 'MN', code: 'mn', iso6393: 'mon' },
  { name: 'Nepali', flag: '🇳🇵', country: 'NP', code: 'ne', iso6393: 'nep' },
  { name: 'Sinhala', flag: '🇱🇰', country: 'LK', code: 'si', iso6393: 'sin' },
  { name: 'Tamil', flag: '🇮🇳', country: 'IN', code: 'ta', iso6393: 'tam' },
  { name: 'Telugu', flag: '🇮🇳', country: 'IN', code: 'te', iso6393: 'tel' },
  { name: 'Marathi', flag: '🇮🇳', country: 'IN', code: 'mr', iso6393: 'mar' },
  { name: 'Gujarati', flag: '🇮🇳', country: 'IN', code: 'gu', iso6393: 'guj' },
  { name: 'Punjabi', flag: '🇮🇳', country: 'IN', code: 'pa', iso6393: 'pan' },
  { name: 'Thai', flag: '🇹🇭', country: 'TH', code: 'th', iso6393: 'tha' },
  { name: 'Vietnamese', flag: '🇻🇳', country: 'VN', code: 'vi', iso6393: 'vie' },
  { name: 'Indonesian', flag: '🇮🇩', country: 'ID', code: 'id', iso6393: 'ind' },
  {
    name: 'Malay',
    flag: '🇲🇾',
    country: 'MY',
    code: 'ms',
    iso6393: 'msa',
    apertium: 'zlm',
    aliases: ['may', 'zsm'],
  },
  {
    name: 'Filipino',
    flag: '🇵🇭',
    country: 'PH',
    code: 'fil',
    iso6393: 'fil',
    aliases: ['tl', 'tgl'],
  },
  { name: 'Khmer', flag: '🇰🇭', country: 'KH', code: 'km', iso6393: 'khm' },
  { name: 'Burmese', flag: '🇲🇲', country: 'MM', code: 'my', iso6393: 'mya', aliases: ['bur'] },
  { name: 'Swahili', flag: '🇰🇪', country: 'KE', code: 'sw', iso6393: 'swa' },
  { name: 'Amharic', flag: '🇪🇹', country: 'ET', code: 'am', iso6393: 'amh' },
  { name: 'Somali', flag: '🇸🇴', country: 'SO', code: 'so', iso6393: 'som' },
  { name: 'Hausa', flag: '🇳🇬', country: 'NG', code: 'ha', iso6393: 'hau' },
  { name: 'Yoruba', flag: '🇳🇬', country: 'NG', code: 'yo', iso6393: 'yor' },
  { name: 'Igbo', flag: '🇳🇬', country: 'NG', code: 'ig', iso6393: 'ibo' },
  { name: 'Zulu', flag: '🇿🇦', country: 'ZA', code: 'zu', iso6393: 'zul' },
  { name: 'Afrikaans', flag: '🇿🇦', country: 'ZA', code: 'af', iso6393: 'afr' },
  { name: 'Malagasy', flag: '🇲🇬', country: 'MG', code: 'mg', iso6393: 'mlg' },
  { name: 'Samoan', flag: '🇼🇸', country: 'WS', code: 'sm', iso6393: 'smo' },
  { name: 'Fijian', flag: '🇫🇯', country: 'FJ', code: 'fj', iso6393: 'fij' },
  { name: 'Hawaiian', flag: '🇺🇸', country: 'US', code: 'haw', iso6393: 'haw' },
  { name: 'Tok Pisin', flag: '🇵🇬', country: 'PG', code: 'tpi', iso6393: 'tpi' },
  { name: 'Tongan', flag: '🇹🇴', country: 'TO', code: 'to', iso6393: 'ton' },
  { name: 'Maori', flag: '🇳🇿', country: 'NZ', code: 'mi', iso6393: 'mri', aliases: ['mao'] },
  { name: 'Haitian Creole', flag: '🇭🇹', country: 'HT', code: 'ht', iso6393: 'hat' },
]);

/** Lower case without diacritics, so 'Māori' and ' maori ' both find 'Maori'. */
function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .trim()
    .toLowerCase();
}

const byName = new Map(LANGUAGES.map((language) => [normalize(language.name), language]));

/** The language with this name, matched case-insensitively after trimming (spec §5). */
export function findLanguage(name: string | null | undefined): Language | undefined {
  if (typeof name !== 'string') return undefined;
  return byName.get(normalize(name));
}

/** The ISO code for a language name, e.g. 'haitian creole' → 'ht'. */
export function languageCodeForName(name: string): string | undefined {
  return findLanguage(name)?.code;
}

/** Languages whose name contains the query, case-insensitively; an empty query gives all. */
export function searchLanguages(query: string): Language[] {
  const needle = normalize(query);
  if (needle === '') return [...LANGUAGES];
  return LANGUAGES.filter((language) => normalize(language.name).includes(needle));
}

const byCode = new Map(LANGUAGES.map((language) => [language.code, language]));

/** The language with this ISO code ('ht', 'tpi'), case-insensitively; e.g. for `original_language`. */
export function findLanguageByCode(code: string | null | undefined): Language | undefined {
  if (typeof code !== 'string') return undefined;
  return byCode.get(code.trim().toLowerCase());
}

const engineOnlyByCode = new Map(
  ENGINE_ONLY_LANGUAGES.map((language) => [language.code, language]),
);

/**
 * The name for an ISO code — a picker language, or a language engines route through ('sh' →
 * 'Serbo-Croatian') — or the code itself when neither table has it ('xx' → 'xx').
 */
export function languageNameForCode(code: string): string {
  const key = code.trim().toLowerCase();
  return findLanguageByCode(key)?.name ?? engineOnlyByCode.get(key)?.name ?? code;
}

/** Every code an engine may use for a language: ISO 639-1/639-3, Apertium's, aliases (lower case). */
function engineCodes(language: EngineLanguage): string[] {
  const apertium = language.apertium?.toLowerCase();
  return [
    language.code,
    ...(language.iso6393 ? [language.iso6393] : []),
    ...(apertium && !apertium.includes('_') ? [apertium] : []),
    ...(language.aliases ?? []),
  ];
}

const byEngineCode = new Map<string, EngineLanguage>();
for (const language of [...LANGUAGES, ...ENGINE_ONLY_LANGUAGES]) {
  for (const code of engineCodes(language)) {
    if (!byEngineCode.has(code)) byEngineCode.set(code, language);
  }
}

/**
 * The language (picker or engine-only) an engine's code names: 'spa' → Spanish, 'nob' →
 * Norwegian, 'hbs' → Serbo-Croatian, 'zh-Hans' → Chinese. A regional or orthographic variant
 * ('pt_BR', 'cat_valencia', 'hbs_SR') is undefined unless `allowVariants` is set, when it names
 * its base language; an engine-specific variant a picker language is written in ('hbs_SR') is
 * found with `languageWrittenAs`.
 */
export function languageForEngineCode(
  engineCode: string,
  allowVariants = false,
): EngineLanguage | undefined {
  const [base = '', ...rest] = engineCode.trim().toLowerCase().split(/[_-]/);
  if (rest.length > 0 && !allowVariants) return undefined;
  return byEngineCode.get(base);
}

const byApertiumVariant = new Map(
  LANGUAGES.filter((language) => language.apertium?.includes('_')).map((language) => [
    (language.apertium as string).toLowerCase(),
    language,
  ]),
);

/** The picker language Apertium writes as this variant ('hbs_SR' → Serbian), if any. */
export function languageWrittenAs(apertiumCode: string): Language | undefined {
  return byApertiumVariant.get(apertiumCode.trim().toLowerCase());
}
