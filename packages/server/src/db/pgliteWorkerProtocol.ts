/**
 * The messages between the server's thread and the thread that runs its embedded database
 * (pgliteWorker.ts, pgliteWorkerThread.ts). Values cross by structured clone: rows keep their
 * parsed types (Date, objects, arrays, bytes).
 */
export type WorkerRequest =
  | {
      id: number;
      op: 'query';
      sql: string;
      params: unknown[];
      rowMode: 'array' | 'object' | undefined;
      /** Types whose values come back as the database's text (drizzle's own parsing). */
      rawTypes: number[];
      tx: number | null;
    }
  | { id: number; op: 'exec'; sql: string; tx: number | null }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'dump'; compression: 'auto' | 'gzip' | 'none' }
  | { id: number; op: 'close' };

/** A database error with its fields (code, detail, constraint…), as code reading them expects. */
export interface WorkerError {
  name: string;
  message: string;
  fields: Record<string, unknown>;
}

export type WorkerReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: WorkerError };

/** Sent once by the thread: the database is open, or could not be. */
export type WorkerStarted = { started: true } | { started: false; error: WorkerError };

export interface WorkerOptions {
  /** The database's directory; none: in memory. */
  dataDir: string | undefined;
  relaxedDurability: boolean;
  /** Postgres settings beside PGlite's defaults (`-c name=value` pairs). */
  extraStartParams: string[];
}

export function toWorkerError(error: unknown): WorkerError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function') continue;
    // Only what structured clone carries; a nested error or object is dropped rather than fail.
    if (value === null || ['string', 'number', 'boolean', 'bigint'].includes(typeof value)) {
      fields[key] = value;
    }
  }
  return { name: error.name, message: error.message, fields };
}

export function fromWorkerError(error: WorkerError): Error {
  const rebuilt = new Error(error.message);
  rebuilt.name = error.name;
  Object.assign(rebuilt, error.fields);
  return rebuilt;
}
