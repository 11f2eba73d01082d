import { LANGUAGES, languageForEngineCode, languageWrittenAs } from '@parley/chat-sdk';
import { ApertiumCli, type ApertiumCliOptions } from './apertiumCli.js';
import {
  cleanApertiumOutput,
  MAX_UNKNOWN_WORD_SHARE,
  unknownWordShare,
  unknownWords,
} from './apertiumOutput.js';
import { type ApyLog, ApyProcess, type ApyProcessOptions } from './apyProcess.js';
import { TranslationPairs, type TranslationRoute } from './translationPairs.js';
import {
  type TranslateOptions,
  TranslationEngineError,
  type TranslationPair,
  type TranslationResult,
  type Translator,
  type TranslatorCapabilities,
  UnreliableTranslationError,
  UnsupportedPairError,
} from './translator.js';

export interface ApertiumTranslatorOptions {
  /** Run apertium-apy as a child process (default true); false uses only the CLI. */
  apy?: boolean | ApyProcessOptions;
  cli?: ApertiumCliOptions;
  log?: ApyLog;
}

/** One installed direction, with the names each way of running Apertium knows it by. */
interface DirectPair {
  /** Language-table codes ('en', 'sh', 'gl'…). */
  from: string;
  to: string;
  /** CLI mode, e.g. 'eng-spa' or 'es-pt'. */
  mode?: string;
  /** APY codes, e.g. 'eng' and 'spa'. */
  apyFrom?: string;
  apyTo?: string;
}

/** The engine's routes between picker languages, and the legs each one runs. */
interface PairTable {
  /** Reported to GET /meta/capabilities: picker languages only, pivots with their `via` chain. */
  pairs: TranslationPair[];
  legs: Map<string, DirectPair[]>;
}

function pairKey(from: string, to: string): string {
  return `${from}>${to}`;
}

/**
 * Where a picker language sits in Apertium's graph: its own code, or the language it is written
 * through (Serbian and Croatian → Serbo-Croatian 'sh', written in their 'hbs_SR'/'hbs_HR' variants).
 */
const ENGINE_NODE: ReadonlyMap<string, string> = new Map(
  LANGUAGES.map((language) => {
    const base = language.apertium?.includes('_') ? language.apertium.split('_')[0] : undefined;
    const node = base ? languageForEngineCode(base)?.code : undefined;
    return [language.code, node ?? language.code];
  }),
);

/** Legs from a direction list (a mode name or an APY pair), recorded into `direct`/`variants`. */
function recordDirection(
  direct: Map<string, DirectPair>,
  variants: Map<string, DirectPair>,
  engineFrom: string,
  engineTo: string,
  names: Pick<DirectPair, 'mode' | 'apyFrom' | 'apyTo'>,
): void {
  const from = languageForEngineCode(engineFrom)?.code;
  if (!from) return;
  const base = languageForEngineCode(engineTo)?.code;
  // A variant only counts when a picker language is written in it ('hbs_SR' → Serbian).
  const written = base ? undefined : languageWrittenAs(engineTo)?.code;
  const to = base ?? written;
  if (!to || to === from) return;
  const table = base ? direct : variants;
  const key = pairKey(from, to);
  const known = table.get(key) ?? { from, to };
  known.mode ??= names.mode;
  if (names.apyFrom && !known.apyFrom) {
    known.apyFrom = names.apyFrom;
    known.apyTo = names.apyTo;
  }
  table.set(key, known);
}

/**
 * The routes between picker languages through the engine's directions (by the sdk's rule) and
 * the legs of each: the last leg into Serbian or Croatian uses the variant written for it.
 */
function buildPairTable(
  direct: Map<string, DirectPair>,
  variants: Map<string, DirectPair>,
): PairTable {
  const graph = new TranslationPairs([...direct.values()]);
  const pairs: TranslationPair[] = [];
  const legs = new Map<string, DirectPair[]>();
  for (const source of LANGUAGES) {
    const fromNode = ENGINE_NODE.get(source.code) as string;
    for (const target of LANGUAGES) {
      const toNode = ENGINE_NODE.get(target.code) as string;
      if (fromNode === toNode) continue;
      const route: TranslationRoute | undefined = graph.route(fromNode, toNode);
      if (!route) continue;
      const nodes = [fromNode, ...(route.kind === 'pivot' ? route.via : []), toNode];
      const chain = nodes.slice(1).map((node, i) => direct.get(pairKey(nodes[i] as string, node)));
      const lastFrom = nodes[nodes.length - 2] as string;
      const written = variants.get(pairKey(lastFrom, target.code));
      if (written) chain[chain.length - 1] = written;
      if (chain.some((leg) => leg === undefined)) continue;
      legs.set(pairKey(source.code, target.code), chain as DirectPair[]);
      pairs.push(
        route.kind === 'pivot'
          ? { from: source.code, to: target.code, via: [...route.via] }
          : { from: source.code, to: target.code },
      );
    }
  }
  return { pairs, legs };
}

