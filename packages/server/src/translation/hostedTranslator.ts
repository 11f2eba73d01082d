import { type EngineLanguageCodes, EngineLanguages } from './engineLanguages.js';
import {
  type TranslateOptions,
  TranslationEngineError,
  type TranslationError,
  type TranslationResult,
  TranslationTimeoutError,
  type Translator,
  type TranslatorCapabilities,
  UnsupportedPairError,
} from './translator.js';

/** The engine's own codes for one picker pair ('en' → 'en-US' at DeepL). */
export interface EngineCodes {
  from: string;
  to: string;
}

/**
 * What every hosted engine (DeepL, Google, Azure, Amazon) shares: its SDK loaded on first use (a
 * server without that engine never loads it), its language list fetched at start with a fallback
 * list when the engine cannot be asked, every source into every target with no pivots, and one
 * translate path — unsupported pairs refused before a request, the request, an answer without a
 * translation as engine_error, and the SDK's errors mapped to the spec's failures. An adapter
 * says only how to make its client, list its languages, send one text and read its errors.
 */
export abstract class HostedTranslator<Sdk> implements Translator {
  abstract readonly engine: string;
  protected readonly requestTimeoutMs: number;
  private sdk: Promise<Sdk> | null = null;
  private readonly languages: EngineLanguages;

  constructor(settings: { requestTimeoutMs?: number; fallback: EngineLanguageCodes }) {
    this.requestTimeoutMs = settings.requestTimeoutMs ?? 5_000;
    this.languages = new EngineLanguages(() => this.listLanguages(), settings.fallback);
  }

  /** Makes the engine's client (called once, on first use). */
  protected abstract createSdk(): Promise<Sdk>;

  /** The engine's own language codes (asked at start; the fallback list when that fails). */
  protected abstract listLanguages(): Promise<EngineLanguageCodes>;

  /** Sends one text; the translation, or undefined when the answer carries none. */
  protected abstract send(
    sdk: Sdk,
    text: string,
    codes: EngineCodes,
    signal: AbortSignal | undefined,
  ): Promise<string | undefined>;

  /** The SDK's error for a request as the spec's failure (unsupported, timeout, engine_error). */
  protected abstract translationError(
    error: unknown,
    from: string,
    to: string,
    sdk: Sdk,
  ): TranslationError;

  /** Releases the client's sockets, for engines whose client holds some. */
  protected closeSdk(_sdk: Sdk): void {}

  /** Fetches the language list (the fallback list when the engine cannot be asked). */
  start(): this {
    void this.languages.load();
    return this;
  }

  async capabilities(): Promise<TranslatorCapabilities> {
    return { pairs: (await this.languages.load()).pairs.map((pair) => ({ ...pair })) };
  }

  async translate(
    text: string,
    from: string,
    to: string,
    options: TranslateOptions = {},
  ): Promise<TranslationResult> {
    const codes = await this.languages.codesFor(from, to);
    if (!codes) throw new UnsupportedPairError(from, to, this.engine);
    const sdk = await this.loadSdk();
    let translated: string | undefined;
    try {
      translated = await this.send(sdk, text, codes, options.signal);
    } catch (error) {
      // A failure the adapter already named (its own timeout, say) stays as it is.
      if (
        error instanceof TranslationTimeoutError ||
        error instanceof TranslationEngineError ||
        error instanceof UnsupportedPairError
      ) {
        throw error;
      }
      throw this.translationError(error, from, to, sdk);
    }
    if (typeof translated !== 'string') {
      throw new TranslationEngineError(`${this.engine} answered without a translation`);
    }
    return { text: translated, engine: this.engine };
  }

  async close(): Promise<void> {
    if (this.sdk) this.closeSdk(await this.sdk);
  }

  protected loadSdk(): Promise<Sdk> {
    this.sdk ??= this.createSdk();
    return this.sdk;
  }

  /** The request's own timeout, with the caller's cancellation when there is one. */
  protected requestSignal(callerSignal?: AbortSignal): AbortSignal {
    const timeout = AbortSignal.timeout(this.requestTimeoutMs);
    return callerSignal ? AbortSignal.any([callerSignal, timeout]) : timeout;
  }
}
