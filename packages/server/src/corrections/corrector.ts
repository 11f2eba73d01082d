/**
 * The spelling/grammar engine contract. Engines speak ISO 639-1 codes from the sdk's language
 * table (`LANGUAGES`); adapters map to their own codes internally. An engine only suggests: the
 * composer decides what to apply, and applies the first replacement on send only when the
 * writer turned auto-correct on (the server never rewrites a message).
 */

import { type Correction, SOCKET_LIMITS } from '@parley/chat-sdk';

/** One problem in the checked text, LanguageTool-like: the wire type of the sdk's protocol. */
export type { Correction };

export interface Corrector {
  /** 'nspell', 'hunspell', both joined ('nspell+hunspell'), 'languagetool' or 'none'. */
  readonly engine: string;
  /** ISO 639-1 codes this engine checks. */
  languages(): string[];
  /** Problems in `text` (at most `MAX_CHECK_LENGTH` characters), in text order. */
  check(text: string, language: string, options?: CheckOptions): Promise<Correction[]>;
  /** Stops workers and timers; the plugin's onClose hook calls it. */
  close(): Promise<void>;
}

export interface CheckOptions {
  /** The caller went away or its time is up: engines stop working on the check. */
  signal?: AbortSignal;
  /**
   * Who asks (the signed-in person's id): engines with a shared worker take turns between people,
   * so one person's huge checks cannot hold up everyone else's.
   */
  person?: string;
}

/**
 * The composer's longest message (the socket's `maxMessageChars`, so a draft that can be sent can
 * be checked); longer text is refused with 400 before any engine sees it.
 */
export const MAX_CHECK_LENGTH = SOCKET_LIMITS.maxMessageChars;
/** Replacements offered per problem. */
export const MAX_REPLACEMENTS = 5;
/** Suggestions are computed for this many distinct misspellings; later ones are still flagged. */
export const MAX_SUGGESTED_WORDS = 50;

export const CORRECTION_MESSAGES = {
  misspelling: 'Possible spelling mistake found.',
} as const;

/** The engine could not answer (timed out, crashed, unreachable) and nothing could stand in. */
export class CorrectorUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CorrectorUnavailableError';
  }
}

/** A language the engine does not check was asked for; callers check `languages()` first. */
export class UnsupportedLanguageError extends Error {
  constructor(readonly language: string) {
    super(`No corrections for language '${language}'.`);
    this.name = 'UnsupportedLanguageError';
  }
}
