/**
 * Language reach benchmark: for every picker language, whether this machine's Apertium translates
 * it to and from English and Spanish and by which route (direct, or the pivot chain), how many
 * picker languages English reaches, and the warm latency per route length (direct, one pivot,
 * two pivots). Informational only: no thresholds. Skips when Apertium is not installed.
 *
 * BENCH_LANGUAGES_MESSAGES=20 (warm messages per sampled pair)
 */
import { performance } from 'node:perf_hooks';
import { LANGUAGES } from '@parley/chat-sdk';
import { ApertiumTranslator } from '../src/translation/apertiumTranslator.js';
import { translateSafely } from '../src/translation/translateSafely.js';
import type { TranslationPair } from '../src/translation/translator.js';
import { isOnPath } from '../src/translation/translatorFromEnv.js';
import { percentile } from './benchServer.js';

const count = Number(process.env.BENCH_LANGUAGES_MESSAGES);
const MESSAGES = Number.isInteger(count) && count > 0 ? count : 20;

/** Sample sentences per source language for the latency rows (simple, in-vocabulary). */
const SENTENCES: Record<string, string[]> = {
  en: ['The dog eats bread in the house.', 'My sister lives in a small town.', 'We work today.'],
  ru: ['Собака ест хлеб дома.', 'Моя сестра живёт в маленьком городе.', 'Мы работаем сегодня.'],
  da: ['Hunden spiser brød i huset.', 'Min søster bor i en lille by.', 'Vi arbejder i dag.'],
  fr: ['Le chien mange du pain.', 'Ma sœur habite dans une petite ville.', 'Nous travaillons.'],
  bg: ['Кучето яде хляб.', 'Сестра ми живее в малък град.', 'Ние работим днес.'],
};

/** Pairs timed per route length; each is checked against the routes before it is timed. */
const TIMED: Array<[string, string]> = [
  ['en', 'es'],
  ['ru', 'uk'],
  ['en', 'it'],
  ['fr', 'en'],
  ['en', 'pt'],
  ['da', 'en'],
  ['bg', 'es'],
];

function describeRoute(route: TranslationPair | undefined): string {
  if (!route) return '—';
  return route.via ? `via ${route.via.join('→')}` : 'direct';
}

function table(header: string[], lines: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]?.length ?? 0)));
  const row = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ');
  return [row(header), row(widths.map((w) => '-'.repeat(w))), ...lines.map(row)].join('\n');
}

async function main(): Promise<void> {
  if (!isOnPath('apertium')) {
    console.log('Apertium is not installed (bash scripts/install-engines.sh); nothing to measure');
    return;
  }
  const translator = new ApertiumTranslator();
  try {
    const apyReady = await translator.whenApyReady(30_000);
    const { pairs } = await translator.capabilities();
    const route = (from: string, to: string) =>
      pairs.find((pair) => pair.from === from && pair.to === to);

    console.log(
      `\nLanguage reach (${apyReady ? 'apertium-apy' : 'apertium CLI'}): ${pairs.length} routed pairs`,
    );
    const lines = LANGUAGES.map((language) => {
      const code = language.code;
      const cell = (from: string, to: string) =>
        from === to ? 'same' : describeRoute(route(from, to));
      return [
        `${language.name} (${code})`,
        cell('en', code),
        cell(code, 'en'),
        cell('es', code),
        cell(code, 'es'),
      ];
    });
    console.log(
      table(['language', 'from English', 'to English', 'from Spanish', 'to Spanish'], lines),
    );
    const reach = (source: string) =>
      LANGUAGES.filter((language) => language.code !== source && route(source, language.code));
    const bothWays = (source: string) =>
      reach(source).filter((language) => route(language.code, source));
    for (const source of ['en', 'es']) {
      console.log(
        `from ${source}: ${reach(source).length} of ${LANGUAGES.length - 1} picker languages (${reach(
          source,
        )
          .map((language) => language.code)
          .join(' ')}); both ways: ${bothWays(source).length}`,
      );
    }

    const rows: string[][] = [];
    for (const [from, to] of TIMED) {
      const planned = route(from, to);
      if (!planned) {
        rows.push([`${from}→${to}`, '—', '', '', '', 'no route']);
        continue;
      }
      const sentences = SENTENCES[from] ?? SENTENCES.en ?? [];
      // Warm: the pipelines of every leg are started by a first, untimed message.
      await translateSafely(translator, sentences[0] ?? 'Hello', from, to, { timeoutMs: 30_000 });
      const latencies: number[] = [];
      let failed = 0;
      for (let i = 0; i < MESSAGES; i += 1) {
        const text = `${sentences[i % sentences.length]} ${i}`;
        const t0 = performance.now();
        const result = await translateSafely(translator, text, from, to, { timeoutMs: 30_000 });
        latencies.push(performance.now() - t0);
        if (!result.translated) failed += 1;
      }
      latencies.sort((a, b) => a - b);
      rows.push([
        `${from}→${to}`,
        String(planned.via?.length ?? 0),
        describeRoute(planned),
        percentile(latencies, 50).toFixed(1),
        percentile(latencies, 99).toFixed(1),
        `${failed}/${MESSAGES}`,
      ]);
    }
    console.log(`\nWarm latency per route length (${MESSAGES} messages each, one at a time)`);
    console.log(table(['pair', 'pivots', 'route', 'p50 ms', 'p99 ms', 'not translated'], rows));
  } finally {
    await translator.close();
  }
}

await main();
