import { ApertiumCli, type ApertiumCliOptions } from './apertiumCli.js';
import { cleanApertiumOutput } from './apertiumOutput.js';
import { type ApyLog, ApyProcess, type ApyProcessOptions } from './apyProcess.js';
import { sdkLanguageCode } from './languageCodes.js';
import { TranslationPairs } from './translationPairs.js';
import {
  type TranslateOptions,
  TranslationEngineError,
  type TranslationResult,
  type Translator,
  type TranslatorCapabilities,
  UnsupportedPairError,
} from './translator.js';

export interface ApertiumTranslatorOptions {
  /** Run apertium-apy as a child process (default true); false uses only the CLI. */
  apy?: boolean | ApyProcessOptions;
  cli?: ApertiumCliOptions;
  log?: ApyLog;
}

/** One installed direct pair, with the names each way of running Apertium knows it by. */
interface DirectPair {
  from: string;
  to: string;
  /** CLI mode, e.g. 'eng-spa' or 'es-pt'. */
  mode?: string;
  /** APY codes, e.g. 'eng' and 'spa'. */
  apyFrom?: string;
  apyTo?: string;
}

function pairKey(from: string, to: string): string {
  return `${from}>${to}`;
}

/**
 * Apertium, offline: through apertium-apy (a managed child process, pipelines stay warm) when
 * it answers, else through the `apertium` CLI (one process per call). Language pairs without a
 * direct mode go through English or Spanish when both legs are installed.
 */
export class ApertiumTranslator implements Translator {
  readonly engine = 'apertium';
  private readonly cli: ApertiumCli;
  private readonly apy: ApyProcess | null;
  private modes: Promise<string[]> | null = null;
  private cached: {
    apyPairs: readonly unknown[];
    direct: Map<string, DirectPair>;
    pairs: TranslationPairs;
  } | null = null;

  constructor(options: ApertiumTranslatorOptions = {}) {
    this.cli = new ApertiumCli(options.cli);
    const apyOptions = typeof options.apy === 'object' ? options.apy : {};
    this.apy = options.apy === false ? null : new ApyProcess({ log: options.log, ...apyOptions });
  }

  /** Starts apertium-apy in the background; until it answers, calls use the CLI. */
  start(): this {
    this.apy?.start();
    return this;
  }

  /** Resolves true once apertium-apy answers (false without APY or after the timeout). */
  async whenApyReady(timeoutMs?: number): Promise<boolean> {
    if (!this.apy) return false;
    this.apy.start();
    return this.apy.whenReady(timeoutMs);
  }

  /** The APY child's process id while it runs. */
  get apyPid(): number | undefined {
    return this.apy?.pid;
  }

  /** How many times APY reached ready (1 after the first start, 2 after a restart…). */
  get apyStarts(): number {
    return this.apy?.starts ?? 0;
  }

  async capabilities(): Promise<TranslatorCapabilities> {
    const { pairs } = await this.pairTable();
    return { pairs: pairs.pairs.map((pair) => ({ ...pair })) };
  }

  async translate(
    text: string,
    from: string,
    to: string,
    options: TranslateOptions = {},
  ): Promise<TranslationResult> {
    const { direct, pairs } = await this.pairTable();
    const route = pairs.route(from, to);
    if (!route) throw new UnsupportedPairError(from, to, this.engine);
    const legs =
      route.kind === 'direct'
        ? [direct.get(pairKey(from, to))]
        : [direct.get(pairKey(from, route.via)), direct.get(pairKey(route.via, to))];
    const known = legs.filter((leg): leg is DirectPair => leg !== undefined);
    if (known.length !== legs.length) throw new UnsupportedPairError(from, to, this.engine);

    const baseUrl = this.apy?.baseUrl;
    if (baseUrl && known.every((leg) => leg.apyFrom && leg.apyTo)) {
      const translated = await this.translateWithApy(baseUrl, text, known, options.signal);
      return { text: cleanApertiumOutput(translated, text), engine: 'apertium-apy' };
    }
    if (known.every((leg) => leg.mode)) {
      let current = text;
      for (const leg of known) {
        current = await this.cli.translate(leg.mode as string, current, options.signal);
      }
      return { text: cleanApertiumOutput(current, text), engine: 'apertium-cli' };
    }
    throw new TranslationEngineError('apertium-apy is not answering and the CLI lacks this pair');
  }

  async close(): Promise<void> {
    await this.apy?.close();
  }

  private async translateWithApy(
    baseUrl: string,
    text: string,
    legs: DirectPair[],
    signal: AbortSignal | undefined,
  ): Promise<string> {
    const [first] = legs;
    const body = new URLSearchParams({ q: text, markUnknown: 'no', format: 'txt' });
    let path = '/translate';
    if (legs.length === 1) {
      body.set('langpair', `${first?.apyFrom}|${first?.apyTo}`);
    } else {
      // One request through APY's chain handler: the pivot text never leaves APY.
      path = '/translateChain';
      body.set('langpairs', [first?.apyFrom, ...legs.map((leg) => leg.apyTo)].join('|'));
    }
    let response: Response;
    try {
      response = await fetch(`${baseUrl}${path}`, { method: 'POST', body, signal });
    } catch (error) {
      throw new TranslationEngineError(`apertium-apy unreachable: ${String(error)}`, {
        cause: error,
      });
    }
    const answer = (await response.json().catch(() => null)) as {
      responseData?: { translatedText?: unknown };
      message?: string;
      explanation?: string;
    } | null;
    const translated = answer?.responseData?.translatedText;
    if (!response.ok || typeof translated !== 'string') {
      const why = answer?.explanation ?? answer?.message ?? 'no translation in the answer';
      throw new TranslationEngineError(`apertium-apy ${path} HTTP ${response.status}: ${why}`);
    }
    return translated;
  }

  /** Direct pairs from the CLI's modes and, while it runs, APY's /listPairs; rebuilt when APY's list changes. */
  private async pairTable(): Promise<{ direct: Map<string, DirectPair>; pairs: TranslationPairs }> {
    this.modes ??= this.cli.listModes().catch(() => []);
    const modes = await this.modes;
    const apyPairs = this.apy?.pairs ?? [];
    if (this.cached && this.cached.apyPairs === apyPairs) return this.cached;

    const direct = new Map<string, DirectPair>();
    const entry = (from: string, to: string): DirectPair => {
      const key = pairKey(from, to);
      let pair = direct.get(key);
      if (!pair) {
        pair = { from, to };
        direct.set(key, pair);
      }
      return pair;
    };
    for (const mode of modes) {
      const match = /^([a-z]{2,3})-([a-z]{2,3})$/.exec(mode);
      if (!match?.[1] || !match[2]) continue;
      const from = sdkLanguageCode(match[1]);
      const to = sdkLanguageCode(match[2]);
      if (from && to) entry(from, to).mode ??= mode;
    }
    for (const pair of apyPairs) {
      const from = sdkLanguageCode(pair.sourceLanguage);
      const to = sdkLanguageCode(pair.targetLanguage);
      if (!from || !to) continue;
      const known = entry(from, to);
      known.apyFrom ??= pair.sourceLanguage;
      known.apyTo ??= pair.targetLanguage;
    }
    this.cached = { apyPairs, direct, pairs: new TranslationPairs([...direct.values()]) };
    return this.cached;
  }
}
