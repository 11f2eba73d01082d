import type { TextTranslationClient } from '@azure-rest/ai-translation-text';
import type { EgressGuard } from '../http/egressGuard.js';
import { type EngineCodes, HostedTranslator } from './hostedTranslator.js';
import {
  TranslationEngineError,
  type TranslationError,
  TranslationTimeoutError,
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

/** Azure's answer other than a translation: its HTTP status and its error body. */
class AzureAnswerError extends Error {
  constructor(
    readonly status: number,
    readonly body: { code?: string | number; message?: string } | undefined,
  ) {
    super(`azure HTTP ${status}`);
  }
}

/** Azure AI Translator through `@azure-rest/ai-translation-text`: any language into any other. */
export class AzureTranslator extends HostedTranslator<AzureSdk> {
  readonly engine = 'azure';
  private readonly options: AzureTranslatorOptions;

  constructor(options: AzureTranslatorOptions) {
    super({
      requestTimeoutMs: options.requestTimeoutMs,
      fallback: { sources: FALLBACK_CODES, targets: FALLBACK_CODES },
    });
    this.options = options;
  }

  protected async listLanguages() {
    const { client, isUnexpected } = await this.loadSdk();
    const response = await client
      .path('/languages')
      .get({ queryParameters: { scope: 'translation' }, timeout: this.requestTimeoutMs });
    if (isUnexpected(response)) throw new Error(response.body.error.message);
    const codes = Object.keys(response.body.translation ?? {});
    return { sources: codes, targets: codes };
  }

  protected async send(
    { client, isUnexpected }: AzureSdk,
    text: string,
    codes: EngineCodes,
    signal: AbortSignal | undefined,
  ) {
    const response = await client.path('/translate').post({
      body: { inputs: [{ text, language: codes.from, targets: [{ language: codes.to }] }] },
      timeout: this.requestTimeoutMs,
      abortSignal: signal,
    });
    if (isUnexpected(response)) {
      throw new AzureAnswerError(Number(response.status), response.body?.error);
    }
    return response.body.value[0]?.translations[0]?.text;
  }

  protected async createSdk(): Promise<AzureSdk> {
    const { key, region, endpoint, egress } = this.options;
    const sdk = await import('@azure-rest/ai-translation-text');
    return {
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
    };
  }

  protected translationError(error: unknown, from: string, to: string): TranslationError {
    return error instanceof AzureAnswerError
      ? this.answerError(error.status, error.body, from, to)
      : this.requestError(error);
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
  private answerError(
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
