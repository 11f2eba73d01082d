import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import lighthouse, { type Flags, type RunnerResult } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { startServer } from '../e2e/harness';
import { conversationWith, signedIn } from './conversation';
import { type DebuggableChromium, launchDebuggableChromium } from './debuggableChromium';

// Lighthouse 12.2 on the built product (the server on an embedded PGlite in a temporary data
// directory, no engines), cold each run: /login and /register signed out, / and /posts signed in,
// mobile and desktop presets, the median of LIGHTHOUSE_RUNS (3) runs. Prints each category and
// FCP/LCP/TBT beside the targets (performance ≥ 95, the others 100) and, for a miss, the audits
// that cost points. Figures only: nothing here passes or fails.

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const ONLY_PAGES = process.env.LIGHTHOUSE_PAGES?.split(',');
/** A folder to keep each run's whole report in (JSON), to read where the time went. */
const REPORTS = process.env.LIGHTHOUSE_REPORTS;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const TARGET: Record<(typeof CATEGORIES)[number], number> = {
  performance: 95,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
};
const PRESETS = { mobile: undefined, desktop: desktopConfig } as const;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** Lighthouse resets storage itself, which would sign the person out: reset all but the session. */
async function coldButSignedIn(chromium: DebuggableChromium, origin: string) {
  const page = chromium.context.pages()[0] ?? (await chromium.context.newPage());
  const cdp = await chromium.context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', {
    origin,
    storageTypes: 'service_workers,cache_storage',
  });
  await cdp.detach();
}

/**
 * Lighthouse's own storage reset keeps cookies, local storage and IndexedDB (so that audits of a
 * signed-in page stay signed in): a signed-out page needs every kind cleared, or it measures
 * wherever the session redirects it.
 */
async function coldAndSignedOut(chromium: DebuggableChromium, origin: string) {
  await chromium.context.clearCookies();
  const page = chromium.context.pages()[0] ?? (await chromium.context.newPage());
  const cdp = await chromium.context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
  await cdp.detach();
}

interface Measured {
  scores: Record<(typeof CATEGORIES)[number], number>;
  fcp: number;
  lcp: number;
  tbt: number;
  /** Audits of the four categories that lost points: id and what Lighthouse says of it. */
  losses: Map<string, string>;
}

function measured(result: RunnerResult): Measured {
  const { lhr } = result;
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
  ) as Measured['scores'];
  const losses = new Map<string, string>();
  for (const id of CATEGORIES) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 0.9) continue;
      losses.set(
        ref.id,
        audit.displayValue ? `${audit.title} (${audit.displayValue})` : audit.title,
      );
    }
  }
  // Opportunities and diagnostics weigh nothing themselves but say where the metrics' time went.
  for (const audit of Object.values(lhr.audits)) {
    const savings = Object.entries(audit.metricSavings ?? {}).filter(([, ms]) => (ms ?? 0) >= 50);
    if (audit.score === null || audit.score >= 0.9 || savings.length === 0) continue;
    const saved = savings.map(([metric, ms]) => `${metric} −${Math.round(ms ?? 0)} ms`).join(', ');
    const value = audit.displayValue ? ` (${audit.displayValue})` : '';
    losses.set(audit.id, `${audit.title}: ${saved}${value}`);
  }
  return {
    scores,
    fcp: lhr.audits['first-contentful-paint']?.numericValue ?? Number.NaN,
    lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    tbt: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
    losses,
  };
}

async function audit(
  chromium: DebuggableChromium,
  url: string,
  preset: keyof typeof PRESETS,
  signedInSession: boolean,
): Promise<Measured[]> {
  const runs: Measured[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const { origin, pathname } = new URL(url);
    if (signedInSession) await coldButSignedIn(chromium, origin);
    else await coldAndSignedOut(chromium, origin);
    const flags: Flags = {
      port: chromium.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      disableStorageReset: signedInSession,
    };
    const result = await lighthouse(url, flags, PRESETS[preset]);
    if (!result) throw new Error(`lighthouse gave no result for ${url}`);
    // A redirect (a session that outlived the reset, or one that expired) measures another page.
    const landed = new URL(result.lhr.finalDisplayedUrl).pathname;
    if (landed !== pathname)
      throw new Error(`lighthouse asked for ${pathname} but measured ${landed}`);
    if (REPORTS) {
      const name = `${new URL(url).pathname.replaceAll('/', '_') || '_'}-${preset}-${run + 1}.json`;
      await mkdir(REPORTS, { recursive: true });
      await writeFile(path.join(REPORTS, name), JSON.stringify(result.lhr));
    }
    runs.push(measured(result));
  }
  return runs;
}

function report(page: string, preset: string, runs: Measured[]) {
  const score = (id: (typeof CATEGORIES)[number]) => median(runs.map((r) => r.scores[id]));
  const cells = CATEGORIES.map((id) => {
    const value = score(id);
    return `${value} ${value >= TARGET[id] ? 'pass' : 'miss'}`;
  });
  const ms = (pick: (r: Measured) => number) => Math.round(median(runs.map(pick)));
  console.log(
    `| ${page} | ${preset} | ${cells.join(' | ')} | ${ms((r) => r.fcp)} | ${ms((r) => r.lcp)} | ${ms((r) => r.tbt)} |`,
  );
  const losses = new Map(runs.flatMap((r) => [...r.losses]));
  for (const [id, title] of losses) console.log(`|   | lost points: ${id}: ${title} |`);
}

async function main() {
  // APP_DIST: another build to compare (e.g. one without its precompressed copies).
  const server = await startServer({
    TRANSLATOR: 'none',
    ...(process.env.APP_DIST ? { APP_DIST: process.env.APP_DIST } : {}),
  });
  const signedOut = await launchDebuggableChromium();
  const signedInBrowser = await launchDebuggableChromium();
  try {
    const ana = await signedIn(signedInBrowser.context, server.url, 'ana');
    const bruno = await signedIn(signedOut.context, server.url, 'bruno');
    await conversationWith(ana, 'bruno');
    // Bruno's browser is the signed-out one: each of its runs clears his session first.
    await bruno.close();
    await ana.close();

    const pages = [
      { path: '/login', browser: signedOut, session: false },
      { path: '/register', browser: signedOut, session: false },
      { path: '/', browser: signedInBrowser, session: true },
      { path: '/posts', browser: signedInBrowser, session: true },
    ].filter((page) => !ONLY_PAGES || ONLY_PAGES.includes(page.path));

    console.log(
      `Lighthouse ${RUNS > 1 ? `median of ${RUNS} runs` : '1 run'}, cold cache; targets: performance ≥ 95, the others 100`,
    );
    console.log(
      '| page | preset | performance | accessibility | best practices | SEO | FCP ms | LCP ms | TBT ms |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|');
    for (const page of pages) {
      for (const preset of Object.keys(PRESETS) as (keyof typeof PRESETS)[]) {
        const runs = await audit(page.browser, `${server.url}${page.path}`, preset, page.session);
        report(page.path, preset, runs);
      }
    }
  } finally {
    await signedOut.close();
    await signedInBrowser.close();
    await server.stop();
  }
}

await main();
