import { TranslationPairs } from './translationPairs.js';
import {
  type TranslateOptions,
  type TranslationError,
  type TranslationPair,
  type TranslationResult,
  TranslationTimeoutError,
  type Translator,
  type TranslatorCapabilities,
  toTranslationError,
  UnsupportedPairError,
} from './translator.js';

/** One engine in the `TRANSLATORS` order. */
export interface RoutedEngine {
  translator: Translator;
  /** Runs on this server (Apertium), not at a provider. */
  offline: boolean;
  /** Characters a day (UTC) after which the engine is skipped until the next day. */
  dailyCharacterCap?: number;
}

/** Where the router counts what each engine translated (operators pay per character). */
export interface EngineUsageLedger {
  /** Characters the engine translated today (UTC). */
  charactersToday(engine: string): Promise<number>;
  /** One successful request of `characters` characters. */
  record(engine: string, characters: number): Promise<void>;
}

export interface TranslationRouterOptions {
  /** How long one engine may take before the next is tried, default 3 s. */
  engineTimeoutMs?: number;
  usage?: EngineUsageLedger;
  /** Told when an engine failed and the next one is tried, to log it. */
  onEngineFailure?: (engine: string, error: TranslationError) => void;
}

export const DEFAULT_ENGINE_TIMEOUT_MS = 3_000;
/** How long an engine's pair list is trusted before it is asked again. */
const PAIRS_TTL_MS = 30_000;

const pairKey = (from: string, to: string) => `${from}>${to}`;

