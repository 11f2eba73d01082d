/** Wire types of GET /meta/capabilities: what the server can do with languages (ISO 639-1 codes). */

export const META_PATHS = {
  capabilities: '/meta/capabilities',
} as const;

/** A language pair the translator handles, directly or through `via` (a pivot language). */
export interface TranslationPair {
  from: string;
  to: string;
  via?: string;
}

export interface TranslationCapabilities {
  /** 'apertium', 'libretranslate', 'none'… */
  engine: string;
  pairs: TranslationPair[];
}

export interface LanguageEngineCapabilities {
  engine: string;
  languages: string[];
}

/** 200 answer of GET /meta/capabilities (public). */
export interface Capabilities {
  translation: TranslationCapabilities;
  detection: LanguageEngineCapabilities;
  transcription: LanguageEngineCapabilities;
  synthesis: LanguageEngineCapabilities;
}
