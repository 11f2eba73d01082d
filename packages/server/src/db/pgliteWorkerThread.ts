/**
 * The thread that runs the embedded database (pgliteWorker.ts says why). It opens PGlite, answers
 * each request in order of arrival (PGlite itself serializes them, a transaction holding the others
 * back until it ends), and closes it when asked.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import {
  toWorkerError,
  type WorkerOptions,
  type WorkerReply,
  type WorkerRequest,
  type WorkerStarted,
} from './pgliteWorkerProtocol.js';

const port = parentPort;
if (!port) throw new Error('pgliteWorkerThread runs as a worker thread');
const options = workerData as WorkerOptions;

const ROLLBACK = Symbol('rollback');
/** Transactions the server has begun and not yet ended, and each one's outcome. */
const open = new Map<number, { tx: Transaction; end(commit: boolean): void }>();
const outcomes = new Map<number, Promise<void>>();
let nextTx = 0;

function reply(message: WorkerReply, transfer: ArrayBuffer[] = []) {
  port?.postMessage(message, transfer);
}

/**
 * Opens a transaction that stays open, holding PGlite's lock, until the server ends it: its
 * queries come one message at a time, like a connection's.
 */
function begin(pglite: PGlite): Promise<number> {
  const txId = ++nextTx;
  return new Promise<number>((started, failed) => {
    let began = false;
    const outcome = pglite
      .transaction(
        (tx) =>
          new Promise<void>((resolve, reject) => {
            began = true;
            open.set(txId, { tx, end: (commit) => (commit ? resolve() : reject(ROLLBACK)) });
            started(txId);
          }),
      )
      .catch((error: unknown) => {
        if (error !== ROLLBACK) throw error;
      });
    outcomes.set(txId, outcome);
    // Failed before it began (the database closed): the begin fails. After: its end reports it.
    outcome.catch((error: unknown) => {
      if (began) return;
      outcomes.delete(txId);
      failed(error);
    });
  });
}

async function handle(pglite: PGlite, request: WorkerRequest): Promise<void> {
  try {
    switch (request.op) {
      case 'query': {
        const target = request.tx === null ? pglite : open.get(request.tx)?.tx;
        if (!target) throw new Error(`no open transaction ${request.tx}`);
        const parsers = Object.fromEntries(
          request.rawTypes.map((type) => [type, (value: string) => value]),
        );
        const result = await target.query(request.sql, request.params, {
          ...(request.rowMode ? { rowMode: request.rowMode } : {}),
          parsers,
        });
        reply({ id: request.id, ok: true, value: result });
        return;
      }
      case 'exec': {
        const target = request.tx === null ? pglite : open.get(request.tx)?.tx;
        if (!target) throw new Error(`no open transaction ${request.tx}`);
        reply({ id: request.id, ok: true, value: await target.exec(request.sql) });
        return;
      }
      case 'begin':
        reply({ id: request.id, ok: true, value: await begin(pglite) });
        return;
      case 'end': {
        const transaction = open.get(request.tx);
        const outcome = outcomes.get(request.tx);
        if (!transaction || !outcome) throw new Error(`no open transaction ${request.tx}`);
        open.delete(request.tx);
        outcomes.delete(request.tx);
        transaction.end(request.commit);
        await outcome;
        reply({ id: request.id, ok: true, value: null });
        return;
      }
      case 'dump': {
        const file = await pglite.dumpDataDir(request.compression);
        const bytes = await file.arrayBuffer();
        reply({ id: request.id, ok: true, value: bytes }, [bytes]);
        return;
      }
      case 'close':
        if (!pglite.closed) await pglite.close();
        reply({ id: request.id, ok: true, value: null });
        return;
    }
  } catch (error) {
    reply({ id: request.id, ok: false, error: toWorkerError(error) });
  }
}

async function main() {
  let pglite: PGlite;
  try {
    pglite = await PGlite.create(options.dataDir, {
      relaxedDurability: options.relaxedDurability,
      startParams: [...PGlite.defaultStartParams, ...options.extraStartParams],
    });
  } catch (error) {
    port?.postMessage({ started: false, error: toWorkerError(error) } satisfies WorkerStarted);
    return;
  }
  port?.on('message', (request: WorkerRequest) => void handle(pglite, request));
  port?.postMessage({ started: true } satisfies WorkerStarted);
}

void main();
