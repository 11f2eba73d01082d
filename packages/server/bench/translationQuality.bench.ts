/**
 * Translation quality bench (issue 26, "Quality, measured"): every sentence of
 * bench/translation-set/*.tsv through each engine, raw and through the protection step
 * (protectingTranslator, with the set's names as the conversation's names), side by side:
 * corpus chrF against the references, the share of protected tokens (what shieldText finds in
 * the source) that come back byte for byte, latency p50/p95 per sentence and the characters
 * sent to the engine (what a paid engine bills). Informational only: no thresholds.
 *
 * Engines: Apertium as the server builds it (apertiumFromEnv: APY when installed, else the CLI)
 * for every direction it routes; DeepL, Google, Azure, Amazon and LibreTranslate when their
 * usual settings are in the environment (translationEnginesFromEnv.ts).
 *
 * BENCH_QUALITY_SENTENCES=20 caps the sentences per file; BENCH_QUALITY_SHOW=1 prints the
 * sentences where the protection step scores lower than the raw engine.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { EgressGuard } from '../src/http/egressGuard.js';
import { engineEgressFromEnv, TRANSLATION_ENDPOINT_SETTINGS } from '../src/http/engineEgress.js';
import { protectingTranslator } from '../src/translation/protectingTranslator.js';
import {
  addChrFStatistics,
  chrFScore,
  chrFStatistics,
  emptyChrFStatistics,
  sentenceChrF,
} from '../src/translation/quality/chrF.js';
import {
  parseTranslationSet,
  protectedTokens,
  setProtectedWords,
  type TranslationSetFile,
  tokensKept,
  translationSetDirection,
} from '../src/translation/quality/translationSet.js';
import { translateSafely } from '../src/translation/translateSafely.js';
import {
  amazonFromEnv,
  apertiumFromEnv,
  azureFromEnv,
  deeplFromEnv,
  googleFromEnv,
  isOnPath,
  libreTranslateFromEnv,
} from '../src/translation/translationEnginesFromEnv.js';
import type { Translator } from '../src/translation/translator.js';
import { percentile } from './benchServer.js';

const SET_DIR = new URL('../bench/translation-set/', import.meta.url);
const cap = Number(process.env.BENCH_QUALITY_SENTENCES);
const SENTENCES = Number.isInteger(cap) && cap > 0 ? cap : Number.POSITIVE_INFINITY;
const SHOW = process.env.BENCH_QUALITY_SHOW === '1';
/** Generous: the bench measures the engine, not the chat's 8 s patience (failures are counted). */
const TIMEOUT_MS = 20_000;

/** The set lives next to the sources; the bench runs from a build in node_modules/.cache. */
function setDirectory(): URL {
  const fromBuild = new URL('../../../bench/translation-set/', import.meta.url);
  for (const dir of [SET_DIR, fromBuild]) {
    try {
      readdirSync(dir);
      return dir;
    } catch {}
  }
  throw new Error('bench/translation-set/ not found');
}

function readSet(): TranslationSetFile[] {
  const dir = setDirectory();
  return readdirSync(dir)
    .filter((name) => translationSetDirection(name) !== null)
    .sort()
    .map((name) => {
      const file = parseTranslationSet(name, readFileSync(new URL(name, dir), 'utf8'));
      return { ...file, lines: file.lines.slice(0, SENTENCES) };
    });
}

/** The engine, counting the characters (code points) each call sends it. */
function billed(inner: Translator): { translator: Translator; characters: () => number } {
  let characters = 0;
  const translator: Translator = {
    engine: inner.engine,
    capabilities: () => inner.capabilities(),
    close: async () => undefined,
    translate(text, from, to, options) {
      characters += Array.from(text).length;
      return inner.translate(text, from, to, options);
    },
  };
  return { translator, characters: () => characters };
}

interface Side {
  stats: ReturnType<typeof emptyChrFStatistics>;
  kept: number;
  latencies: number[];
  failed: number;
  engines: Set<string>;
  outputs: string[];
  /** Why each failed sentence was not translated, by index ('' when it was). */
  failures: string[];
  characters: () => number;
}

