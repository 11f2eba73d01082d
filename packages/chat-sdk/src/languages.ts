/** The language list of the picker (spec §2), one table for ui and server (names map to ISO codes). */

export interface Language {
  /** The name shown in the picker and stored on the user; the server matches it case-insensitively. */
  name: string;
  flag: string;
  /** ISO 639-1 when one exists, else ISO 639-3. */
  code: string;
}

/** The picker's default flag, shown with 'Select Language'. */
export const GLOBE_FLAG = '🌐';

export const LANGUAGES: readonly Language[] = Object.freeze([
  { name: 'English', flag: '🇬🇧', code: 'en' },
  { name: 'Spanish', flag: '🇪🇸', code: 'es' },
  { name: 'French', flag: '🇫🇷', code: 'fr' },
  { name: 'German', flag: '🇩🇪', code: 'de' },
  { name: 'Chinese', flag: '🇨🇳', code: 'zh' },
  { name: 'Japanese', flag: '🇯🇵', code: 'ja' },
  { name: 'Korean', flag: '🇰🇷', code: 'ko' },
  { name: 'Italian', flag: '🇮🇹', code: 'it' },
  { name: 'Portuguese', flag: '🇵🇹', code: 'pt' },
  { name: 'Russian', flag: '🇷🇺', code: 'ru' },
  { name: 'Arabic', flag: '🇸🇦', code: 'ar' },
  { name: 'Hindi', flag: '🇮🇳', code: 'hi' },
  { name: 'Bengali', flag: '🇧🇩', code: 'bn' },
  { name: 'Urdu', flag: '🇵🇰', code: 'ur' },
  { name: 'Turkish', flag: '🇹🇷', code: 'tr' },
  { name: 'Dutch', flag: '🇳🇱', code: 'nl' },
  { name: 'Swedish', flag: '🇸🇪', code: 'sv' },
  { name: 'Norwegian', flag: '🇳🇴', code: 'no' },
  { name: 'Danish', flag: '🇩🇰', code: 'da' },
  { name: 'Finnish', flag: '🇫🇮', code: 'fi' },
  { name: 'Polish', flag: '🇵🇱', code: 'pl' },
  { name: 'Ukrainian', flag: '🇺🇦', code: 'uk' },
  { name: 'Czech', flag: '🇨🇿', code: 'cs' },
  { name: 'Slovak', flag: '🇸🇰', code: 'sk' },
  { name: 'Hungarian', flag: '🇭🇺', code: 'hu' },
  { name: 'Romanian', flag: '🇷🇴', code: 'ro' },
  { name: 'Bulgarian', flag: '🇧🇬', code: 'bg' },
  { name: 'Greek', flag: '🇬🇷', code: 'el' },
  { name: 'Serbian', flag: '🇷🇸', code: 'sr' },
  { name: 'Croatian', flag: '🇭🇷', code: 'hr' },
  { name: 'Slovenian', flag: '🇸🇮', code: 'sl' },
  { name: 'Lithuanian', flag: '🇱🇹', code: 'lt' },
  { name: 'Latvian', flag: '🇱🇻', code: 'lv' },
  { name: 'Estonian', flag: '🇪🇪', code: 'et' },
  { name: 'Icelandic', flag: '🇮🇸', code: 'is' },
  { name: 'Irish', flag: '🇮🇪', code: 'ga' },
  { name: 'Welsh', flag: '🏴󠁧󠁢󠁷󠁬󠁳󠁿', code: 'cy' },
  { name: 'Catalan', flag: '🇦🇩', code: 'ca' },
  { name: 'Albanian', flag: '🇦🇱', code: 'sq' },
  { name: 'Macedonian', flag: '🇲🇰', code: 'mk' },
  { name: 'Hebrew', flag: '🇮🇱', code: 'he' },
  { name: 'Persian', flag: '🇮🇷', code: 'fa' },
  { name: 'Pashto', flag: '🇦🇫', code: 'ps' },
  { name: 'Kurdish', flag: '🇮🇶', code: 'ku' },
  { name: 'Armenian', flag: '🇦🇲', code: 'hy' },
  { name: 'Georgian', flag: '🇬🇪', code: 'ka' },
  { name: 'Azerbaijani', flag: '🇦🇿', code: 'az' },
  { name: 'Kazakh', flag: '🇰🇿', code: 'kk' },
  { name: 'Uzbek', flag: '🇺🇿', code: 'uz' },
  { name: 'Mongolian', flag: '🇲🇳', code: 'mn' },
  { name: 'Nepali', flag: '🇳🇵', code: 'ne' },
  { name: 'Sinhala', flag: '🇱🇰', code: 'si' },
  { name: 'Tamil', flag: '🇮🇳', code: 'ta' },
  { name: 'Telugu', flag: '🇮🇳', code: 'te' },
  { name: 'Marathi', flag: '🇮🇳', code: 'mr' },
  { name: 'Gujarati', flag: '🇮🇳', code: 'gu' },
  { name: 'Punjabi', flag: '🇮🇳', code: 'pa' },
  { name: 'Thai', flag: '🇹🇭', code: 'th' },
  { name: 'Vietnamese', flag: '🇻🇳', code: 'vi' },
  { name: 'Indonesian', flag: '🇮🇩', code: 'id' },
  { name: 'Malay', flag: '🇲🇾', code: 'ms' },
  { name: 'Filipino', flag: '🇵🇭', code: 'fil' },
  { name: 'Khmer', flag: '🇰🇭', code: 'km' },
  { name: 'Burmese', flag: '🇲🇲', code: 'my' },
  { name: 'Swahili', flag: '🇰🇪', code: 'sw' },
  { name: 'Amharic', flag: '🇪🇹', code: 'am' },
  { name: 'Somali', flag: '🇸🇴', code: 'so' },
  { name: 'Hausa', flag: '🇳🇬', code: 'ha' },
  { name: 'Yoruba', flag: '🇳🇬', code: 'yo' },
  { name: 'Igbo', flag: '🇳🇬', code: 'ig' },
  { name: 'Zulu', flag: '🇿🇦', code: 'zu' },
  { name: 'Afrikaans', flag: '🇿🇦', code: 'af' },
  { name: 'Malagasy', flag: '🇲🇬', code: 'mg' },
  { name: 'Samoan', flag: '🇼🇸', code: 'sm' },
  { name: 'Fijian', flag: '🇫🇯', code: 'fj' },
  { name: 'Hawaiian', flag: '🇺🇸', code: 'haw' },
  { name: 'Tok Pisin', flag: '🇵🇬', code: 'tpi' },
  { name: 'Tongan', flag: '🇹🇴', code: 'to' },
  { name: 'Maori', flag: '🇳🇿', code: 'mi' },
  { name: 'Haitian Creole', flag: '🇭🇹', code: 'ht' },
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

/** The picker name for an ISO code, or the code itself when the table has none ('xx' → 'xx'). */
export function languageNameForCode(code: string): string {
  return findLanguageByCode(code)?.name ?? code;
}
