import type { EgressGuard, EgressResponse } from '../http/egressGuard.js';
import { sdkLanguageCode } from './languageCodes.js';
import type { LanguageDetection, LanguageDetector } from './languageDetector.js';
import { TranslationPairs } from './translationPairs.js';
import {
  type TranslateOptions,
  TranslationEngineError,
  type TranslationPair,
  type TranslationResult,
  type Translator,
  type TranslatorCapabilities,
  UnsupportedPairError,
} from './translator.js';

export interface LibreTranslateOptions {
  /** e.g. https://translate.example.com (LIBRETRANSLATE_URL). */
  baseUrl: string;
  /** Sent as `api_key` when set (LIBRETRANSLATE_API_KEY). */
  apiKey?: string;
  /** How long the /languages list is trusted, default 10 minutes. */
  languagesTtlMs?: number;
  /**
   * The server's egress guard: a LibreTranslate on a private or loopback address is reached
   * only when the operator names its host in ENGINE_PRIVATE_HOSTS.
   */
  egress: EgressGuard;
}

interface LibreLanguage {
  code: string;
  targets?: string[];
}

const LANGUAGES_TIMEOUT_MS = 5_000;
/** A ceiling for a request nobody bounds (the router's per-engine timeout usually comes first). */
const REQUEST_TIMEOUT_MS = 30_000;
/** Far above any answer a chat message or the language list makes. */
const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

/** A LibreTranslate-compatible HTTP engine: POST /translate and /detect, GET /languages. */
export class LibreTranslateTranslator implements Translator {
  readonly engine = 'libretranslate';
  private readonly baseUrl: string;
  private readonly apiKey: string | undefined;
  private readonly languagesTtlMs: number;
  private readonly egress: EgressGuard;
  private languageList: { pairs: TranslationPair[]; fetchedAt: number } | null = null;
  private routes: { pairs: TranslationPair[]; routes: TranslationPairs } | null = null;
  /** The engine's own code for each sdk code ('zh' may be 'zh-Hans' there). */
  private readonly engineCodes = new Map<string, string>();

  constructor(options: LibreTranslateOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.apiKey = options.apiKey || undefined;
    this.languagesTtlMs = options.languagesTtlMs ?? 10 * 60_000;
    this.egress = options.egress;
  }

  /**
   * The pairs /languages lists and the routes through them (the sdk's rule: at most two pivots);
   * an unreachable engine lists none until it answers.
   */
  async capabilities(): Promise<TranslatorCapabilities> {
    const pairs = await this.pairs().catch(() => null);
    return { pairs: pairs ? this.routesThrough(pairs).pairs.map((pair) => ({ ...pair })) : [] };
  }

  async translate(
    text: string,
    from: string,
    to: string,
    options: TranslateOptions = {},
  ): Promise<TranslationResult> {
    // When the list is known, refuse what it cannot route without a round trip, and chain
    // through the pivots it can; when it is not, let /translate decide.
    const pairs = await this.pairs(options.signal).catch(() => null);
    const route = pairs ? this.routesThrough(pairs).route(from, to) : { kind: 'direct' as const };
    if (!route) throw new UnsupportedPairError(from, to, this.engine);
    const stops = [from, ...(route.kind === 'pivot' ? route.via : []), to];
    let current = text;
    for (let i = 1; i < stops.length; i += 1) {
      current = await this.translateOnce(
        current,
        stops[i - 1] as string,
        stops[i] as string,
        options,
      );
    }
    return { text: current, engine: this.engine };
  }

  private async translateOnce(
    text: string,
    from: string,
    to: string,
    options: TranslateOptions,
  ): Promise<string> {
    const answer = await this.post<{ translatedText?: unknown }>(
      '/translate',
      {
        q: text,
        source: this.engineCodes.get(from) ?? from,
        target: this.engineCodes.get(to) ?? to,
        format: 'text',
      },
      options.signal,
      () => new UnsupportedPairError(from, to, this.engine),
    );
    if (typeof answer.translatedText !== 'string') {
      throw new TranslationEngineError('libretranslate answered without translatedText');
    }
    return answer.translatedText;
  }

  /** Routes through a pair list, computed once per list. */
  private routesThrough(pairs: TranslationPair[]): TranslationPairs {
    if (this.routes?.pairs !== pairs) this.routes = { pairs, routes: new TranslationPairs(pairs) };
    return this.routes.routes;
  }

