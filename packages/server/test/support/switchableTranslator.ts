import { ApertiumTranslator } from '../../src/translation/apertiumTranslator.js';
import {
  type TranslateOptions,
  TranslationEngineError,
  type TranslationResult,
  type Translator,
  type TranslatorCapabilities,
} from '../../src/translation/translator.js';
import { APERTIUM_START_MS } from './engines.js';

/**
 * The real Apertium behind a switch: `fail` makes every call an engine error (a dead engine),
 * and texts containing `hangOn` never answer (a stuck engine), so tests can break it on purpose.
 */
export class SwitchableTranslator implements Translator {
  readonly engine: string;
  fail = false;
  hangOn: string | null = null;
  calls = 0;

  constructor(readonly inner: Translator) {
    this.engine = inner.engine;
  }

  /** Apertium with apertium-apy started and answering. */
  static async apertium(): Promise<SwitchableTranslator> {
    const apertium = new ApertiumTranslator().start();
    if (!(await apertium.whenApyReady(APERTIUM_START_MS - 30_000))) {
      throw new Error('apertium-apy did not start');
    }
    return new SwitchableTranslator(apertium);
  }

  capabilities(): Promise<TranslatorCapabilities> {
    return this.inner.capabilities();
  }

  async translate(
    text: string,
    from: string,
    to: string,
    options?: TranslateOptions,
  ): Promise<TranslationResult> {
    this.calls += 1;
    if (this.fail) throw new TranslationEngineError('engine down (test switch)');
    if (this.hangOn !== null && text.includes(this.hangOn)) return new Promise(() => undefined);
    return this.inner.translate(text, from, to, options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
