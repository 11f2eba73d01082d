import type { EgressGuard } from '../http/egressGuard.js';
import {
  type CheckOptions,
  type Correction,
  type Corrector,
  CorrectorUnavailableError,
  MAX_REPLACEMENTS,
  UnsupportedLanguageError,
} from './corrector.js';

/**
 * Parley languages LanguageTool checks (its /v2/languages, intersected with the sdk table).
 * Languages with regional variants are sent with the variant LanguageTool spell-checks by
 * default: a bare 'en' or 'de' gets grammar rules but no spelling.
 */
export const LANGUAGETOOL_CODES: Readonly<Record<string, string>> = {
  ar: 'ar',
  ca: 'ca-ES',
  da: 'da-DK',
  de: 'de-DE',
  el: 'el-GR',
  en: 'en-US',
  es: 'es',
  fa: 'fa',
  fr: 'fr',
  ga: 'ga-IE',
  it: 'it',
  ja: 'ja-JP',
  km: 'km-KH',
  nl: 'nl',
  pl: 'pl-PL',
  pt: 'pt-PT',
  ro: 'ro-RO',
  ru: 'ru-RU',
  sk: 'sk-SK',
  sl: 'sl-SI',
  sv: 'sv',
  ta: 'ta-IN',
  uk: 'uk-UA',
  zh: 'zh-CN',
};

export interface LanguageToolOptions {
  /** e.g. https://languagetool.example.com (LANGUAGETOOL_URL); `/v2/check` is appended. */
  baseUrl: string;
  /**
   * The engines' egress guard (http/engineEgress.ts): a LanguageTool on a private or loopback
   * address is reached only when the operator names its host in ENGINE_PRIVATE_HOSTS.
   */
  egress: EgressGuard;
  /** One /v2/check call (default 5 s). */
  timeoutMs?: number;
  /** Answers when LanguageTool fails or times out, for the languages it has. */
  fallback?: Corrector;
  /** Told about each failure that the fallback covered. */
  onFallback?: (error: unknown, language: string) => void;
}

/** A /v2/check answer larger than this is not a correction list (LanguageTool's are KBs). */
const MAX_ANSWER_BYTES = 2 * 1024 * 1024;

interface LanguageToolMatch {
  message?: unknown;
  shortMessage?: unknown;
  offset?: unknown;
  length?: unknown;
  replacements?: unknown;
}

/** A LanguageTool-compatible HTTP engine (`POST /v2/check`): spelling, grammar and style. */
export class LanguageToolCorrector implements Corrector {
  readonly engine = 'languagetool';
  private readonly checkUrl: string;
  private readonly egress: EgressGuard;
  private readonly timeoutMs: number;
  private readonly fallback: Corrector | undefined;
  private readonly onFallback: LanguageToolOptions['onFallback'];

  constructor(options: LanguageToolOptions) {
    this.checkUrl = `${options.baseUrl.replace(/\/+$/, '')}/v2/check`;
    this.egress = options.egress;
    this.timeoutMs = options.timeoutMs ?? 5_000;
    this.fallback = options.fallback;
    this.onFallback = options.onFallback;
  }

  languages(): string[] {
    return Object.keys(LANGUAGETOOL_CODES).sort();
  }

  async check(text: string, language: string, options: CheckOptions = {}): Promise<Correction[]> {
    const code = LANGUAGETOOL_CODES[language];
    if (!code) throw new UnsupportedLanguageError(language);
    try {
      return await this.ask(text, code, options.signal);
    } catch (error) {
      if (options.signal?.aborted) throw error;
      if (!this.fallback?.languages().includes(language)) {
        throw error instanceof CorrectorUnavailableError
          ? error
          : new CorrectorUnavailableError('LanguageTool failed', { cause: error });
      }
      this.onFallback?.(error, language);
      return this.fallback.check(text, language, options);
    }
  }

  private async ask(text: string, code: string, signal?: AbortSignal): Promise<Correction[]> {
    // A refused address (EgressRefused) fails like a LanguageTool that is down: check() answers
    // with the fallback, or CorrectorUnavailableError (503).
    const response = await this.egress.request(this.checkUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: Buffer.from(new URLSearchParams({ text, language: code }).toString()),
      timeoutMs: this.timeoutMs,
      signal,
      maxResponseBytes: MAX_ANSWER_BYTES,
      // Self-hosted LanguageTool usually speaks plain HTTP; the address checks still apply.
      allowHttp: true,
    });
    if (response.status < 200 || response.status > 299) {
      throw new CorrectorUnavailableError(`LanguageTool answered ${response.status}`);
    }
    const answer = JSON.parse(response.body.toString('utf8')) as { matches?: unknown } | null;
    if (!Array.isArray(answer?.matches)) {
      throw new CorrectorUnavailableError('LanguageTool answered without matches');
    }
    return answer.matches.flatMap((match: LanguageToolMatch) => toCorrection(match, text));
  }

  async close(): Promise<void> {
    await this.fallback?.close();
  }
}

/** A match as a Correction; one whose span is not inside the text is dropped. */
function toCorrection(match: LanguageToolMatch, text: string): Correction[] {
  const { offset, length } = match;
  if (!Number.isInteger(offset) || !Number.isInteger(length)) return [];
  const start = offset as number;
  const end = start + (length as number);
  if (start < 0 || end < start || end > text.length) return [];
  const message =
    typeof match.message === 'string' && match.message !== ''
      ? match.message
      : typeof match.shortMessage === 'string'
        ? match.shortMessage
        : '';
  const replacements = Array.isArray(match.replacements)
    ? match.replacements
        .map((replacement: { value?: unknown }) => replacement?.value)
        .filter((value): value is string => typeof value === 'string')
        .slice(0, MAX_REPLACEMENTS)
    : [];
  return [
    { offset: start, length: end - start, word: text.slice(start, end), message, replacements },
  ];
}
