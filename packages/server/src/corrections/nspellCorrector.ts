import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import {
  type CheckOptions,
  type Correction,
  type Corrector,
  CorrectorUnavailableError,
  UnsupportedLanguageError,
} from './corrector.js';
import { spellCorrections } from './spellCorrections.js';
import { SpellWorker } from './spellWorker.js';

/**
 * The `dictionary-*` packages nspell can load in reasonable time and memory on Node 20
 * (measured: en 1 s/15 MB, de 2 s/55 MB, es 3 s/55 MB, fr 10 s/450 MB). dictionary-pt, -it and
 * -ca are left out: nspell had not finished building them after minutes (wooorm/nspell#11);
 * Hunspell itself serves those and the other languages (`HunspellCorrector`).
 */
export const NSPELL_DICTIONARIES = {
  de: 'dictionary-de',
  en: 'dictionary-en',
  es: 'dictionary-es',
  fr: 'dictionary-fr',
} as const satisfies Record<string, string>;

export interface NspellCorrectorOptions {
  /** Languages to offer, a subset of NSPELL_DICTIONARIES (default all). */
  languages?: readonly string[];
  /** Load these at start instead of on first use. */
  preload?: readonly string[];
  /** A dictionary that has not loaded by then is given up on, and retried later (ms). */
  loadTimeoutMs?: number;
  /**
   * One check, once the dictionary is loaded (ms): past it the check is dropped from the
   * language's queue and answered as unavailable (the worker carries on with others).
   */
  checkTimeoutMs?: number;
  /** After a failed load, requests are answered as unavailable for this long (ms). */
  retryAfterMs?: number;
  /** Heap limit of each dictionary's worker thread. */
  maxHeapMb?: number;
}

const require = createRequire(import.meta.url);

interface WorkerEntry {
  worker: SpellWorker;
  failedAt?: number;
}

/** Offline spelling with nspell and Hunspell dictionaries from npm, one worker per language. */
export class NspellCorrector implements Corrector {
  readonly engine = 'nspell';
  private readonly offered: string[];
  private readonly workers = new Map<string, WorkerEntry>();
  private readonly loadTimeoutMs: number;
  private readonly checkTimeoutMs: number;
  private readonly retryAfterMs: number;
  private readonly maxHeapMb: number;
  private closed = false;

  constructor(options: NspellCorrectorOptions = {}) {
    const known = Object.keys(NSPELL_DICTIONARIES);
    const wanted = options.languages ?? known;
    const unknown = wanted.filter((code) => !known.includes(code));
    if (unknown.length > 0) {
      throw new Error(`No nspell dictionary for: ${unknown.join(', ')} (have ${known.join(', ')})`);
    }
    this.offered = [...new Set(wanted)].sort();
    const notOffered = (options.preload ?? []).filter((code) => !this.offered.includes(code));
    if (notOffered.length > 0) {
      throw new Error(
        `Cannot preload ${notOffered.join(', ')}: not among ${this.offered.join(', ')}`,
      );
    }
    this.loadTimeoutMs = options.loadTimeoutMs ?? 120_000;
    this.checkTimeoutMs = options.checkTimeoutMs ?? 10_000;
    this.retryAfterMs = options.retryAfterMs ?? 60_000;
    this.maxHeapMb = options.maxHeapMb ?? 1536;
    for (const code of options.preload ?? []) {
      // A failed preload is reported by the first check that needs the language.
      this.dictionary(code).catch(() => undefined);
    }
  }

  languages(): string[] {
    return [...this.offered];
  }

  async check(text: string, language: string, options: CheckOptions = {}): Promise<Correction[]> {
    if (!this.offered.includes(language)) throw new UnsupportedLanguageError(language);
    return spellCorrections(text, async (request) => {
      const worker = await this.dictionary(language);
      return worker.check({
        ...request,
        timeoutMs: this.checkTimeoutMs,
        person: options.person,
        signal: options.signal,
      });
    });
  }

  /** The language's loaded worker, started on first use and kept; a failure is kept a while. */
  private async dictionary(language: string): Promise<SpellWorker> {
    if (this.closed) throw new CorrectorUnavailableError('corrector closed');
    let entry = this.workers.get(language);
    const retry = entry?.failedAt !== undefined && Date.now() - entry.failedAt > this.retryAfterMs;
    if (!entry || retry) entry = this.spawn(language);
    await entry.worker.ready;
    // A worker that crashed after loading (e.g. out of memory) is replaced on next use.
    if (!entry.worker.alive) {
      entry = this.spawn(language);
      await entry.worker.ready;
    }
    return entry.worker;
  }

  private spawn(language: string): WorkerEntry {
    const packageName = NSPELL_DICTIONARIES[language as keyof typeof NSPELL_DICTIONARIES];
    const entry: WorkerEntry = {
      worker: SpellWorker.spawn({
        nspellPath: require.resolve('nspell'),
        dictionaryUrl: pathToFileURL(require.resolve(packageName)).href,
        loadTimeoutMs: this.loadTimeoutMs,
        maxHeapMb: this.maxHeapMb,
      }),
    };
    entry.worker.ready.catch(() => {
      entry.failedAt = Date.now();
    });
    this.workers.set(language, entry);
    return entry;
  }

  async close(): Promise<void> {
    this.closed = true;
    const entries = [...this.workers.values()];
    this.workers.clear();
    await Promise.all(entries.map((entry) => entry.worker.close()));
  }
}