/**
 * Apertium, offline: through apertium-apy (a managed child process, pipelines stay warm) when
 * it answers, else through the `apertium` CLI (one process per call). Language pairs without a
 * direct mode are routed through the graph of installed directions (at most two pivots, see the
 * sdk's planTranslationRoutes); a pivoted answer that is mostly unknown words is refused.
 */
export class ApertiumTranslator implements Translator {
  readonly engine = 'apertium';
  private readonly cli: ApertiumCli;
  private readonly apy: ApyProcess | null;
  private modes: Promise<string[]> | null = null;
  private cached: { apyPairs: readonly unknown[]; table: PairTable } | null = null;

  constructor(options: ApertiumTranslatorOptions = {}) {
    this.cli = new ApertiumCli(options.cli);
    const apyOptions = typeof options.apy === 'object' ? options.apy : {};
    this.apy = options.apy === false ? null : new ApyProcess({ log: options.log, ...apyOptions });
  }

  /**
   * Starts apertium-apy in the background (until it answers, calls use the CLI) and reads the
   * installed modes, so the routes are known before the first message.
   */
  start(): this {
    this.apy?.start();
    void this.pairTable().catch(() => undefined);
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
    return {
      pairs: pairs.map((pair) => (pair.via ? { ...pair, via: [...pair.via] } : { ...pair })),
    };
  }

  async translate(
    text: string,
    from: string,
    to: string,
    options: TranslateOptions = {},
  ): Promise<TranslationResult> {
    const { legs } = await this.pairTable();
    const known = legs.get(pairKey(from, to));
    if (!known) throw new UnsupportedPairError(from, to, this.engine);

    let raw: string;
    let engine: string;
    const baseUrl = this.apy?.baseUrl;
    if (baseUrl && known.every((leg) => leg.apyFrom && leg.apyTo)) {
      raw = await this.translateWithApy(baseUrl, text, known, options.signal);
      engine = 'apertium-apy';
    } else if (known.every((leg) => leg.mode)) {
      raw = text;
      for (const leg of known)
        raw = await this.cli.translate(leg.mode as string, raw, options.signal);
      engine = 'apertium-cli';
    } else {
      throw new TranslationEngineError('apertium-apy is not answering and the CLI lacks this pair');
    }
    // Each pivot compounds the losses: a chained answer that is mostly unknown words would be
    // garbage, so the reader gets the original (marked untranslated) instead.
    const share = unknownWordShare(raw, text);
    if (known.length > 1 && share > MAX_UNKNOWN_WORD_SHARE) {
      throw new UnreliableTranslationError(
        `${from} → ${to} through ${known.length - 1} pivot(s): ${Math.round(share * 100)}% unknown words`,
      );
    }
    const unknown = unknownWords(raw, text);
    return {
      text: cleanApertiumOutput(raw, text),
      engine,
      ...(unknown.length > 0 ? { unknownWords: unknown } : {}),
    };
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
    // Legs join up when each starts with the code the previous one ended with; otherwise (a pivot
    // APY names differently on each side) they run one request at a time.
    const joined = legs.every((leg, i) => i === 0 || leg.apyFrom === legs[i - 1]?.apyTo);
    if (legs.length > 1 && !joined) {
      let current = text;
      for (const leg of legs)
        current = await this.translateWithApy(baseUrl, current, [leg], signal);
      return current;
    }
    // Marks on: they are counted (unknownWordShare), then removed (cleanApertiumOutput).
    const body = new URLSearchParams({ q: text, markUnknown: 'yes', format: 'txt' });
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

  /**
   * The routes, from the CLI's installed modes and, while it runs, APY's /listPairs: computed
   * once per report (at start, and again only when APY's list changes).
   */
  private async pairTable(): Promise<PairTable> {
    this.modes ??= this.cli.listModes().catch(() => []);
    const modes = await this.modes;
    const apyPairs = this.apy?.pairs ?? [];
    if (this.cached && this.cached.apyPairs === apyPairs) return this.cached.table;

    const direct = new Map<string, DirectPair>();
    const variants = new Map<string, DirectPair>();
    for (const mode of modes) {
      // 'eng-spa', 'es-pt', 'eng-hbs_SR'; not the debugging and bytecode modes ('en-eo-bytecode').
      const match = /^([a-z]{2,3})-([a-z]{2,3}(?:_[A-Za-z]+)?)$/.exec(mode);
      if (match?.[1] && match[2]) recordDirection(direct, variants, match[1], match[2], { mode });
    }
    for (const pair of apyPairs) {
      recordDirection(direct, variants, pair.sourceLanguage, pair.targetLanguage, {
        apyFrom: pair.sourceLanguage,
        apyTo: pair.targetLanguage,
      });
    }
    const table = buildPairTable(direct, variants);
    this.cached = { apyPairs, table };
    return table;
  }
}
