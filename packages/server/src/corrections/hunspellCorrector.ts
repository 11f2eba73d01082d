import { accessSync, constants, existsSync } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';
import {
  type CheckOptions,
  type Correction,
  type Corrector,
  CorrectorUnavailableError,
  UnsupportedLanguageError,
} from './corrector.js';
import { HunspellPipe } from './hunspellPipe.js';
import { spellCorrections } from './spellCorrections.js';
import { SpellWorker } from './spellWorker.js';

/**
 * Picker languages Hunspell checks, each with its Debian dictionary names (hunspell-* packages,
 * in /usr/share/hunspell), the first one present wins. English, Spanish, French and German stay
 * with nspell. Measured load time and memory per language: docs/languages.md.
 */
export const HUNSPELL_DICTIONARIES = {
  af: ['af_ZA'],
  bg: ['bg_BG'],
  ca: ['ca', 'ca_ES'],
  cs: ['cs_CZ'],
  da: ['da_DK'],
  el: ['el_GR'],
  he: ['he_IL'],
  hr: ['hr_HR'],
  hu: ['hu_HU'],
  id: ['id_ID'],
  it: ['it_IT'],
  lt: ['lt_LT'],
  lv: ['lv_LV'],
  nl: ['nl_NL', 'nl'],
  no: ['nb_NO'],
  pl: ['pl_PL'],
  pt: ['pt_PT', 'pt_BR'],
  ro: ['ro_RO'],
  ru: ['ru_RU'],
  sk: ['sk_SK'],
  sl: ['sl_SI'],
  sv: ['sv_SE'],
  tr: ['tr_TR'],
  uk: ['uk_UA'],
  vi: ['vi_VN'],
} as const satisfies Record<string, readonly string[]>;

export const DEFAULT_HUNSPELL_DICTIONARY_DIRS = ['/usr/share/hunspell'];

export interface HunspellCorrectorOptions {
  /** The executable: a name on PATH or a path (default 'hunspell'). */
  binary?: string;
  /** Where the .aff/.dic files are looked for, in order (default /usr/share/hunspell). */
  dictionaryDirs?: readonly string[];
  /** Languages to offer, a subset of HUNSPELL_DICTIONARIES (default all whose files exist). */
  languages?: readonly string[];
  /** Load these at start instead of on first use. */
  preload?: readonly string[];
  /** A process that has not answered its probe word by then is given up on (ms). */
  loadTimeoutMs?: number;
  /** One check, once loaded (ms): past it the check is answered as unavailable. */
  checkTimeoutMs?: number;
  /** One word's answer (ms): past it the process is stopped and started again on next use. */
  wordTimeoutMs?: number;
  /** After a failed start, requests are answered as unavailable for this long (ms). */
  retryAfterMs?: number;
  /** A language with no checks for this long has its process stopped, freeing its memory (ms). */
  idleMs?: number;
}

interface PipeEntry {
  worker: SpellWorker;
  pipe: HunspellPipe;
  failedAt?: number;
  idleTimer?: NodeJS.Timeout;
  checks: number;
}

