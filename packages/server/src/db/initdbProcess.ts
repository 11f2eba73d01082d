import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);

// PGlite's initdb runs a second PGlite and the initdb WebAssembly module beside the database,
// each with its own WebAssembly memory: 550 MB resident that is garbage once the cluster exists,
// but V8 only collects it under heap pressure, which an idle server never has. In a short-lived
// process of its own all of it goes back to the system (a worker thread left 120 MB behind in
// the allocator's arenas); the server then opens the files like any existing database. The
// source is inline so the single-file build needs no second entry point.
const INITDB_SOURCE = `
const [pgliteUrl, dir, settings] = JSON.parse(process.argv[1]);
const { PGlite } = await import(pgliteUrl);
const pglite = await PGlite.create(dir, { startParams: [...PGlite.defaultStartParams, ...settings] });
await pglite.close();
`;

/** Whether `dir` holds no database cluster yet (initdb would run on open). */
export function needsInitdb(dir: string): boolean {
  return !existsSync(join(dir, 'PG_VERSION'));
}

/** Creates the database cluster in `dir` in a child process; resolves once it has exited. */
export function initdbInChildProcess(dir: string, settings: readonly string[]): Promise<void> {
  const pgliteUrl = pathToFileURL(require.resolve('@electric-sql/pglite')).href;
  const child = spawn(
    process.execPath,
    ['--input-type=module', '-e', INITDB_SOURCE, JSON.stringify([pgliteUrl, dir, settings])],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (text: string) => {
    stderr = (stderr + text).slice(-2000);
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`initdb failed (${signal ?? `exit ${code}`}): ${stderr.trim()}`));
    });
  });
}
