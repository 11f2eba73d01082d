import type * as AmazonSdk from '@aws-sdk/client-translate';
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

export interface AmazonTranslatorOptions {
  /** AWS_REGION (or AWS_DEFAULT_REGION). */
  region: string;
  /** AMAZON_TRANSLATE_ENDPOINT: the SDK's `endpoint` (default: the region's). */
  endpoint?: string;
  /** Explicit keys; without them the SDK's default chain (AWS_ACCESS_KEY_ID, profiles, roles). */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
  /** Per request, default 5 s. */
  requestTimeoutMs?: number;
  /** The server's egress guard; its agents make every connection to Amazon (or the endpoint). */
  egress: EgressGuard;
}

/** Amazon Translate's languages when ListLanguages cannot be called at start (2026). */
// biome-ignore format: a list of codes reads best packed
const FALLBACK_CODES = [
  'af', 'am', 'ar', 'az', 'bg', 'bn', 'bs', 'ca', 'cs', 'cy', 'da', 'de', 'el', 'en', 'es', 'et',
  'fa', 'fi', 'fr', 'ga', 'gu', 'ha', 'he', 'hi', 'hr', 'ht', 'hu', 'hy', 'id', 'is', 'it', 'ja',
  'ka', 'kk', 'kn', 'ko', 'lt', 'lv', 'mk', 'ml', 'mn', 'mr', 'ms', 'mt', 'nl', 'no', 'pa', 'pl',
  'ps', 'pt', 'ro', 'ru', 'si', 'sk', 'sl', 'so', 'sq', 'sr', 'sv', 'sw', 'ta', 'te', 'th', 'tl',
  'tr', 'uk', 'ur', 'uz', 'vi', 'zh',
];

/** Amazon Translate through `@aws-sdk/client-translate`: any language into any other. */
export class AmazonTranslator implements Translator {
  readonly engine = 'amazon';
  /** The SDK, loaded on first use: a server without Amazon never loads it. */
  private sdk: Promise<{ aws: typeof AmazonSdk; client: AmazonSdk.TranslateClient }> | null = null;
  private readonly options: AmazonTranslatorOptions;
  private readonly requestTimeoutMs: number;
  private readonly languages: EngineLanguages;

  constructor(options: AmazonTranslatorOptions) {
    this.requestTimeoutMs = options.requestTimeoutMs ?? 5_000;
    this.options = options;
    this.languages = new EngineLanguages(() => this.listLanguages(), {
      sources: FALLBACK_CODES,
      targets: FALLBACK_CODES,
    });
  }

  /** Fetches the language list (the fallback list when Amazon cannot be asked). */
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
    const { aws, client } = await this.loadSdk();
    try {
      const answer = await client.send(
        new aws.TranslateTextCommand({
          Text: text,
          SourceLanguageCode: codes.from,
          TargetLanguageCode: codes.to,
        }),
        { abortSignal: this.requestSignal(options.signal) },
      );
      if (typeof answer.TranslatedText !== 'string') {
        throw new TranslationEngineError('amazon answered without TranslatedText');
      }
      return { text: answer.TranslatedText, engine: this.engine };
    } catch (error) {
      throw this.translationError(error, from, to);
    }
  }

  async close(): Promise<void> {
    if (this.sdk) (await this.sdk).client.destroy();
  }

  private loadSdk(): Promise<{ aws: typeof AmazonSdk; client: AmazonSdk.TranslateClient }> {
    this.sdk ??= import('@aws-sdk/client-translate').then((aws) => ({
      aws,
      client: new aws.TranslateClient({
        region: this.options.region,
        endpoint: this.options.endpoint,
        credentials: this.options.credentials,
        // The router moves on to the next engine instead of retrying here.
        maxAttempts: 1,
        // The SDK's NodeHttpHandler, made with the guard's agents (it follows no redirects).
        // Credentials from the instance metadata service are the SDK's own fetch, not this.
        requestHandler: this.options.egress.agents(),
      }),
    }));
    return this.sdk;
  }

  /** The request's own timeout, with the caller's cancellation when there is one. */
  private requestSignal(callerSignal?: AbortSignal): AbortSignal {
    const timeout = AbortSignal.timeout(this.requestTimeoutMs);
    return callerSignal ? AbortSignal.any([callerSignal, timeout]) : timeout;
  }

  private async listLanguages(): Promise<{ sources: string[]; targets: string[] }> {
    const { aws, client } = await this.loadSdk();
    const languages: AmazonSdk.Language[] = [];
    let nextToken: string | undefined;
    do {
      const page = await client.send(
        new aws.ListLanguagesCommand({ MaxResults: 500, NextToken: nextToken }),
        { abortSignal: this.requestSignal() },
      );
      languages.push(...(page.Languages ?? []));
      nextToken = page.NextToken;
    } while (nextToken);
    const codes = languages.flatMap((language) =>
      language.LanguageCode && language.LanguageCode !== 'auto' ? [language.LanguageCode] : [],
    );
    return { sources: codes, targets: codes };
  }

  /**
   * Amazon's exceptions (their `__type`) as the spec's failures: UnsupportedLanguagePair →
   * unsupported; the SDK's request timeout → timeout; a refused key
   * (UnrecognizedClient, InvalidSignature), throttling and limits, everything else → engine_error.
   */
  private translationError(error: unknown, from: string, to: string): TranslationError {
    if (error instanceof TranslationEngineError) return error;
    const name = error instanceof Error ? error.name : '';
    const message = error instanceof Error ? error.message : String(error);
    if (name === 'UnsupportedLanguagePairException') {
      return new UnsupportedPairError(from, to, this.engine);
    }
    if (name === 'TimeoutError' || name === 'AbortError' || /timed? ?out/i.test(message)) {
      return new TranslationTimeoutError(this.requestTimeoutMs, { cause: error });
    }
    if (/UnrecognizedClient|InvalidSignature|AccessDenied/.test(name)) {
      return new TranslationEngineError(`amazon refused the key: ${message}`, { cause: error });
    }
    if (/LimitExceeded|TooManyRequests|Throttling/.test(name)) {
      return new TranslationEngineError(`amazon quota exceeded: ${message}`, { cause: error });
    }
    return new TranslationEngineError(`amazon ${name}: ${message}`, { cause: error });
  }
}
