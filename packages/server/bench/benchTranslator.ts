import type { Translator } from '../src/translation/translator.js';

/**
 * A deterministic stand-in engine for the socket benchmark's "translation on": English ⇄ Spanish,
 * answered on the next turn of the event loop with the text tagged by its target language. It
 * costs the server what any engine's answer costs (a call, a stored row, one more frame per
 * reader language) without Apertium's own CPU, which would measure Apertium, not fan-out.
 */
export function benchStandInTranslator(): Translator {
  return {
    engine: 'bench-stand-in',
    async capabilities() {
      return {
        pairs: [
          { from: 'en', to: 'es' },
          { from: 'es', to: 'en' },
        ],
      };
    },
    translate(text, _from, to) {
      return new Promise((resolve) =>
        setImmediate(() => resolve({ text: `[${to}] ${text}`, engine: 'bench-stand-in' })),
      );
    },
    async close() {},
  };
}