async function runSide(
  translator: Translator,
  characters: () => number,
  file: TranslationSetFile,
  protect: boolean,
): Promise<Side> {
  const words = setProtectedWords(file);
  const side: Side = {
    stats: emptyChrFStatistics(),
    kept: 0,
    latencies: [],
    failed: 0,
    engines: new Set(),
    outputs: [],
    failures: [],
    characters,
  };
  for (const line of file.lines) {
    const t0 = performance.now();
    const result = await translateSafely(translator, line.source, file.from, file.to, {
      timeoutMs: TIMEOUT_MS,
      ...(protect ? { protect: words } : {}),
    });
    side.latencies.push(performance.now() - t0);
    if (!result.translated) side.failed += 1;
    side.failures.push(result.translated ? '' : (result.failure ?? 'not translated'));
    if (result.engine) side.engines.add(result.engine);
    // A failure shows the reader the original: that is what gets scored.
    side.outputs.push(result.text);
    addChrFStatistics(side.stats, chrFStatistics(result.text, line.reference));
    side.kept += tokensKept(protectedTokens(line.source, words), result.text);
  }
  side.latencies.sort((a, b) => a - b);
  return side;
}

interface Row {
  engine: string;
  pair: string;
  cells: string[] | null;
  note?: string;
}

const pct = (kept: number, total: number) =>
  total === 0 ? 'n/a' : `${((100 * kept) / total).toFixed(1)} %`;
const both = (raw: string, prot: string) => `${raw} / ${prot}`;

async function benchPair(
  name: string,
  engine: Translator,
  file: TranslationSetFile,
  via: readonly string[] | undefined,
): Promise<Row> {
  const pair = `${file.from}→${file.to}${via?.length ? ` via ${via.join(',')}` : ''}`;
  const words = setProtectedWords(file);
  // Untimed: the first call of a pair starts its pipeline (APY) or opens a connection.
  await translateSafely(engine, file.lines[0]?.source ?? 'hello', file.from, file.to, {
    timeoutMs: TIMEOUT_MS,
  });
  const rawEngine = billed(engine);
  const raw = await runSide(rawEngine.translator, rawEngine.characters, file, false);
  const protEngine = billed(engine);
  const prot = await runSide(
    protectingTranslator(protEngine.translator),
    protEngine.characters,
    file,
    true,
  );
  const tokens = file.lines.reduce((n, l) => n + protectedTokens(l.source, words).length, 0);
  file.lines.forEach((line, i) => {
    const rawText = raw.outputs[i] ?? '';
    const protText = prot.outputs[i] ?? '';
    const lineTokens = protectedTokens(line.source, words);
    const damaged = tokensKept(lineTokens, protText) < lineTokens.length;
    if (SHOW && tokensKept(lineTokens, rawText) < lineTokens.length) {
      const lost = lineTokens.filter((token) => !rawText.includes(token));
      console.log(
        `  ${name} ${pair} line ${line.lineNumber} raw damages ${lost.join(' ')}: ${rawText}`,
      );
    }
    const lower = sentenceChrF(protText, line.reference) < sentenceChrF(rawText, line.reference);
    const failed = [raw.failures[i], prot.failures[i]].filter(Boolean).join(', ');
    if (damaged || failed || (SHOW && lower)) {
      console.log(
        `  ${name} ${pair} line ${line.lineNumber}${damaged ? ' TOKENS DAMAGED' : ''}${failed ? ` failed: ${failed}` : ''}: ${line.source}\n    raw:       ${rawText}\n    protected: ${protText}\n    reference: ${line.reference}`,
      );
    }
  });
  const ms = (side: Side, p: number) => percentile(side.latencies, p).toFixed(0);
  const engines = [...new Set([...raw.engines, ...prot.engines])].join(',');
  return {
    engine: engines || name,
    pair,
    cells: [
      String(file.lines.length),
      both(chrFScore(raw.stats).toFixed(1), chrFScore(prot.stats).toFixed(1)),
      both(pct(raw.kept, tokens), pct(prot.kept, tokens)),
      String(tokens),
      both(ms(raw, 50), ms(prot, 50)),
      both(ms(raw, 95), ms(prot, 95)),
      both(String(raw.characters()), String(prot.characters())),
      both(String(raw.failed), String(prot.failed)),
    ],
  };
}

