import { Worker } from 'node:worker_threads';
import { CorrectorUnavailableError } from './corrector.js';

/** What one dictionary thinks of some words: only the misspelt ones, with raw candidates. */
export type SpellVerdicts = Map<string, string[]>;

/**
 * What runs the slices: a worker thread (nspell) or anything that speaks the same messages, such
 * as a Hunspell child process (`HunspellPipe`). It answers `{ type: 'ready' | 'failed' }` once,
 * then one `result`/`error` per slice; it emits 'exit' when it stops.
 */
export interface SpellThread {
  on(event: 'message', listener: (answer: WorkerAnswer) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'exit', listener: (code: number) => void): unknown;
  off(event: 'message', listener: (answer: WorkerAnswer) => void): unknown;
  off(event: 'error', listener: (error: Error) => void): unknown;
  off(event: 'exit', listener: (code: number) => void): unknown;
  postMessage(slice: SpellSlice): void;
  terminate(): Promise<unknown>;
}

/** One slice of a check, as the thread receives it. */
export interface SpellSlice {
  id: number;
  words: string[];
  suggestBudget: number;
  maxSuggestLength: number;
  sliceMs: number;
}

export interface SpellWorkerOptions {
  /** Absolute path of the `nspell` package entry. */
  nspellPath: string;
  /** file: URL of a `dictionary-*` module whose default export is `{aff, dic}`. */
  dictionaryUrl: string;
  /** Give up on a dictionary that has not loaded by then (ms). */
  loadTimeoutMs: number;
  /** Old-space limit of the worker, so a runaway dictionary cannot take the server down. */
  maxHeapMb: number;
}

