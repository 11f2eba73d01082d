import { sdkLanguageCode } from './languageCodes.js';
import type { TranslationPair } from './translator.js';

/** An engine's language codes: what it translates from, and into. */
export interface EngineLanguageCodes {
  sources: readonly string[];
  targets: readonly string[];
}

/** A hosted engine's pairs in picker codes, and the engine's own code for each picker code. */
export interface EngineLanguageTable {
  pairs: TranslationPair[];
  sources: ReadonlyMap<string, string>;
  targets: ReadonlyMap<string, string>;
}

/**
 * Picker code → engine code: the plain code when the engine lists it ('de'), else its first
 * regional or script variant ('en-GB' for 'en' at DeepL, 'zh-Hans' for 'zh' at Azure).
 */
function codeMap(codes: readonly string[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const code of codes) {
    const sdk = sdkLanguageCode(code, true);
    if (sdk && (!map.has(sdk) || code.toLowerCase() === sdk)) map.set(sdk, code);
  }
  return map;
}

/** Hosted engines translate every source into every target directly: no pivots. */
export function everySourceToEveryTarget(codes: EngineLanguageCodes): EngineLanguageTable {
  const sources = codeMap(codes.sources);
  const targets = codeMap(codes.targets);
  const pairs: TranslationPair[] = [];
  for (const from of sources.keys()) {
    for (const to of targets.keys()) if (from !== to) pairs.push({ from, to });
  }
  return { pairs, sources, targets };
}

/**
 * The languages a hosted engine serves, asked once from its languages call (at start and on
 * first use), or its fallback list when that call fails (a bad key, no network at start).
 */
export class EngineLanguages {
  private loading: Promise<EngineLanguageTable> | null = null;

  constructor(
    private readonly fetchCodes: () => Promise<EngineLanguageCodes>,
    private readonly fallback: EngineLanguageCodes,
  ) {}

  load(): Promise<EngineLanguageTable> {
    this.loading ??= this.fetchCodes()
      .catch(() => this.fallback)
      .then(everySourceToEveryTarget);
    return this.loading;
  }

  /** The pair's engine codes, or undefined when the engine does not serve it. */
  async codesFor(from: string, to: string): Promise<{ from: string; to: string } | undefined> {
    const table = await this.load();
    const source = table.sources.get(from);
    const target = table.targets.get(to);
    return source && target && from !== to ? { from: source, to: target } : undefined;
  }
}
