/** Wire types of GET /meta/capabilities: what the server can do with languages (ISO 639-1 codes). */

export const META_PATHS = {
  capabilities: '/meta/capabilities',
} as const;

/**
 * A language pair the translator handles: directly, or through the pivot languages of `via` in
 * order (one or two; they may be languages no picker offers, e.g. 'sh' Serbo-Croatian, 'gl'
 * Galician). Codes are the language table's (`LANGUAGES`, `ENGINE_ONLY_LANGUAGES`).
 */
export interface TranslationPair {
  from: string;
  to: string;
  via?: string[];
  /**
   * Parley extension (issue 26): the engine that serves this pair when the server routes pairs
   * over several engines (`TRANSLATORS`), e.g. 'deepl' or 'apertium'. Absent: `engine` above.
   */
  engine?: string;
  /** Parley extension (issue 26): whether that engine runs on the server itself (no provider). */
  offline?: boolean;
}

export interface TranslationCapabilities {
  /** 'apertium', 'libretranslate', 'none'…; engines routed per pair joined by '+' ('deepl+apertium'). */
  engine: string;
  /**
   * Every pair the server translates, pivoted ones with their `via` chain. A server that lists
   * only direct pairs (no `via` anywhere) leaves routing to the client's `planTranslationRoutes`.
   */
  pairs: TranslationPair[];
}

export interface LanguageEngineCapabilities {
  engine: string;
  languages: string[];
}

import type { CallCapabilities } from './calls';
import type { MediaCapabilities } from './media';

/** 200 answer of GET /meta/capabilities (public). */
export interface Capabilities {
  translation: TranslationCapabilities;
  detection: LanguageEngineCapabilities;
  /** Languages (ISO 639-1) voice notes are transcribed in; `engine` e.g. 'pocketsphinx+openai'. */
  transcription: LanguageEngineCapabilities;
  /** Languages speech is synthesized in; `engine` e.g. 'espeak-ng+flite'. */
  synthesis: LanguageEngineCapabilities;
  /** Parley extension: decoder, delivered formats, upload limits. */
  media?: MediaCapabilities;
  /** Parley extension: absent on a spec backend, which the client reads as calls disabled. */
  calls?: CallCapabilities;
  /**
   * Parley extension (issue 22): how plans are paid for. 'unavailable': checkout answers 503 and
   * plan cards say so. Absent on a spec backend: plans are offered as usual.
   */
  payments?: PaymentsCapabilities;
  /**
   * Parley extension (issue 26): the languages whose drafts get spelling corrections
   * (POST /corrections/check/ answers `supported: true`); `engine` e.g. 'nspell+hunspell'.
   * Absent on a spec backend: the picker shows no correction badge.
   */
  corrections?: LanguageEngineCapabilities;
}

export interface PaymentsCapabilities {
  mode: 'stripe' | 'test' | 'unavailable';
}
