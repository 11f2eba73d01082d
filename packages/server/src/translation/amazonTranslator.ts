import type * as AmazonTranslate from '@aws-sdk/client-translate';
import type { EgressGuard } from '../http/egressGuard.js';
import { type EngineCodes, HostedTranslator } from './hostedTranslator.js';
import {
  TranslationEngineError,
  type TranslationError,
  TranslationTimeoutError,
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

interface AmazonClient {
  aws: typeof AmazonTranslate;
  client: AmazonTranslate.TranslateClient;
}

/** Amazon Translate through `@aws-sdk/client-translate`: any language into any other. */
export class AmazonTranslator extends HostedTranslator<AmazonClient> {
  readonly engine = 'amazon';
  private readonly options: AmazonTranslatorOptions;

  constructor(options: AmazonTranslatorOptions) {
    super({
      requestTimeoutMs: options.requestTimeoutMs,
      fallback: { sources: FALLBACK_CODES, targets: FALLBACK_CODES },
    });
    this.options = options;
  }

  protected async send(
    { aws, client }: AmazonClient,
    text: string,
    codes: EngineCodes,
    signal: AbortSignal | undefined,
  ) {
    const answer = await client.send(
      new aws.TranslateTextCommand({
        Text: text,
        SourceLanguageCode: codes.from,
        TargetLanguageCode: codes.to,
      }),
      { abortSignal: this.requestSignal(signal) },
    );
    return answer.TranslatedText;
  }

  protected override closeSdk({ client }: AmazonClient): void {
    client.destroy();
  }

  protected async createSdk(): Promise<AmazonClient> {
    const aws = await import('@aws-sdk/client-translate');
    return {
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
    };
  }

  protected async listLanguages() {
    const { aws, client } = await this.loadSdk();
    const languages: AmazonTranslate.Language[] = [];
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
  protected translationError(error: unknown, from: string, to: string): TranslationError {
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
