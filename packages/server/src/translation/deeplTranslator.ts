import type * as DeepL from 'deepl-node';
import type { EgressGuard } from '../http/egressGuard.js';
import { type EngineCodes, HostedTranslator } from './hostedTranslator.js';
import {
  TranslationEngineError,
  type TranslationError,
  TranslationTimeoutError,
  UnsupportedPairError,
} from './translator.js';

export interface DeepLTranslatorOptions {
  /** DEEPL_AUTH_KEY. */
  authKey: string;
  /** DEEPL_SERVER_URL: the SDK's `serverUrl` (default chosen by the SDK from the key). */
  serverUrl?: string;
  /** The SDK's own per-request timeout, default 5 s. */
  requestTimeoutMs?: number;
  /** The server's egress guard: every connection to DeepL (or the server URL) goes through it. */
  egress: EgressGuard;
}

/**
 * DeepL's languages when its /v2/languages call cannot be made at start (DeepL API docs,
 * 2026): sources, and the target codes it wants for each (regional for English and Portuguese).
 */
// biome-ignore format: a list of codes reads best packed
const FALLBACK_SOURCES = [
  'ar', 'bg', 'cs', 'da', 'de', 'el', 'en', 'es', 'et', 'fi', 'fr', 'he', 'hu', 'id', 'it',
  'ja', 'ko', 'lt', 'lv', 'nb', 'nl', 'pl', 'pt', 'ro', 'ru', 'sk', 'sl', 'sv', 'th', 'tr',
  'uk', 'vi', 'zh',
];
const FALLBACK_TARGETS = [
  ...FALLBACK_SOURCES.filter((code) => code !== 'en' && code !== 'pt'),
  'en-US',
  'pt-BR',
];

/**
 * deepl-node (1.28) sends through one module-wide axios instance with agents of its own and takes
 * no agent option (its `proxy` only names a proxy). Each request's axios settings, made by its
 * HttpClient's `prepareRequest`, are where an agent can be given: Parley's client adds the guard's
 * agents and turns redirects off there. Fails closed if that method is gone.
 */
function sendThroughGuard(client: DeepL.Translator, egress: EgressGuard): void {
  const internals = client as unknown as {
    httpClient?: { prepareRequest?: (...args: unknown[]) => Record<string, unknown> };
  };
  const http = internals.httpClient;
  const prepare = http?.prepareRequest;
  if (!http || typeof prepare !== 'function') {
    throw new Error('deepl-node changed: its requests cannot be guarded');
  }
  http.prepareRequest = (...args) => ({
    ...prepare.apply(http, args),
    ...egress.agents(),
    maxRedirects: 0,
  });
}

interface DeepLSdk {
  deepl: typeof DeepL;
  client: DeepL.Translator;
}

/** DeepL through `deepl-node`: every listed source to every listed target, no pivots. */
export class DeepLTranslator extends HostedTranslator<DeepLSdk> {
  readonly engine = 'deepl';
  private readonly options: DeepLTranslatorOptions;

  constructor(options: DeepLTranslatorOptions) {
    super({
      requestTimeoutMs: options.requestTimeoutMs,
      fallback: { sources: FALLBACK_SOURCES, targets: FALLBACK_TARGETS },
    });
    this.options = options;
  }

  protected async listLanguages() {
    const { client } = await this.loadSdk();
    const [sources, targets] = await Promise.all([
      client.getSourceLanguages(),
      client.getTargetLanguages(),
    ]);
    return {
      sources: sources.map((language) => language.code),
      targets: targets.map((language) => language.code),
    };
  }

  protected async send({ client }: DeepLSdk, text: string, codes: EngineCodes) {
    const result = await client.translateText(
      text,
      codes.from as DeepL.SourceLanguageCode,
      codes.to as DeepL.TargetLanguageCode,
    );
    return result.text;
  }

  protected createSdk(): Promise<DeepLSdk> {
    return import('deepl-node').then((deepl) => {
      const client = new deepl.Translator(this.options.authKey, {
        serverUrl: this.options.serverUrl,
        // The router moves on to the next engine instead of retrying here.
        maxRetries: 0,
        minTimeout: this.requestTimeoutMs,
      });
      sendThroughGuard(client, this.options.egress);
      return { deepl, client };
    });
  }

  /** The SDK's errors as the spec's failures: every one but an unsupported pair is engine_error. */
  protected translationError(
    error: unknown,
    from: string,
    to: string,
    { deepl }: DeepLSdk,
  ): TranslationError {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof deepl.QuotaExceededError) {
      return new TranslationEngineError(`deepl quota exceeded: ${message}`, { cause: error });
    }
    if (error instanceof deepl.AuthorizationError) {
      return new TranslationEngineError(`deepl refused the key: ${message}`, { cause: error });
    }
    if (error instanceof deepl.ConnectionError && /timeout/i.test(message)) {
      return new TranslationTimeoutError(this.requestTimeoutMs, { cause: error });
    }
    // DeepL answers 400 "Value for 'target_lang' not supported." for a language it lacks.
    if (/not supported/i.test(message)) return new UnsupportedPairError(from, to, this.engine);
    return new TranslationEngineError(`deepl: ${message}`, { cause: error });
  }
}
