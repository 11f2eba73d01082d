import type {
  TranslationResult,
  Translator,
  TranslatorCapabilities,
} from '../../src/translation/translator.js';

/**
 * A stand-in engine for the trust tests (issue 26): English ↔ Spanish from a small phrase table,
 * reporting itself as Apertium does ('apertium-apy') and leaving words it does not know as
 * written, listed in `unknownWords` as the Apertium adapter lists its `*word` marks.
 */
export class MarkingTranslator implements Translator {
  readonly engine = 'apertium';

  constructor(private readonly phrases: Record<string, { text: string; unknown?: string[] }>) {}

  capabilities(): Promise<TranslatorCapabilities> {
    return Promise.resolve({
      pairs: [
        { from: 'en', to: 'es' },
        { from: 'es', to: 'en' },
      ],
    });
  }

  translate(text: string): Promise<TranslationResult> {
    const known = this.phrases[text];
    const result: TranslationResult = {
      text: known?.text ?? `(es) ${text}`,
      engine: 'apertium-apy',
    };
    if (known?.unknown) result.unknownWords = known.unknown;
    return Promise.resolve(result);
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