// Building an nspell instance expands every affix rule: 1–10 s of CPU for en/es/de/fr, and
// minutes for some dictionaries. Doing it (and the suggestion search) on a worker thread keeps
// the event loop that serves chat sockets free. The source is inline so the single-file build
// needs no second entry point; it is plain JavaScript run with `eval`.
//
// The worker answers one slice at a time: it judges words in order until `sliceMs` has passed
// (at least one word), suggesting for misspelt ones while `suggestBudget` lasts and the word is
// not longer than `maxSuggestLength` (nspell's search grows with the word's length: a
// 10,000-letter "word" would keep it busy for minutes). It says how many words it consumed; the
// main thread decides what comes next, so no caller can hold the thread for long.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const nspell = require(workerData.nspellPath);
  const { default: dictionary } = await import(workerData.dictionaryUrl);
  const spell = nspell(dictionary);
  parentPort.on('message', ({ id, words, suggestBudget, maxSuggestLength, sliceMs }) => {
    try {
      const started = Date.now();
      const misspelt = [];
      let consumed = 0;
      let suggested = 0;
      for (const word of words) {
        if (consumed > 0 && Date.now() - started >= sliceMs) break;
        consumed++;
        if (spell.correct(word)) continue;
        if (suggested < suggestBudget && word.length <= maxSuggestLength) {
          suggested++;
          misspelt.push([word, spell.suggest(word)]);
        } else {
          misspelt.push([word, null]);
        }
      }
      parentPort.postMessage({ type: 'result', id, misspelt, consumed, suggested });
    } catch (error) {
      parentPort.postMessage({ type: 'error', id, message: String(error && error.message) });
    }
  });
  parentPort.postMessage({ type: 'ready' });
})().catch((error) => {
  parentPort.postMessage({ type: 'failed', message: String(error && error.message) });
});
`;

export type WorkerAnswer =
  | { type: 'ready' }
  | { type: 'failed'; message: string }
  | {
      type: 'result';
      id: number;
      /** Candidates, or null when the word was not given a suggestion search. */
      misspelt: [string, string[] | null][];
      consumed: number;
      suggested: number;
    }
  | { type: 'error'; id: number; message: string };

/** How the worker's time is shared (see `SpellWorker.check`). */
export interface SpellSchedule {
  /** Words sent in one slice (the worker may consume fewer when its time is up). */
  sliceWords: number;
  /** Time one slice may take before it stops at the next word (ms). */
  sliceMs: number;
  /** Longer words are flagged without a suggestion search. */
  maxSuggestLength: number;
  /** Checks one person may have waiting; a newer one cancels their oldest. */
  maxQueuedPerPerson: number;
}

export const DEFAULT_SPELL_SCHEDULE: SpellSchedule = {
  sliceWords: 200,
  sliceMs: 25,
  maxSuggestLength: 40,
  maxQueuedPerPerson: 3,
};

export interface SpellCheckRequest {
  words: string[];
  /** Suggestions are searched for the first this many misspelt words. */
  suggestLimit: number;
  /** The caller's time: past it the check is dropped (not finished) and rejected. */
  timeoutMs: number;
  /** Whose check it is: the worker's time is shared round-robin between people. */
  person?: string;
  /** The caller went away: drop the check. */
  signal?: AbortSignal;
}

interface Job {
  person: string;
  words: string[];
  cursor: number;
  suggestRemaining: number;
  verdicts: SpellVerdicts;
  settled: boolean;
  finish(error?: Error): void;
}

/**
 * One dictionary on its own thread, shared fairly: each check is a job in its person's queue, and
 * the worker runs one short slice at a time for the person who has used the least worker time
 * (fair queuing by time, not by turns: one suggestion search for a made-up word can take half a
 * second, a real typo's a few milliseconds, so taking turns would make a short check with several
 * typos wait a long slice of someone else's per typo). Someone sending huge checks over and over
 * only slows their own; another person's short check waits at most the slice under way. A job whose caller's time is up, or whose caller went
 * away, is dropped between slices, so the thread is never restarted to get rid of it.
 */
export class SpellWorker {
  /** People with waiting jobs, in turn order (a Map keeps insertion order). */
  private readonly queues = new Map<string, Job[]>();
  /** Worker time (ms) used by each person with waiting jobs; the next slice goes to the least. */
  private readonly spent = new Map<string, number>();
  /** The time used by the last person served: a newcomer starts here, with no credit banked. */
  private floor = 0;
  private running: { id: number; job: Job; startedAt: number } | null = null;
  private nextId = 1;
  private exited = false;

  /** Settles once the dictionary is loaded, or with a CorrectorUnavailableError. */
  readonly ready: Promise<void>;

  private constructor(
    private readonly worker: SpellThread,
    loadTimeoutMs: number,
    private readonly schedule: SpellSchedule,
  ) {
    this.ready = this.waitUntilLoaded(loadTimeoutMs);
    // Callers may attach late; the rejection is theirs to see, not an unhandled one.
    this.ready.catch(() => undefined);
    worker.on('message', (answer: WorkerAnswer) => {
      if (answer.type !== 'result' && answer.type !== 'error') return;
      const slice = this.running;
      if (!slice || slice.id !== answer.id) return;
      this.running = null;
      const { job } = slice;
      if (this.queues.has(job.person)) {
        const used = performance.now() - slice.startedAt;
        this.spent.set(job.person, (this.spent.get(job.person) ?? this.floor) + used);
      }
      if (answer.type === 'error') {
        job.finish(new CorrectorUnavailableError(`spell check failed: ${answer.message}`));
      } else if (!job.settled) {
        for (const [word, candidates] of answer.misspelt) job.verdicts.set(word, candidates ?? []);
        job.cursor += answer.consumed;
        job.suggestRemaining -= answer.suggested;
        if (job.cursor >= job.words.length) job.finish();
      }
      this.pump();
    });
    // After loading, a crash surfaces as 'exit'; without a listener 'error' would throw here.
    worker.on('error', () => undefined);
    worker.on('exit', () => {
      this.exited = true;
      const stopped = () => new CorrectorUnavailableError('spell check worker stopped');
      this.running?.job.finish(stopped());
      this.running = null;
      for (const queue of this.queues.values()) for (const job of [...queue]) job.finish(stopped());
      this.queues.clear();
    });
  }

  /** Starts a worker; `ready` resolves once its dictionary is loaded. */
  static spawn(options: SpellWorkerOptions, schedule = DEFAULT_SPELL_SCHEDULE): SpellWorker {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { nspellPath: options.nspellPath, dictionaryUrl: options.dictionaryUrl },
      resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb },
    });
    // An idle dictionary must not keep the process alive.
    worker.unref();
    return new SpellWorker(worker, options.loadTimeoutMs, schedule);
  }

  /** The same fair queue over another thread (a Hunspell process); `ready` as for `spawn`. */
  static over(
    thread: SpellThread,
    loadTimeoutMs: number,
    schedule = DEFAULT_SPELL_SCHEDULE,
  ): SpellWorker {
    return new SpellWorker(thread, loadTimeoutMs, schedule);
  }

  /** Checks waiting or under way (an idle dictionary may be stopped when there are none). */
  get busy(): boolean {
    return this.running !== null || this.queues.size > 0;
  }

  private waitUntilLoaded(loadTimeoutMs: number): Promise<void> {
    const { worker } = this;
    return new Promise((resolve, reject) => {
      const settle = (error?: Error) => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        if (!error) return resolve();
        void worker.terminate();
        reject(error);
      };
      const fail = (message: string, cause?: unknown) =>
        settle(new CorrectorUnavailableError(message, { cause }));
      const timer = setTimeout(
        () => fail(`dictionary did not load within ${loadTimeoutMs} ms`),
        loadTimeoutMs,
      );
      const onMessage = (answer: WorkerAnswer) => {
        if (answer.type === 'ready') settle();
        else if (answer.type === 'failed') fail(`dictionary failed to load: ${answer.message}`);
      };
      const onError = (error: Error) => fail(`dictionary failed to load: ${error.message}`, error);
      const onExit = (code: number) => fail(`dictionary worker exited with ${code} while loading`);
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
    });
  }

  get alive(): boolean {
    return !this.exited;
  }

  /**
   * Misspelt words among `words` (each with candidates when it was given a suggestion search),
   * once every slice of this check has run; rejects with CorrectorUnavailableError when the
   * caller's time is up first.
   */
  check(request: SpellCheckRequest): Promise<SpellVerdicts> {
    if (this.exited) {
      return Promise.reject(new CorrectorUnavailableError('spell check worker stopped'));
    }
    if (request.signal?.aborted) {
      return Promise.reject(new CorrectorUnavailableError('spell check cancelled'));
    }
    const person = request.person ?? '';
    return new Promise<SpellVerdicts>((resolve, reject) => {
      const onAbort = () =>
        job.finish(new CorrectorUnavailableError('spell check cancelled by its caller'));
      const timer = setTimeout(
        () =>
          job.finish(
            new CorrectorUnavailableError(`spell check took longer than ${request.timeoutMs} ms`),
          ),
        request.timeoutMs,
      );
      const job: Job = {
        person,
        words: request.words,
        cursor: 0,
        suggestRemaining: request.suggestLimit,
        verdicts: new Map(),
        settled: false,
        finish: (error) => {
          if (job.settled) return;
          job.settled = true;
          clearTimeout(timer);
          request.signal?.removeEventListener('abort', onAbort);
          this.dequeue(job);
          if (error) reject(error);
          else resolve(job.verdicts);
        },
      };
      request.signal?.addEventListener('abort', onAbort, { once: true });
      const queue = this.queues.get(person) ?? [];
      if (!this.queues.has(person)) this.spent.set(person, this.floor);
      this.queues.set(person, queue);
      queue.push(job);
      // A person's checks beyond the allowance cancel their oldest waiting one (the composer
      // only needs the newest draft checked).
      const oldest = queue.find((waiting) => waiting !== this.running?.job);
      if (queue.length > this.schedule.maxQueuedPerPerson && oldest) {
        oldest.finish(new CorrectorUnavailableError('spell check replaced by a newer one'));
      }
      if (job.words.length === 0) job.finish();
      this.pump();
    });
  }

  private dequeue(job: Job): void {
    const queue = this.queues.get(job.person);
    if (!queue) return;
    const index = queue.indexOf(job);
    if (index >= 0) queue.splice(index, 1);
    if (queue.length === 0) {
      this.queues.delete(job.person);
      this.spent.delete(job.person);
    }
  }

  /** Sends the next slice: the first job of the person who has used the least worker time. */
  private pump(): void {
    if (this.running || this.exited) return;
    let person: string | undefined;
    let least = Number.POSITIVE_INFINITY;
    // Ties go to whoever waited longest (a Map keeps insertion order; the served go to the back).
    for (const waiting of this.queues.keys()) {
      const used = this.spent.get(waiting) ?? this.floor;
      if (used < least) {
        least = used;
        person = waiting;
      }
    }
    if (person === undefined) return;
    const queue = this.queues.get(person) ?? [];
    const job = queue[0];
    if (!job) {
      this.queues.delete(person);
      this.spent.delete(person);
      this.pump();
      return;
    }
    this.floor = least;
    this.queues.delete(person);
    this.queues.set(person, queue);
    const id = this.nextId++;
    this.running = { id, job, startedAt: performance.now() };
    this.worker.postMessage({
      id,
      words: job.words.slice(job.cursor, job.cursor + this.schedule.sliceWords),
      suggestBudget: job.suggestRemaining,
      maxSuggestLength: this.schedule.maxSuggestLength,
      sliceMs: this.schedule.sliceMs,
    });
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}