/** Whether `binary` can be run: a path that is executable, or a name found on PATH. */
export function findExecutable(binary: string, path = process.env.PATH ?? ''): string | undefined {
  const runnable = (file: string) => {
    try {
      accessSync(file, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  };
  if (binary.includes('/')) return isAbsolute(binary) && runnable(binary) ? binary : undefined;
  for (const dir of path.split(delimiter)) {
    if (dir && runnable(join(dir, binary))) return join(dir, binary);
  }
  return undefined;
}

/**
 * Offline spelling with the Hunspell program and Debian's dictionaries: one long-lived
 * `hunspell -a` process per language, started on first use and stopped after `idleMs` without
 * checks, so a server nobody writes Polish on never holds the Polish dictionary. Each process is
 * shared fairly between people by the same queue as nspell's threads (`SpellWorker`). A language
 * whose dictionary is not installed, or every language when the program is not, is not offered:
 * the check route answers `supported: false` for it.
 */
export class HunspellCorrector implements Corrector {
  readonly engine = 'hunspell';
  private readonly binary: string | undefined;
  private readonly dictionaries = new Map<string, string>();
  private readonly pipes = new Map<string, PipeEntry>();
  private readonly loadTimeoutMs: number;
  private readonly checkTimeoutMs: number;
  private readonly wordTimeoutMs: number;
  private readonly retryAfterMs: number;
  private readonly idleMs: number;
  private closed = false;

  constructor(options: HunspellCorrectorOptions = {}) {
    const known = Object.keys(HUNSPELL_DICTIONARIES);
    const wanted = options.languages ?? known;
    const unknown = wanted.filter((code) => !known.includes(code));
    if (unknown.length > 0) {
      throw new Error(`No Hunspell dictionary for: ${unknown.join(', ')}`);
    }
    this.binary = findExecutable(options.binary ?? 'hunspell');
    const dirs = options.dictionaryDirs ?? DEFAULT_HUNSPELL_DICTIONARY_DIRS;
    for (const code of this.binary ? [...new Set(wanted)].sort() : []) {
      const names: readonly string[] =
        HUNSPELL_DICTIONARIES[code as keyof typeof HUNSPELL_DICTIONARIES];
      const found = dirs
        .flatMap((dir) => names.map((name) => join(dir, name)))
        .find((base) => existsSync(`${base}.aff`) && existsSync(`${base}.dic`));
      if (found) this.dictionaries.set(code, found);
    }
    this.loadTimeoutMs = options.loadTimeoutMs ?? 30_000;
    this.checkTimeoutMs = options.checkTimeoutMs ?? 10_000;
    this.wordTimeoutMs = options.wordTimeoutMs ?? 5_000;
    this.retryAfterMs = options.retryAfterMs ?? 60_000;
    this.idleMs = options.idleMs ?? 5 * 60_000;
    for (const code of options.preload ?? []) {
      if (!this.dictionaries.has(code)) continue;
      // A failed preload is reported by the first check that needs the language.
      this.dictionary(code).then(
        (entry) => this.idleLater(code, entry),
        () => undefined,
      );
    }
  }

  languages(): string[] {
    return [...this.dictionaries.keys()];
  }

  /** Languages whose process is running now (for tests and measurements). */
  running(): string[] {
    return [...this.pipes.entries()]
      .filter(([, entry]) => entry.worker.alive && entry.failedAt === undefined)
      .map(([code]) => code);
  }

  /** The process id of a running language (for measuring its memory). */
  pidOf(language: string): number | undefined {
    return this.pipes.get(language)?.pipe.pid;
  }

  async check(text: string, language: string, options: CheckOptions = {}): Promise<Correction[]> {
    if (!this.dictionaries.has(language)) throw new UnsupportedLanguageError(language);
    return spellCorrections(text, async (request) => {
      const entry = await this.dictionary(language);
      entry.checks += 1;
      clearTimeout(entry.idleTimer);
      try {
        return await entry.worker.check({
          ...request,
          timeoutMs: this.checkTimeoutMs,
          person: options.person,
          signal: options.signal,
        });
      } finally {
        entry.checks -= 1;
        this.idleLater(language, entry);
      }
    });
  }

  /** Stops the language's process once it has had no checks for `idleMs`. */
  private idleLater(language: string, entry: PipeEntry): void {
    if (entry.checks > 0 || this.closed) return;
    clearTimeout(entry.idleTimer);
    entry.idleTimer = setTimeout(() => {
      if (entry.checks > 0 || entry.worker.busy || this.pipes.get(language) !== entry) return;
      this.pipes.delete(language);
      void entry.worker.close();
    }, this.idleMs);
    entry.idleTimer.unref();
  }

  /** The language's loaded process, started on first use; a failed start is kept a while. */
  private async dictionary(language: string): Promise<PipeEntry> {
    if (this.closed) throw new CorrectorUnavailableError('corrector closed');
    let entry = this.pipes.get(language);
    const retry = entry?.failedAt !== undefined && Date.now() - entry.failedAt > this.retryAfterMs;
    if (!entry || retry) entry = this.spawn(language);
    await entry.worker.ready;
    // A process that stopped after loading (killed, or a runaway word) is replaced on next use.
    if (!entry.worker.alive) {
      entry = this.spawn(language);
      await entry.worker.ready;
    }
    return entry;
  }

  private spawn(language: string): PipeEntry {
    const dictionary = this.dictionaries.get(language);
    if (!this.binary || !dictionary) throw new UnsupportedLanguageError(language);
    const pipe = new HunspellPipe({
      binary: this.binary,
      dictionary,
      wordTimeoutMs: this.wordTimeoutMs,
    });
    const entry: PipeEntry = {
      pipe,
      worker: SpellWorker.over(pipe, this.loadTimeoutMs),
      checks: 0,
    };
    entry.worker.ready.catch(() => {
      entry.failedAt = Date.now();
    });
    const previous = this.pipes.get(language);
    if (previous) {
      clearTimeout(previous.idleTimer);
      void previous.worker.close();
    }
    this.pipes.set(language, entry);
    return entry;
  }

  async close(): Promise<void> {
    this.closed = true;
    const entries = [...this.pipes.values()];
    this.pipes.clear();
    for (const entry of entries) clearTimeout(entry.idleTimer);
    await Promise.all(entries.map((entry) => entry.worker.close()));
  }
}
