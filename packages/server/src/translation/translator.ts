import type { TranslationPair } from '@parley/chat-sdk';
import type { ProtectedWords } from './protectedText.js';

/**
 * The translation engine contract. Engines speak ISO codes from the sdk's language table
 * (`LANGUAGES`: ISO 639-1 where one exists); adapters map to their own codes internally.
 */

/** A language pair the engine translates, directly or through the pivots of `via` (wire type). */
export type { TranslationPair };

export interface TranslatorCapabilities {
  pairs: TranslationPair[];
}

export interface TranslateOptions {
  /** Aborts the call (translateSafely passes its timeout here). */
  signal?: AbortSignal;
  /**
   * Names and the sender's glossary kept as they are (protectingTranslator); the cache keys on
   * the glossary, so a glossary change never serves an old translation.
   */
  protect?: ProtectedWords;
}

export interface TranslationResult {
  text: string;
  /** The engine that produced the text, e.g. 'apertium-apy' or 'libretranslate'. */
  engine: string;
  /** Issue 26: words the engine marked as not known, left as written in `text`. */
  unknownWords?: string[];
}

export interface Translator {
  /** 'apertium', 'libretranslate' or 'none': what GET /meta/capabilities reports. */
  readonly engine: string;
  capabilities(): Promise<TranslatorCapabilities>;
  /** Resolves with the translation or rejects with a TranslationError. */
  translate(
    text: string,
    from: string,
    to: string,
    options?: TranslateOptions,
  ): Promise<TranslationResult>;
  /** Stops child processes and timers; the server's onClose hook calls it. */
  close(): Promise<void>;
}

export const TRANSLATION_FAILURES = [
  'unsupported',
  'timeout',
  'engine_error',
  'unreliable',
] as const;
export type TranslationFailure = (typeof TRANSLATION_FAILURES)[number];

/** Why a translation did not happen; `failure` is what callers branch on. */
export class TranslationError extends Error {
  readonly failure: TranslationFailure;

  constructor(failure: TranslationFailure, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'TranslationError';
    this.failure = failure;
  }
}

/** The engine has no route (direct or pivot) between the two languages. */
export class UnsupportedPairError extends TranslationError {
  constructor(from: string, to: string, engine: string) {
    super('unsupported', `${engine} cannot translate ${from} → ${to}`);
    this.name = 'UnsupportedPairError';
  }
}

export class TranslationTimeoutError extends TranslationError {
  constructor(timeoutMs: number, options?: { cause?: unknown }) {
    super('timeout', `translation took longer than ${timeoutMs} ms`, options);
    this.name = 'TranslationTimeoutError';
  }
}

/** The engine failed: process died, HTTP error, unreadable answer… */
export class TranslationEngineError extends TranslationError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('engine_error', message, options);
    this.name = 'TranslationEngineError';
  }
}

/**
 * The engine answered, but with text not worth showing: a pivoted translation that came back
 * mostly unknown words. The reader gets the original instead.
 */
export class UnreliableTranslationError extends TranslationError {
  constructor(message: string) {
    super('unreliable', message);
    this.name = 'UnreliableTranslationError';
  }
}

/** Wraps anything an engine threw into a TranslationError, keeping typed ones as they are. */
export function toTranslationError(error: unknown): TranslationError {
  if (error instanceof TranslationError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new TranslationEngineError(message, { cause: error });
}
