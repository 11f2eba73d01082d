import { onlyStandIns, type ProtectedWords, restoreText, shieldText } from './protectedText.js';
import type { TranslateOptions, TranslationResult, Translator } from './translator.js';

/**
 * The protection step around every engine (issue 26): what must never be translated (see
 * protectedText.ts) reaches the engine as stand-ins and comes back byte for byte, so '@rosa'
 * does not come back as '@pink', nor 'tapas' as 'pegaste', nor '10:00' as '10.00'. A text that
 * is nothing but protected tokens ('10:00 👍') never reaches the engine at all.
 *
 * People's names are first left in the sentence: a stand-in is no noun to the engine, so
 * 'Ana is coming' came back as 'Ana Il est en train de venir' and "Laura's house" as 'Laura
 * casa' (the translation bench measured lower chrF on names). Only when the engine changed a
 * name ('Rosa' → 'Pink') is the sentence asked again with the names as stand-ins too.
 */
export function protectingTranslator(inner: Translator): Translator {
  async function shielded(
    text: string,
    from: string,
    to: string,
    words: ProtectedWords | undefined,
    options: TranslateOptions | undefined,
  ): Promise<TranslationResult> {
    const shield = shieldText(text, words);
    if (shield.tokens.length === 0) return inner.translate(text, from, to, options);
    if (onlyStandIns(shield)) return { text, engine: inner.engine };
    const result = await inner.translate(shield.text, from, to, options);
    return { ...result, text: restoreText(result.text, shield) };
  }

  return {
    get engine() {
      return inner.engine;
    },
    capabilities: () => inner.capabilities(),
    close: () => inner.close(),
    async translate(text, from, to, options) {
      const words = options?.protect;
      const names = namesIn(text, words);
      if (names.length > 0) {
        const first = await shielded(text, from, to, { ...words, names: [] }, options);
        if (keepsNames(first.text, names)) {
          const unknown = first.unknownWords?.filter((word) => !names.includes(word));
          const { unknownWords: _, ...rest } = first;
          return unknown && unknown.length > 0 ? { ...rest, unknownWords: unknown } : rest;
        }
      }
      return shielded(text, from, to, words, options);
    },
  };
}

/** The names the shield finds in the text (each occurrence), as written there. */
function namesIn(text: string, words: ProtectedWords | undefined): string[] {
  if (!words?.names?.length) return [];
  const withNames = shieldText(text, words).tokens;
  const without = new Set(shieldText(text, { ...words, names: [] }).tokens);
  return withNames.filter((token) => !without.has(token));
}

/** Whether every name comes back as a whole word, as often as it was written. */
function keepsNames(translated: string, names: readonly string[]): boolean {
  const wanted = new Map<string, number>();
  for (const name of names) wanted.set(name, (wanted.get(name) ?? 0) + 1);
  for (const [name, count] of wanted) {
    const escaped = name.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
    const found = translated.match(
      new RegExp(`(?<![\\p{L}\\p{M}\\p{N}_])${escaped}(?![\\p{L}\\p{M}\\p{N}_])`, 'gu'),
    );
    if ((found?.length ?? 0) < count) return false;
  }
  return true;
}
