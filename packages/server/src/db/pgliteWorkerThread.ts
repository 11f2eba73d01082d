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
/** A transaction's outcome from the moment it is asked for; its handle and `end` once begun. */
interface TransactionEntry {
  outcome: Promise<void>;
  tx?: Transaction;
  end?: (commit: boolean) => void;
}
/** Transactions the server has begun and not yet ended. */
const open = new Map<number, TransactionEntry>();
let nextTx = 0;
/** The parsers that keep a set of types' text as it is, by the set (a few sets in all). */
const rawParsers = new Map<string, Record<number, (value: string) => string>>();

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
    const entry: TransactionEntry = { outcome: Promise.resolve() };
    open.set(txId, entry);
    entry.outcome = pglite
      .transaction(
        (tx) =>
          new Promise<void>((resolve, reject) => {
            began = true;
            entry.tx = tx;
            entry.end = (commit) => (commit ? resolve() : reject(ROLLBACK));
            started(txId);
          }),
      )
      .catch((error: unknown) => {
        if (error !== ROLLBACK) throw error;
      });
    // Failed before it began (the database closed): the begin fails. After: its end reports it.
    entry.outcome.catch((error: unknown) => {
      if (began) return;
      open.delete(txId);
      failed(error);
    });
  });
}

/** The database, or the open transaction `tx` (a statement in a transaction that ended fails). */
function targetOf(pglite: PGlite, tx: number | null): PGlite | Transaction {
  if (tx === null) return pglite;
  const target = open.get(tx)?.tx;
  if (!target) throw new Error(`no open transaction ${tx}`);
  return target;
}

function parsersKeeping(types: number[]): Record<number, (value: string) => string> {
  const key = types.join(',');
  let parsers = rawParsers.get(key);
  if (!parsers) {
    parsers = Object.fromEntries(types.map((type) => [type, (value: string) => value]));
    rawParsers.set(key, parsers);
  }
  return parsers;
}

async function handle(pglite: PGlite, request: WorkerRequest): Promise<void> {
  try {
    switch (request.op) {
      case 'query': {
        const result = await targetOf(pglite, request.tx).query(request.sql, request.params, {
          ...(request.rowMode ? { rowMode: request.rowMode } : {}),
          parsers: parsersKeeping(request.rawTypes),
        });
        reply({ id: request.id, ok: true, value: result });
        return;
      }
      case 'exec': {
        const value = await targetOf(pglite, request.tx).exec(request.sql);
        reply({ id: request.id, ok: true, value });
        return;
      }
      case 'begin':
        reply({ id: request.id, ok: true, value: await begin(pglite) });
        return;
      case 'end': {
        const transaction = open.get(request.tx);
        if (!transaction?.end) throw new Error(`no open transaction ${request.tx}`);
        open.delete(request.tx);
        transaction.end(request.commit);
        await transaction.outcome;
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
