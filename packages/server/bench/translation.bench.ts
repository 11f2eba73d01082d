/**
 * Translation benchmark: per-message latency (p50/p99) and throughput of the Apertium engine,
 * through apertium-apy (managed child process) and through the apertium CLI, cold (first
 * message of a pair after start: APY starts that pair's pipeline) and warm, with and without
 * the translation cache. Informational only: no thresholds. Skips engines not installed.
 *
 * BENCH_TRANSLATION_MESSAGES=200 BENCH_TRANSLATION_CONCURRENCY=8 BENCH_TRANSLATION_CLI_MESSAGES=10
 */
import { performance } from 'node:perf_hooks';
import { ApertiumTranslator } from '../src/translation/apertiumTranslator.js';
import { translateSafely } from '../src/translation/translateSafely.js';
import { CachedTranslator } from '../src/translation/translationCache.js';
import type { Translator } from '../src/translation/translator.js';
import { isOnPath } from '../src/translation/translatorFromEnv.js';
import { percentile } from './benchServer.js';

function count(text: string | undefined, fallback: number): number {
  const n = Number(text);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

const MESSAGES = count(process.env.BENCH_TRANSLATION_MESSAGES, 200);
const CONCURRENCY = count(process.env.BENCH_TRANSLATION_CONCURRENCY, 8);
const CLI_MESSAGES = count(process.env.BENCH_TRANSLATION_CLI_MESSAGES, 10);
const PIPES = count(process.env.BENCH_APY_PIPES, 1);

const OPENINGS = ['Hello', 'Good morning', 'Hi', 'Good evening', 'Thanks'];
const BODIES = [
  'are you coming to the meeting tomorrow',
  'I bought bread and milk at the shop on the corner',
  'the train was late again so I will call you tonight',
  'my sister lives in a small house near the river',
  'we can study together at the library after lunch',
];

/** Chat-sized English messages, all different (numbers keep them apart). */
function messages(n: number, seed = 0): string[] {
  return Array.from({ length: n }, (_, i) => {
    const k = i + seed;
    return `${OPENINGS[k % OPENINGS.length]}, ${BODIES[(k * 7) % BODIES.length]}? I have ${k + 2} questions.`;
  });
}

interface Row {
  engine: string;
  phase: string;
  messages: number;
  concurrency: number;
  seconds: number;
  p50: number;
  p99: number;
  failed: number;
}

async function measure(
  engine: string,
  phase: string,
  translator: Translator,
  texts: string[],
  concurrency: number,
  from = 'en',
  to = 'es',
): Promise<Row> {
  const latencies: number[] = [];
  let failed = 0;
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < texts.length) {
      const text = texts[next++] as string;
      const t0 = performance.now();
      const result = await translateSafely(translator, text, from, to);
      latencies.push(performance.now() - t0);
      if (!result.translated) failed += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, texts.length) }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    engine,
    phase,
    messages: texts.length,
    concurrency,
    seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    failed,
  };
}

function table(rows: Row[]): string {
  const header = [
    'engine',
    'phase',
    'messages',
    'conc',
    'seconds',
    'msg/s',
    'p50 ms',
    'p99 ms',
    'failed',
  ];
  const lines = rows.map((r) => [
    r.engine,
    r.phase,
    String(r.messages),
    String(r.concurrency),
    r.seconds.toFixed(2),
    (r.messages / r.seconds).toFixed(1),
    r.p50.toFixed(1),
    r.p99.toFixed(1),
    String(r.failed),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]?.length ?? 0)));
  const row = (cells: string[]) =>
    cells.map((c, i) => (i < 2 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  return [row(header), row(widths.map((w) => '-'.repeat(w))), ...lines.map(row)].join('\n');
}

async function benchApy(rows: Row[]): Promise<void> {
  const apertium = new ApertiumTranslator({ apy: { pipesPerPair: PIPES } });
  const startedAt = performance.now();
  const ready = await apertium.whenApyReady(30_000);
  const startMs = performance.now() - startedAt;
  if (!ready) {
    console.log('apertium-apy did not start; skipping the APY rows');
    await apertium.close();
    return;
  }
  console.log(`apertium-apy start (spawn → /listPairs answers): ${startMs.toFixed(0)} ms`);
  try {
    // Cold: the first message of each pair starts its pipeline inside APY.
    rows.push(await measure('apertium-apy', 'cold en→es (1st)', apertium, messages(1, 1000), 1));
    rows.push(
      await measure(
        'apertium-apy',
        'cold fr→en via es',
        apertium,
        ['Bonjour, comment ça va ?'],
        1,
        'fr',
        'en',
      ),
    );
    const texts = messages(MESSAGES);
    rows.push(await measure('apertium-apy', 'warm, no cache', apertium, texts, 1));
    rows.push(
      await measure(
        'apertium-apy',
        'warm, no cache',
        apertium,
        messages(MESSAGES, 5000),
        CONCURRENCY,
      ),
    );
    const cached = new CachedTranslator(apertium, 10_000);
    rows.push(await measure('apertium-apy', 'cache, first pass', cached, texts, 1));
    rows.push(await measure('apertium-apy', 'cache, repeated', cached, texts, 1));
    rows.push(await measure('apertium-apy', 'cache, repeated', cached, texts, CONCURRENCY));
    rows.push(
      await measure(
        'apertium-apy',
        'warm fr→en via es',
        apertium,
        [
          'Le chien mange du pain.',
          'Je suis très content de te voir.',
          'Nous allons à la plage demain.',
        ].flatMap((t) => Array.from({ length: 10 }, (_, i) => `${t} ${i}`)),
        1,
        'fr',
        'en',
      ),
    );
  } finally {
    await apertium.close();
  }
}

async function benchCli(rows: Row[]): Promise<void> {
  const cli = new ApertiumTranslator({ apy: false });
  try {
    // Every CLI call is cold: a new process loads the pair's dictionaries each time.
    rows.push(await measure('apertium-cli', 'per call', cli, messages(CLI_MESSAGES, 9000), 1));
    rows.push(
      await measure('apertium-cli', 'per call', cli, messages(CLI_MESSAGES, 9500), CONCURRENCY),
    );
    const cached = new CachedTranslator(cli, 10_000);
    const texts = messages(CLI_MESSAGES, 9000);
    rows.push(await measure('apertium-cli', 'cache, repeated', cached, [...texts, ...texts], 1));
  } finally {
    await cli.close();
  }
}

async function main(): Promise<void> {
  console.log(
    `Translation benchmark: Apertium en→es chat messages (${MESSAGES} warm, ${CLI_MESSAGES} CLI), concurrency 1 and ${CONCURRENCY}, Node ${process.version}`,
  );
  if (!isOnPath('apertium')) {
    console.log('apertium is not installed: nothing to measure (TRANSLATOR would be none).');
    return;
  }
  const rows: Row[] = [];
  await benchApy(rows);
  await benchCli(rows);
  console.log(table(rows));
  console.log(
    'Latency: translateSafely call → translated text, per message. "cache, repeated" sends the same messages again (all hits); the CLI cache row is half misses, half hits.',
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