  /** The engine's guesses for the text's language, best first, with confidence 0–1. */
  async detect(text: string, signal?: AbortSignal): Promise<LanguageDetection[]> {
    const answer = await this.post<Array<{ language?: string; confidence?: number }>>(
      '/detect',
      { q: text },
      signal,
    );
    if (!Array.isArray(answer))
      throw new TranslationEngineError('libretranslate /detect: not a list');
    return answer.flatMap((guess) => {
      const language = guess.language ? sdkLanguageCode(guess.language, true) : undefined;
      // LibreTranslate reports confidence in percent.
      const confidence = Math.max(0, Math.min(1, (guess.confidence ?? 0) / 100));
      return language ? [{ language, confidence, reliable: confidence >= 0.5 }] : [];
    });
  }

  /** The source languages /languages lists, as sdk codes. */
  async detectableLanguages(): Promise<string[]> {
    const pairs = await this.pairs().catch(() => []);
    return [...new Set(pairs.map((pair) => pair.from))];
  }

  async close(): Promise<void> {}

  private async pairs(signal?: AbortSignal): Promise<TranslationPair[]> {
    if (this.languageList && Date.now() - this.languageList.fetchedAt < this.languagesTtlMs) {
      return this.languageList.pairs;
    }
    const response = await this.egress.request(`${this.baseUrl}/languages`, {
      headers: { accept: 'application/json' },
      timeoutMs: LANGUAGES_TIMEOUT_MS,
      signal,
      maxResponseBytes: MAX_ANSWER_BYTES,
      allowHttp: true,
    });
    if (response.status < 200 || response.status > 299)
      throw new TranslationEngineError(`libretranslate /languages HTTP ${response.status}`);
    const languages = JSON.parse(response.body.toString('utf8')) as LibreLanguage[];
    if (!Array.isArray(languages))
      throw new TranslationEngineError('libretranslate /languages: not a list');
    const pairs: TranslationPair[] = [];
    for (const language of languages) {
      const from = sdkLanguageCode(language.code, true);
      if (!from) continue;
      if (!this.engineCodes.has(from) || language.code === from)
        this.engineCodes.set(from, language.code);
      for (const target of language.targets ?? []) {
        const to = sdkLanguageCode(target, true);
        if (to && to !== from && !pairs.some((p) => p.from === from && p.to === to)) {
          pairs.push({ from, to });
        }
      }
    }
    this.languageList = { pairs, fetchedAt: Date.now() };
    return pairs;
  }

  private async post<T>(
    path: string,
    fields: Record<string, string>,
    signal: AbortSignal | undefined,
    unsupported?: () => Error,
  ): Promise<T> {
    const body = this.apiKey ? { ...fields, api_key: this.apiKey } : fields;
    let response: EgressResponse;
    try {
      response = await this.egress.request(`${this.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: Buffer.from(JSON.stringify(body)),
        timeoutMs: REQUEST_TIMEOUT_MS,
        signal,
        maxResponseBytes: MAX_ANSWER_BYTES,
        allowHttp: true,
      });
    } catch (error) {
      // A refused address (EgressRefused) fails like an engine that is down: engine_error.
      throw new TranslationEngineError(`libretranslate ${path} unreachable: ${String(error)}`, {
        cause: error,
      });
    }
    const answer = parsedJson(response.body) as (T & { error?: string }) | null;
    const ok = response.status >= 200 && response.status <= 299;
    if (!ok || answer === null) {
      const why = answer?.error ?? 'unreadable answer';
      // LibreTranslate answers 400 "xx is not supported" for languages it lacks.
      if (response.status === 400 && unsupported && /support/i.test(why)) throw unsupported();
      throw new TranslationEngineError(`libretranslate ${path} HTTP ${response.status}: ${why}`);
    }
    return answer;
  }
}

function parsedJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return null;
  }
}

/** LibreTranslate's /detect as a LanguageDetector, for deployments that run it anyway. */
export class LibreTranslateLanguageDetector implements LanguageDetector {
  readonly engine = 'libretranslate';

  constructor(private readonly translator: LibreTranslateTranslator) {}

  languages(): Promise<string[]> {
    return this.translator.detectableLanguages();
  }

  async detect(text: string): Promise<LanguageDetection | null> {
    const [best] = await this.translator.detect(text);
    return best ?? null;
  }
}