const HEADER = [
  'engine',
  'pair',
  'sentences',
  'chrF raw / prot',
  'tokens kept raw / prot',
  'tokens',
  'p50 ms raw / prot',
  'p95 ms raw / prot',
  'chars billed raw / prot',
  'failed raw / prot',
];

function table(rows: Row[]): string {
  const lines = rows.map((r) => [r.engine, r.pair, ...(r.cells ?? [r.note ?? ''])]);
  const widths = HEADER.map((h, i) =>
    Math.max(h.length, ...lines.filter((l) => l.length > 3).map((l) => l[i]?.length ?? 0)),
  );
  const row = (cells: string[]) =>
    cells
      .map((c, i) =>
        i < 2 || cells.length <= 3 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0),
      )
      .join('  ')
      .trimEnd();
  return [row(HEADER), row(widths.map((w) => '-'.repeat(w))), ...lines.map(row)].join('\n');
}

/** The production engines whose settings are present; the others with why they were skipped. */
function productionEngines(env: NodeJS.ProcessEnv): {
  engines: [string, Translator][];
  skipped: string[];
} {
  // The server's rule: private and loopback endpoints only when ENGINE_PRIVATE_HOSTS names them.
  const egress = engineEgressFromEnv(env, new EgressGuard(), TRANSLATION_ENDPOINT_SETTINGS);
  const factories: [string, (env: NodeJS.ProcessEnv, egress: EgressGuard) => Translator][] = [
    ['deepl', deeplFromEnv],
    ['google', googleFromEnv],
    ['azure', azureFromEnv],
    ['amazon', amazonFromEnv],
    ['libretranslate', libreTranslateFromEnv],
  ];
  const engines: [string, Translator][] = [];
  const skipped: string[] = [];
  for (const [name, fromEnv] of factories) {
    try {
      engines.push([name, fromEnv(env, egress)]);
    } catch (error) {
      skipped.push(`${name} (${error instanceof Error ? error.message : String(error)})`);
    }
  }
  return { engines, skipped };
}

async function benchEngine(
  name: string,
  engine: Translator,
  files: TranslationSetFile[],
  rows: Row[],
  missing: string,
): Promise<void> {
  let pairs: { from: string; to: string; via?: string[] }[];
  try {
    pairs = (await engine.capabilities()).pairs;
  } catch (error) {
    rows.push({ engine: name, pair: 'all', cells: null, note: `skipped: ${String(error)}` });
    return;
  }
  for (const file of files) {
    const route = pairs.find((p) => p.from === file.from && p.to === file.to);
    if (!route) {
      rows.push({ engine: name, pair: `${file.from}→${file.to}`, cells: null, note: missing });
      continue;
    }
    rows.push(await benchPair(name, engine, file, route.via));
  }
}

async function main(): Promise<void> {
  const files = readSet();
  console.log(
    `Translation quality benchmark: ${files.length} directions (${files.map((f) => `${f.from}-${f.to}`).join(' ')}), ${files.reduce((n, f) => n + f.lines.length, 0)} sentences, one at a time, Node ${process.version}`,
  );
  const rows: Row[] = [];
  if (isOnPath('apertium')) {
    const apertium = apertiumFromEnv(process.env);
    // As the server: APY when it starts, else the CLI; the bench waits so it measures APY.
    const apy = await apertium.whenApyReady(30_000);
    if (!apy) console.log('apertium-apy is not running: Apertium is measured through its CLI');
    try {
      await benchEngine('apertium', apertium, files, rows, 'skipped: pair not installed');
    } finally {
      await apertium.close();
    }
  } else {
    console.log('apertium: skipped (not installed)');
  }
  const { engines, skipped } = productionEngines(process.env);
  if (skipped.length > 0) console.log(`skipped, not configured: ${skipped.join('; ')}`);
  for (const [name, engine] of engines) {
    try {
      await benchEngine(name, engine, files, rows, 'skipped: pair not offered');
    } finally {
      await engine.close();
    }
  }
  console.log(table(rows));
  console.log(
    'raw: the engine as it is; prot: through the protection step (protectingTranslator, the set names as the conversation). chrF: corpus chrF (character 1..6-grams, beta 2, sacreBLEU default) against the references; tokens kept: protected tokens of the sources (shieldText) found byte for byte in the output; latency per sentence after one untimed warm-up call; chars billed: code points sent to the engine; a failed sentence is scored as its original.',
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
