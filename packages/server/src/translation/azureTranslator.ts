import type { TextTranslationClient } from '@azure-rest/ai-translation-text';
import type { EgressGuard } from '../http/egressGuard.js';
import { EngineLanguages } from './engineLanguages.js';
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

export interface AzureTranslatorOptions {
  /** AZURE_TRANSLATOR_KEY. */
  key: string;
  /** AZURE_TRANSLATOR_REGION: the resource's region (needed for multi-service and regional keys). */
  region?: string;
  /** AZURE_TRANSLATOR_ENDPOINT, default the global https://api.cognitive.microsofttranslator.com. */
  endpoint?: string;
  /** Per request, default 5 s. */
  requestTimeoutMs?: number;
  /** The server's egress guard; its agent makes every connection to Azure (or the endpoint). */
  egress: EgressGuard;
}

const DEFAULT_ENDPOINT = 'https://api.cognitive.microsofttranslator.com';

interface AzureSdk {
  client: TextTranslationClient;
  isUnexpected: typeof import('@azure-rest/ai-translation-text').isUnexpected;
}

/** Azure's translation scope when its /languages call cannot be made at start (2026). */
// biome-ignore format: a list of codes reads best packed
const FALLBACK_CODES = [
  'af', 'am', 'ar', 'az', 'bg', 'bn', 'bs', 'ca', 'cs', 'cy', 'da', 'de', 'el', 'en', 'es', 'et',
  'eu', 'fa', 'fi', 'fil', 'fr', 'ga', 'gl', 'gu', 'he', 'hi', 'hr', 'hu', 'hy', 'id', 'is', 'it',
  'ja', 'ka', 'kk', 'km', 'kn', 'ko', 'lo', 'lt', 'lv', 'mk', 'ml', 'mn', 'mr', 'ms', 'mt', 'my',
  'nb', 'ne', 'nl', 'pa', 'pl', 'ps', 'pt', 'ro', 'ru', 'sk', 'sl', 'so', 'sq', 'sr-Cyrl', 'sv',
  'sw', 'ta', 'te', 'th', 'tr', 'uk', 'ur', 'uz', 'vi', 'zh-Hans', 'zh-Hant',
];

/** Azure AI Translator through `@azure-rest/ai-translation-text`: any language into any other. */
export class AzureTranslator implements Translator {
  readonly engine = 'azure';
  /** The SDK, loaded on first use: a server without Azure never loads it. */
  private sdk: Promise<AzureSdk> | null = null;
  private readonly options: AzureTranslatorOptions;
  private readonly requestTimeoutMs: number;
  private readonly languages: EngineLanguages;

  constructor(options: AzureTranslatorOptions) {
    this.requestTimeoutMs = options.requestTimeoutMs ?? 5_000;
    this.options = options;
    this.languages = new EngineLanguages(
      async () => {
        const { client, isUnexpected } = await this.loadSdk();
        const response = await client
          .path('/languages')
          .get({ queryParameters: { scope: 'translation' }, timeout: this.requestTimeoutMs });
        if (isUnexpected(response)) throw new Error(response.body.error.message);
        const codes = Object.keys(response.body.translation ?? {});
        return { sources: codes, targets: codes };
      },
      { sources: FALLBACK_CODES, targets: FALLBACK_CODES },
    );
  }

  /** Fetches the language list (the fallback list when Azure cannot be asked). */
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
    const { client, isUnexpected } = await this.loadSdk();
    const request = client.path('/translate').post({
      body: { inputs: [{ text, language: codes.from, targets: [{ language: codes.to }] }] },
      timeout: this.requestTimeoutMs,
      abortSignal: options.signal,
    });
    const response = await Promise.resolve(request).catch((error: unknown) => {
      throw this.requestError(error);
    });
    if (isUnexpected(response)) {
      throw this.translationError(Number(response.status), response.body?.error, from, to);
    }
    const translated = response.body.value[0]?.translations[0]?.text;
    if (typeof translated !== 'string') {
      throw new TranslationEngineError('azure answered without a translation');
    }
    return { text: translated, engine: this.engine };
  }

  async close(): Promise<void> {}

  private loadSdk(): Promise<AzureSdk> {
    const { key, region, endpoint, egress } = this.options;
    this.sdk ??= import('@azure-rest/ai-translation-text').then((sdk) => ({
      isUnexpected: sdk.isUnexpected,
      client: sdk.default(
        endpoint ?? DEFAULT_ENDPOINT,
        { key, region: region ?? 'global' },
        {
          // The router moves on to the next engine instead of retrying here.
          retryOptions: { maxRetries: 0 },
          // Every connection through the guard's agent for the endpoint's scheme, and no
          // redirect to somewhere else.
          agent: egress.agentFor(endpoint ?? DEFAULT_ENDPOINT),
          redirectOptions: { maxRetries: 0 },
          // Only an operator's explicit http:// endpoint (a local proxy, a stand-in) goes plain.
          allowInsecureConnection: endpoint?.startsWith('http://') ?? false,
        },
      ),
    }));
    return this.sdk;
  }

  /** No answer: the SDK's timeout (or the router's abort) → timeout, anything else engine_error. */
  private requestError(error: unknown): TranslationError {
    const message = error instanceof Error ? `${error.name} ${error.message}` : String(error);
    if (/timeout|timed out|abort/i.test(message)) {
      return new TranslationTimeoutError(this.requestTimeoutMs, { cause: error });
    }
    return new TranslationEngineError(`azure unreachable: ${message}`, { cause: error });
  }

  /**
   * Azure's errors (HTTP status, six-digit code) as the spec's failures: 400035/400036 (source or
   * target language not valid) → unsupported; 401 (bad key), 403001 (free quota used up), 429
   * and the rest → engine_error.
   */
  private translationError(
    status: number,
    error: { code?: string | number; message?: string } | undefined,
    from: string,
    to: string,
  ): TranslationError {
    const code = String(error?.code ?? '');
    const message = error?.message ?? `HTTP ${status}`;
    if (code === '400035' || code === '400036')
      return new UnsupportedPairError(from, to, this.engine);
    if (status === 401) return new TranslationEngineError(`azure refused the key: ${message}`);
    if (code === '403001') return new TranslationEngineError(`azure quota exceeded: ${message}`);
    return new TranslationEngineError(`azure HTTP ${status} ${code}: ${message}`);
  }
}
