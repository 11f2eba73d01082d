import { Worker } from 'node:worker_threads';
import { CorrectorUnavailableError } from './corrector.js';

/** What one dictionary thinks of some words: only the misspelt ones, with raw candidates. */
export type SpellVerdicts = Map<string, string[]>;

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
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const nspell = require(workerData.nspellPath);
  const { default: dictionary } = await import(workerData.dictionaryUrl);
  const spell = nspell(dictionary);
  parentPort.on('message', ({ id, words, suggestLimit }) => {
    try {
      const misspelt = [];
      for (const word of words) {
        if (spell.correct(word)) continue;
        misspelt.push([word, misspelt.length < suggestLimit ? spell.suggest(word) : []]);
      }
      parentPort.postMessage({ type: 'result', id, misspelt });
    } catch (error) {
      parentPort.postMessage({ type: 'error', id, message: String(error && error.message) });
    }
  });
  parentPort.postMessage({ type: 'ready' });
})().catch((error) => {
  parentPort.postMessage({ type: 'failed', message: String(error && error.message) });
});
`;

type WorkerAnswer =
  | { type: 'ready' }
  | { type: 'failed'; message: string }
  | { type: 'result'; id: number; misspelt: [string, string[]][] }
  | { type: 'error'; id: number; message: string };

interface Pending {
  resolve(verdicts: SpellVerdicts): void;
  reject(error: Error): void;
}

/** One dictionary on its own thread; checks are answered in the order they were sent. */
export class SpellWorker {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private exited = false;

  /** Settles once the dictionary is loaded, or with a CorrectorUnavailableError. */
  readonly ready: Promise<void>;

  private constructor(
    private readonly worker: Worker,
    loadTimeoutMs: number,
  ) {
    this.ready = this.waitUntilLoaded(loadTimeoutMs);
    // Callers may attach late; the rejection is theirs to see, not an unhandled one.
    this.ready.catch(() => undefined);
    worker.on('message', (answer: WorkerAnswer) => {
      if (answer.type !== 'result' && answer.type !== 'error') return;
      const waiter = this.pending.get(answer.id);
      this.pending.delete(answer.id);
      if (answer.type === 'result') waiter?.resolve(new Map(answer.misspelt));
      else waiter?.reject(new CorrectorUnavailableError(`spell check failed: ${answer.message}`));
    });
    // After loading, a crash surfaces as 'exit'; without a listener 'error' would throw here.
    worker.on('error', () => undefined);
    worker.on('exit', () => {
      this.exited = true;
      for (const waiter of this.pending.values()) {
        waiter.reject(new CorrectorUnavailableError('spell check worker stopped'));
      }
      this.pending.clear();
    });
  }

  /** Starts a worker; `ready` resolves once its dictionary is loaded. */
  static spawn(options: SpellWorkerOptions): SpellWorker {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { nspellPath: options.nspellPath, dictionaryUrl: options.dictionaryUrl },
      resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb },
    });
    // An idle dictionary must not keep the process alive.
    worker.unref();
    return new SpellWorker(worker, options.loadTimeoutMs);
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

  /** Misspelt words among `words`, with candidates for the first `suggestLimit` of them. */
  check(words: string[], suggestLimit: number, timeoutMs: number): Promise<SpellVerdicts> {
    if (this.exited) {
      return Promise.reject(new CorrectorUnavailableError('spell check worker stopped'));
    }
    const id = this.nextId++;
    return new Promise<SpellVerdicts>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new CorrectorUnavailableError(`spell check took longer than ${timeoutMs} ms`));
      }, timeoutMs);
      this.pending.set(id, {
        resolve: (verdicts) => {
          clearTimeout(timer);
          resolve(verdicts);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      this.worker.postMessage({ id, words, suggestLimit });
    });
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}