/** Characters as the providers bill them: Unicode code points, not UTF-16 units (an emoji is 1). */
function billedCharacters(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

/**
 * Several engines in the operator's order (`TRANSLATORS=deepl,google,apertium`): each pair goes to
 * the first engine that supports it, to the next one that does when it fails, times out or has
 * used its daily character cap, and never to an engine that does not support it.
 */
export class TranslationRouter implements Translator {
  readonly engine: string;
  private readonly engineTimeoutMs: number;
  /** Cross-engine routes, planned again when an engine's list changes. */
  private planned: { signature: string; pairs: TranslationPairs } | null = null;
  private readonly engineLists: Array<
    { at: number; pairs: TranslationPair[]; keys: Set<string> } | undefined
  > = [];

  constructor(
    private readonly engines: readonly RoutedEngine[],
    private readonly options: TranslationRouterOptions = {},
  ) {
    if (engines.length === 0) throw new Error('TranslationRouter needs at least one engine');
    this.engine = engines.map((entry) => entry.translator.engine).join('+');
    this.engineTimeoutMs = options.engineTimeoutMs ?? DEFAULT_ENGINE_TIMEOUT_MS;
  }

  /** Every pair any engine serves, each with the engine the router would use first. */
  async capabilities(): Promise<TranslatorCapabilities> {
    const lists = await this.pairsPerEngine();
    const pairs = new Map<string, TranslationPair>();
    for (const [index, list] of lists.entries()) {
      const entry = this.engines[index] as RoutedEngine;
      if (await this.overCap(entry, 0)) continue;
      for (const pair of list) {
        const key = pairKey(pair.from, pair.to);
        if (!pairs.has(key)) {
          pairs.set(key, { ...pair, engine: entry.translator.engine, offline: entry.offline });
        }
      }
    }
    return { pairs: [...pairs.values()] };
  }

  async translate(
    text: string,
    from: string,
    to: string,
    options: TranslateOptions = {},
  ): Promise<TranslationResult> {
    const lists = await this.pairsPerEngine();
    const characters = billedCharacters(text);
    const candidates: RoutedEngine[] = [];
    for (const [index, entry] of this.engines.entries()) {
      if (this.supports(index, from, to) && !(await this.overCap(entry, characters))) {
        candidates.push(entry);
      }
    }
    let lastError: TranslationError | undefined;
    for (const [position, entry] of candidates.entries()) {
      if (options.signal?.aborted) break;
      // The last candidate has no one to hand over to: only the caller's deadline bounds it
      // (a cold Apertium pivot may need more than the per-engine timeout).
      const last = position === candidates.length - 1;
      try {
        const result = await this.translateWith(
          entry.translator,
          text,
          from,
          to,
          options.signal,
          last ? undefined : this.engineTimeoutMs,
        );
        await this.options.usage?.record(entry.translator.engine, characters).catch(() => {});
        return result;
      } catch (error) {
        lastError = toTranslationError(error);
        this.options.onEngineFailure?.(entry.translator.engine, lastError);
      }
    }
    if (!lastError) {
      const route = this.crossEngineRoute(lists, from, to);
      if (route) return this.translateLegs(text, [from, ...route, to], options);
    }
    throw lastError ?? new UnsupportedPairError(from, to, this.engine);
  }

  /**
   * When no engine lists a pair, the pivots the client plans too: a capabilities answer with no
   * `via` anywhere is routed by the sdk's `planTranslationRoutes` over its direct pairs (German
   * → English at DeepL, English → Korean at Azure), so the server follows the same chain, each
   * leg routed as a pair of its own. An engine that pivots itself (Apertium) makes the list
   * explicit, and then only listed pairs are served.
   */
  private crossEngineRoute(
    lists: TranslationPair[][],
    from: string,
    to: string,
  ): string[] | undefined {
    if (lists.some((list) => list.some((pair) => pair.via !== undefined))) return undefined;
    const signature = lists.map((list) => list.length).join(',');
    if (this.planned?.signature !== signature) {
      this.planned = { signature, pairs: new TranslationPairs(lists.flat()) };
    }
    const route = this.planned.pairs.route(from, to);
    return route?.kind === 'pivot' ? route.via : undefined;
  }

  private async translateLegs(
    text: string,
    stops: string[],
    options: TranslateOptions,
  ): Promise<TranslationResult> {
    let current = text;
    const engines: string[] = [];
    for (let i = 1; i < stops.length; i += 1) {
      const leg = await this.translate(
        current,
        stops[i - 1] as string,
        stops[i] as string,
        options,
      );
      current = leg.text;
      if (!engines.includes(leg.engine)) engines.push(leg.engine);
    }
    return { text: current, engine: engines.join('+') };
  }

  async close(): Promise<void> {
    await Promise.all(this.engines.map((entry) => entry.translator.close()));
  }

  /**
   * Each engine's pairs in order, asked again after PAIRS_TTL_MS (hosted engines list thousands:
   * not copied per message); an engine that cannot say serves none for now and is asked again
   * next time.
   */
  private async pairsPerEngine(): Promise<TranslationPair[][]> {
    const now = Date.now();
    return Promise.all(
      this.engines.map(async (entry, index) => {
        const known = this.engineLists[index];
        if (known && now - known.at < PAIRS_TTL_MS) return known.pairs;
        const pairs = await entry.translator
          .capabilities()
          .then((capabilities) => capabilities.pairs)
          .catch(() => []);
        if (pairs.length > 0) {
          this.engineLists[index] = {
            at: now,
            pairs,
            keys: new Set(pairs.map((pair) => pairKey(pair.from, pair.to))),
          };
        }
        return pairs;
      }),
    );
  }

  private supports(index: number, from: string, to: string): boolean {
    return this.engineLists[index]?.keys.has(pairKey(from, to)) ?? false;
  }

  private async overCap(entry: RoutedEngine, characters: number): Promise<boolean> {
    const cap = entry.dailyCharacterCap;
    if (cap === undefined || !this.options.usage) return false;
    // A ledger that cannot answer does not stop translation: the cap is a budget, not a lock.
    const used = await this.options.usage.charactersToday(entry.translator.engine).catch(() => 0);
    return characters === 0 ? used >= cap : used + characters > cap;
  }

  /**
   * One engine's attempt, bounded by the per-engine timeout (when one is given) even if the
   * engine ignores its signal.
   */
  private async translateWith(
    translator: Translator,
    text: string,
    from: string,
    to: string,
    callerSignal: AbortSignal | undefined,
    timeoutMs: number | undefined,
  ): Promise<TranslationResult> {
    if (timeoutMs === undefined)
      return translator.translate(text, from, to, { signal: callerSignal });
    const controller = new AbortController();
    const abortFromCaller = () => controller.abort(callerSignal?.reason);
    callerSignal?.addEventListener('abort', abortFromCaller, { once: true });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const error = new TranslationTimeoutError(timeoutMs);
        controller.abort(error);
        reject(error);
      }, timeoutMs);
    });
    try {
      return await Promise.race([
        translator.translate(text, from, to, { signal: controller.signal }),
        timeout,
      ]);
    } finally {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', abortFromCaller);
    }
  }
}
