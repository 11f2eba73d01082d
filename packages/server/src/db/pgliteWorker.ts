import { Worker } from 'node:worker_threads';
import type { PGlite, Results, Transaction } from '@electric-sql/pglite';
import {
  fromWorkerError,
  type WorkerOptions,
  type WorkerReply,
  type WorkerRequest,
  type WorkerStarted,
} from './pgliteWorkerProtocol.js';

/**
 * The embedded database on a thread of its own (issue 24, fan-out). PGlite is Postgres compiled to
 * WebAssembly: every statement runs synchronously on the thread that called it, so on the server's
 * thread a group commit of a hundred messages held every socket for milliseconds, and under load
 * the database was half of that thread's time. Here the server's thread sends each statement to
 * the database's thread and goes on writing frames while it runs.
 *
 * `PGliteOnThread` is the part of PGlite's interface the server uses (drizzle's driver: query,
 * exec, transaction; the backup: exec and dumpDataDir; close), so drizzle and the rest take it as
 * a PGlite. Query options are limited to what drizzle passes: `rowMode`, and `parsers` that leave a
 * type's text as it is (checked; any other parser is refused).
 */
export class PGliteOnThread {
  #worker: Worker;
  #nextId = 0;
  #pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  #closed = false;
  #exited: Promise<void>;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on('message', (message: WorkerReply) => {
      const waiting = this.#pending.get(message.id);
      if (!waiting) return;
      this.#pending.delete(message.id);
      if (message.ok) waiting.resolve(message.value);
      else waiting.reject(fromWorkerError(message.error));
    });
    this.#exited = new Promise((resolve) => {
      worker.once('exit', (code) => {
        if (!this.#closed) {
          // Not closed by the server: every statement from now on fails (and /readyz with them).
          console.error(
            `[parley] the embedded database's thread ended unexpectedly (exit code ${code}); restart the server`,
          );
        }
        this.#closed = true;
        const error = new Error(`the database thread ended (exit code ${code})`);
        for (const waiting of this.#pending.values()) waiting.reject(error);
        this.#pending.clear();
        resolve();
      });
    });
    worker.on('error', (error) => {
      for (const waiting of this.#pending.values()) waiting.reject(error);
      this.#pending.clear();
    });
  }

  /** Starts the thread and opens the database in it (in memory without `dataDir`). */
  static async open(options: Partial<WorkerOptions> = {}): Promise<PGliteOnThread> {
    const workerOptions: WorkerOptions = {
      dataDir: options.dataDir,
      relaxedDurability: options.relaxedDurability ?? false,
      extraStartParams: options.extraStartParams ?? [],
    };
    const here = new URL(import.meta.url);
    // Built, the thread is dist/pgliteWorkerThread.js beside the bundle; from source (tests, tsx)
    // the .ts file, loaded through tsx's loader registered in the thread.
    const fromSource = here.pathname.endsWith('.ts');
    const entry = new URL(`./pgliteWorkerThread.${fromSource ? 'ts' : 'js'}`, here);
    const worker = fromSource
      ? new Worker(
          `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); })`,
          { eval: true, workerData: workerOptions },
        )
      : new Worker(entry, { workerData: workerOptions });
    // Only these listeners go afterwards: the Worker keeps internal ones (its port's reference).
    let onMessage: (message: WorkerStarted) => void = () => {};
    let onError: (error: Error) => void = () => {};
    let onExit: (code: number) => void = () => {};
    const started = await new Promise<WorkerStarted>((resolve, reject) => {
      onMessage = resolve;
      onError = reject;
      onExit = (code) =>
        reject(new Error(`the database thread ended before it opened (exit code ${code})`));
      worker.once('message', onMessage);
      worker.once('error', onError);
      worker.once('exit', onExit);
    }).finally(() => {
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
    });
    if (!started.started) {
      await worker.terminate();
      throw fromWorkerError(started.error);
    }
    return new PGliteOnThread(worker);
  }

  get closed(): boolean {
    return this.#closed;
  }

  #call<T>(
    request: DistributiveOmit<WorkerRequest, 'id'>,
    transfer: ArrayBuffer[] = [],
  ): Promise<T> {
    if (this.#closed) return Promise.reject(new Error('PGlite is closed'));
    const id = ++this.#nextId;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      try {
        this.#worker.postMessage({ ...request, id } as WorkerRequest, transfer);
      } catch (error) {
        // A parameter that cannot cross threads (a function, a class instance with private state).
        this.#pending.delete(id);
        reject(error);
      }
    });
  }

  #query<T>(
    sql: string,
    params: unknown[] | undefined,
    options: QueryOptions | undefined,
    tx: number | null,
  ): Promise<Results<T>> {
    return this.#call<Results<T>>({
      op: 'query',
      sql,
      params: params ?? [],
      rowMode: options?.rowMode,
      rawTypes: rawTypesOf(options?.parsers),
      tx,
    });
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(sql, params, options, null);
  }

  exec(sql: string): Promise<Results[]> {
    return this.#call<Results[]>({ op: 'exec', sql, tx: null });
  }

  /** As PGlite's: commits when `callback` resolves, rolls back when it throws. */
  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const tx = await this.#call<number>({ op: 'begin' });
    let finished = false;
    const handle = {
      query: <R>(sql: string, params?: unknown[], options?: QueryOptions) =>
        this.#query<R>(sql, params, options, tx),
      exec: (sql: string) => this.#call<Results[]>({ op: 'exec', sql, tx }),
      rollback: async () => {
        throw new Error('rollback by throwing from the transaction callback');
      },
      get closed() {
        return finished;
      },
    } as unknown as Transaction;
    let result: T;
    try {
      result = await callback(handle);
    } catch (error) {
      finished = true;
      await this.#call({ op: 'end', tx, commit: false }).catch(() => undefined);
      throw error;
    }
    finished = true;
    await this.#call({ op: 'end', tx, commit: true });
    return result;
  }

  /** The data directory as a tarball, as PGlite's. */
  async dumpDataDir(compression: 'auto' | 'gzip' | 'none' = 'auto'): Promise<Blob> {
    const bytes = await this.#call<ArrayBuffer>({ op: 'dump', compression });
    return new Blob([bytes]);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    try {
      await this.#call({ op: 'close' });
    } finally {
      this.#closed = true;
      await this.#worker.terminate();
      await this.#exited;
    }
  }

  /** For code typed against PGlite (drizzle's driver, the backup). */
  asPGlite(): PGlite {
    return this as unknown as PGlite;
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, (value: string, typeId?: number) => unknown>;
}

const PROBE = '\u0000parley-probe';

/** The types whose parser leaves the text as it is; a parser that does anything else is refused. */
function rawTypesOf(parsers: QueryOptions['parsers']): number[] {
  if (!parsers) return [];
  return Object.entries(parsers).map(([type, parse]) => {
    if (parse(PROBE) !== PROBE) {
      throw new Error(`PGlite on a thread keeps a type's text or parses it itself (type ${type})`);
    }
    return Number(type);
  });
}
