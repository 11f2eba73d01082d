import { onlyStandIns, restoreText, shieldText } from './protectedText.js';
import type { Translator } from './translator.js';

/**
 * The protection step around every engine (issue 26): what must never be translated (see
 * protectedText.ts) reaches the engine as stand-ins and comes back byte for byte, so '@rosa'
 * does not come back as '@pink', nor 'tapas' as 'pegaste', nor '10:00' as '10.00'. A text that
 * is nothing but protected tokens ('10:00 👍') never reaches the engine at all.
 */
export function protectingTranslator(inner: Translator): Translator {
  return {
    get engine() {
      return inner.engine;
    },
    capabilities: () => inner.capabilities(),
    close: () => inner.close(),
    async translate(text, from, to, options) {
      const shielded = shieldText(text, options?.protect);
      if (shielded.tokens.length === 0) return inner.translate(text, from, to, options);
      if (onlyStandIns(shielded)) return { text, engine: inner.engine };
      const result = await inner.translate(shielded.text, from, to, options);
      return { ...result, text: restoreText(result.text, shielded) };
    },
  };
}
