import type { ProtectedWords } from './protectedText.js';
import {
  type TranslationFailure,
  TranslationTimeoutError,
  type Translator,
  toTranslationError,
} from './translator.js';

export const DEFAULT_TRANSLATION_TIMEOUT_MS = 8_000;

/**
 * What a message carries after translation. On failure `text` is the original and `failure`
 * is the marker telling readers it is untranslated; a message is never lost to an engine.
 */
export interface SafeTranslation {
  text: string;
  translated: boolean;
  engine?: string;
  /** Issue 26: words the engine left untranslated (from TranslationResult). */
  unknownWords?: string[];
  failure?: TranslationFailure;
}

export interface TranslateSafelyOptions {
  /** Per call, default 8 s. */
  timeoutMs?: number;
  /** The caller's own cancellation (e.g. server closing); reported as engine_error. */
  signal?: AbortSignal;
  /** Told about every failure, to log it; translateSafely itself never throws. */
  onFailure?: (error: Error, context: { from: string; to: string }) => void;
  /** Names and the sender's glossary kept as they are (issue 26, protectingTranslator). */
  protect?: ProtectedWords;
}

/** Translates, or gives back the original text with the reason when that is not possible. */
export async function translateSafely(
  translator: Translator,
  text: string,
  from: string,
  to: string,
  options: TranslateSafelyOptions = {},
): Promise<SafeTranslation> {
  if (from === to || text.trim() === '') return { text, translated: false };
  const timeoutMs = options.timeoutMs ?? DEFAULT_TRANSLATION_TIMEOUT_MS;
  const controller = new AbortController();
  const abortFromCaller = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', abortFromCaller, { once: true });
  let timer: NodeJS.Timeout | undefined;
  // The race guards against an engine that ignores its abort signal: the caller still gets
  // an answer on time.
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new TranslationTimeoutError(timeoutMs);
      controller.abort(error);
      reject(error);
    }, timeoutMs);
  });
  try {
    if (options.signal?.aborted) controller.abort(options.signal.reason);
    const result = await Promise.race([
      translator.translate(text, from, to, {
        signal: controller.signal,
        ...(options.protect ? { protect: options.protect } : {}),
      }),
      timeout,
    ]);
    const safe: SafeTranslation = { text: result.text, translated: true, engine: result.engine };
    if (result.unknownWords && result.unknownWords.length > 0)
      safe.unknownWords = result.unknownWords;
    return safe;
  } catch (error) {
    const failure =
      controller.signal.reason instanceof TranslationTimeoutError
        ? controller.signal.reason
        : toTranslationError(error);
    options.onFailure?.(failure, { from, to });
    return { text, translated: false, failure: failure.failure };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', abortFromCaller);
  }
}
