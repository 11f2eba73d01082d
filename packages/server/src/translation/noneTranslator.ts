import {
  type TranslationResult,
  type Translator,
  type TranslatorCapabilities,
  UnsupportedPairError,
} from './translator.js';

/** No engine configured: every message is delivered as written, and capabilities say so. */
export class NoneTranslator implements Translator {
  readonly engine = 'none';

  async capabilities(): Promise<TranslatorCapabilities> {
    return { pairs: [] };
  }

  async translate(_text: string, from: string, to: string): Promise<TranslationResult> {
    throw new UnsupportedPairError(from, to, this.engine);
  }

  async close(): Promise<void> {}
}
