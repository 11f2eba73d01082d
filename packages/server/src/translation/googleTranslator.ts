// The v2 (Basic) client alone: the package's root also loads v3's gRPC stack, which Parley does
// not use.
import type { Translate } from '@google-cloud/translate/build/src/v2/index.js';
import type { EgressGuard } from '../http/egressGuard.js';
import { sendThroughGuard } from './googleRequest.js';
import { type EngineCodes, HostedTranslator } from './hostedTranslator.js';
import {
  TranslationEngineError,
  type TranslationError,
  TranslationTimeoutError,
  UnsupportedPairError,
} from './translator.js';

export interface GoogleTranslatorOptions {
  /** GOOGLE_TRANSLATE_API_KEY; without it the SDK's Application Default Credentials. */
  apiKey?: string;
  /** GOOGLE_CLOUD_PROJECT, for service-account credentials. */
  projectId?: string;
  /**
   * GOOGLE_CLOUD_TRANSLATE_ENDPOINT: the SDK's full endpoint URL (default
   * https://translation.googleapis.com/language/translate/v2).
   */
  endpoint?: string;
  /** Per request, default 5 s. */
  requestTimeoutMs?: number;
  /** The server's egress guard: every request to Google (or the endpoint) is made through it. */
  egress: EgressGuard;
}

/** Google's v2 languages when its languages call cannot be made at start (2026, abridged). */
// biome-ignore format: a list of codes reads best packed
const FALLBACK_CODES = [
  'af', 'am', 'ar', 'az', 'be', 'bg', 'bn', 'bs', 'ca', 'cs', 'cy', 'da', 'de', 'el', 'en', 'eo',
  'es', 'et', 'eu', 'fa', 'fi', 'fr', 'ga', 'gl', 'gu', 'ha', 'hi', 'hr', 'ht', 'hu', 'hy', 'id',
  'is', 'it', 'iw', 'ja', 'jw', 'ka', 'kk', 'km', 'kn', 'ko', 'lo', 'lt', 'lv', 'mk', 'ml', 'mn',
  'mr', 'ms', 'mt', 'my', 'ne', 'nl', 'no', 'pa', 'pl', 'ps', 'pt', 'ro', 'ru', 'si', 'sk', 'sl',
  'so', 'sq', 'sr', 'sv', 'sw', 'ta', 'te', 'th', 'tl', 'tr', 'uk', 'ur', 'uz', 'vi', 'zh-CN',
  'zh-TW',
];

/** Google Cloud Translation (Basic, v2) through `@google-cloud/translate`: any language into any other. */
export class GoogleTranslator extends HostedTranslator<Translate> {
  readonly engine = 'google';
  private readonly options: GoogleTranslatorOptions;

  constructor(options: GoogleTranslatorOptions) {
    super({
      requestTimeoutMs: options.requestTimeoutMs,
      fallback: { sources: FALLBACK_CODES, targets: FALLBACK_CODES },
    });
    this.options = options;
  }

  protected async listLanguages() {
    const client = await this.loadSdk();
    const [languages] = await this.withTimeout(client.getLanguages('en'));
    const codes = languages.map((language) => language.code);
    return { sources: codes, targets: codes };
  }

  protected async send(client: Translate, text: string, codes: EngineCodes) {
    const [translated] = await this.withTimeout(
      client.translate(text, { from: codes.from, to: codes.to, format: 'text' }),
    );
    return typeof translated === 'string' ? translated : undefined;
  }

  protected async createSdk(): Promise<Translate> {
    const google = await import('@google-cloud/translate/build/src/v2/index.js');
    const client = new google.Translate({
      key: this.options.apiKey,
      projectId: this.options.projectId,
      // The router moves on to the next engine instead of retrying here.
      autoRetry: false,
    });
    // What the SDK does with GOOGLE_CLOUD_TRANSLATE_ENDPOINT, from the value given here.
    if (this.options.endpoint) client.baseUrl = this.options.endpoint.replace(/\/+$/, '');
    sendThroughGuard(client, this.options.egress, this.requestTimeoutMs);
    return client;
  }

  /** The SDK's callbacks take no abort signal: the answer is not waited for past the timeout. */
  private withTimeout<T>(request: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new TranslationTimeoutError(this.requestTimeoutMs)),
        this.requestTimeoutMs,
      );
    });
    return Promise.race([request, timeout]).finally(() => clearTimeout(timer));
  }

  /**
   * Google's errors (`{error: {code, message, errors: [{reason}]}}`) as the spec's failures: "Bad
   * language pair" / an invalid target → unsupported; an invalid key, daily or rate limits and
   * the rest → engine_error.
   */
  protected translationError(error: unknown, from: string, to: string): TranslationError {
    // The guard's own time limit on the request (googleRequest.ts), when it ends first.
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      return new TranslationTimeoutError(this.requestTimeoutMs, { cause: error });
    }
    const apiError = error as {
      code?: number;
      message?: string;
      errors?: Array<{ reason?: string }>;
    };
    const message = apiError?.message ?? String(error);
    const reasons = (apiError?.errors ?? []).map((entry) => entry.reason ?? '').join(' ');
    if (/bad language pair|invalid value/i.test(message) || /\binvalid\b/.test(reasons)) {
      return new UnsupportedPairError(from, to, this.engine);
    }
    if (/api key|keyInvalid/i.test(`${message} ${reasons}`)) {
      return new TranslationEngineError(`google refused the key: ${message}`, { cause: error });
    }
    if (/limit|quota/i.test(`${message} ${reasons}`)) {
      return new TranslationEngineError(`google quota exceeded: ${message}`, { cause: error });
    }
    return new TranslationEngineError(`google HTTP ${apiError?.code ?? '?'}: ${message}`, {
      cause: error,
    });
  }
}
