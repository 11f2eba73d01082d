import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

const require = createRequire(import.meta.url);

// PGlite's initdb runs a second PGlite and the initdb WebAssembly module beside the database,
// each with its own WebAssembly memory: 550 MB resident that is garbage once the cluster exists,
// but V8 only collects it under heap pressure, which an idle server never has. Run on a worker
// thread, all of it goes away when the thread ends; the server then opens the files like any
// existing database. The source is inline so the single-file build needs no second entry point.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const { PGlite } = await import(workerData.pgliteUrl);
  const pglite = await PGlite.create(workerData.dir, {
    startParams: [...PGlite.defaultStartParams, ...workerData.settings],
  });
  await pglite.close();
  parentPort.postMessage({ ok: true });
})().catch((error) => {
  parentPort.postMessage({ ok: false, message: String(error && error.message) });
});
`;

/** Whether `dir` holds no database cluster yet (initdb would run on open). */
export function needsInitdb(dir: string): boolean {
  return !existsSync(join(dir, 'PG_VERSION'));
}

/** Creates the database cluster in `dir` on a worker thread; resolves once the thread has ended. */
export function initdbOnWorker(dir: string, settings: readonly string[]): Promise<void> {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      dir,
      settings,
      pgliteUrl: pathToFileURL(require.resolve('@electric-sql/pglite')).href,
    },
  });
  return new Promise((resolve, reject) => {
    let answer: { ok: boolean; message?: string } | null = null;
    worker.once('message', (message: { ok: boolean; message?: string }) => {
      answer = message;
    });
    worker.once('error', reject);
    worker.once('exit', () => {
      if (answer?.ok) resolve();
      else reject(new Error(answer?.message ?? 'initdb worker stopped'));
    });
  });
}
