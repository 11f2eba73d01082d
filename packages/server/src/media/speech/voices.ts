/**
 * The one table from the picker's languages (ISO 639-1 codes of `LANGUAGES`) to offline voices:
 * the espeak-ng voice that speaks it (null: espeak-ng has none), and whether flite speaks it
 * (English only). A language missing here has no offline voice; the OpenAI-compatible adapter
 * serves the languages its configuration lists.
 */
export const OFFLINE_VOICES: Readonly<Record<string, { espeak: string | null; flite?: boolean }>> =
  Object.freeze({
    en: { espeak: 'en-us', flite: true },
    es: { espeak: 'es' },
    fr: { espeak: 'fr-fr' },
    de: { espeak: 'de' },
    zh: { espeak: 'cmn' },
    ja: { espeak: 'ja' },
    ko: { espeak: 'ko' },
    it: { espeak: 'it' },
    pt: { espeak: 'pt-br' },
    ru: { espeak: 'ru' },
    ar: { espeak: 'ar' },
    hi: { espeak: 'hi' },
    bn: { espeak: 'bn' },
    ur: { espeak: 'ur' },
    tr: { espeak: 'tr' },
    nl: { espeak: 'nl' },
    sv: { espeak: 'sv' },
    no: { espeak: 'nb' },
    da: { espeak: 'da' },
    fi: { espeak: 'fi' },
    pl: { espeak: 'pl' },
    uk: { espeak: 'uk' },
    cs: { espeak: 'cs' },
    sk: { espeak: 'sk' },
    hu: { espeak: 'hu' },
    ro: { espeak: 'ro' },
    bg: { espeak: 'bg' },
    el: { espeak: 'el' },
    sr: { espeak: 'sr' },
    hr: { espeak: 'hr' },
    sl: { espeak: 'sl' },
    lt: { espeak: 'lt' },
    lv: { espeak: 'lv' },
    et: { espeak: 'et' },
    is: { espeak: 'is' },
    ga: { espeak: 'ga' },
    cy: { espeak: 'cy' },
    ca: { espeak: 'ca' },
    sq: { espeak: 'sq' },
    mk: { espeak: 'mk' },
    he: { espeak: 'he' },
    fa: { espeak: 'fa' },
    ps: { espeak: null },
    ku: { espeak: 'ku' },
    hy: { espeak: 'hy' },
    ka: { espeak: 'ka' },
    az: { espeak: 'az' },
    kk: { espeak: 'kk' },
    uz: { espeak: 'uz' },
    mn: { espeak: null },
    ne: { espeak: 'ne' },
    si: { espeak: 'si' },
    ta: { espeak: 'ta' },
    te: { espeak: 'te' },
    mr: { espeak: 'mr' },
    gu: { espeak: 'gu' },
    pa: { espeak: 'pa' },
    th: { espeak: 'th' },
    vi: { espeak: 'vi' },
    id: { espeak: 'id' },
    ms: { espeak: 'ms' },
    fil: { espeak: null },
    km: { espeak: null },
    my: { espeak: 'my' },
    sw: { espeak: 'sw' },
    am: { espeak: 'am' },
    so: { espeak: null },
    ha: { espeak: null },
    yo: { espeak: null },
    ig: { espeak: null },
    zu: { espeak: null },
    af: { espeak: 'af' },
    mg: { espeak: null },
    sm: { espeak: null },
    fj: { espeak: null },
    haw: { espeak: 'haw' },
    tpi: { espeak: null },
    to: { espeak: null },
    mi: { espeak: 'mi' },
    ht: { espeak: 'ht' },
  });

/** Picker languages espeak-ng has a voice for. */
export function espeakLanguages(): string[] {
  return Object.entries(OFFLINE_VOICES)
    .filter(([, voice]) => voice.espeak !== null)
    .map(([code]) => code);
}

/** Picker languages flite speaks. */
export function fliteLanguages(): string[] {
  return Object.entries(OFFLINE_VOICES)
    .filter(([, voice]) => voice.flite === true)
    .map(([code]) => code);
}
