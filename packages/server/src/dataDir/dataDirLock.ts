import { readFileSync, statSync } from 'node:fs';
import { readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import lockfile from 'proper-lockfile';

/** The lock itself: a directory created atomically (mkdir) and kept fresh by its holder. */
export const LOCK_NAME = 'server.lock';
/** Who holds the lock, so that a second process can name it and tell a dead holder. */
export const LOCK_OWNER_NAME = 'lock-owner.json';

// The holder touches the lock every second; one that stops for a minute (a frozen or crashed
// process on another machine sharing the folder) is taken over by the next start.
const UPDATE_MS = 1_000;
const STALE_MS = 60_000;
// A holder whose process is gone is taken over as soon as its lock is no longer being touched.
const DEAD_HOLDER_QUIET_MS = 3 * UPDATE_MS;

export interface LockOwner {
  pid: number;
  hostname: string;
  /** What holds it: `server`, `backup`, `restore`. */
  purpose: string;
  startedAt: string;
  /** Linux: the process's start time in clock ticks since boot, to tell a reused pid. */
  processStart?: string;
  /** Linux: the boot this process belongs to. */
  bootId?: string;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner | null,
  ) {
    super(
      `${dataDir} is in use by ${describeOwner(owner)}. ` +
        'Only one Parley process may use a data directory at a time: stop that one first, or set ' +
        'DATA_DIR to another directory.',
    );
    this.name = 'DataDirLockedError';
  }
}

function describeOwner(owner: LockOwner | null): string {
  if (!owner) return 'another process (it has not recorded who it is)';
  const what =
    owner.purpose === 'server' ? 'another Parley server' : `a Parley ${owner.purpose} command`;
  return `${what} (process ${owner.pid} on ${owner.hostname}, since ${owner.startedAt})`;
}

export interface DataDirLock {
  readonly dataDir: string;
  /** Removes the lock; safe to call twice. */
  release(): Promise<void>;
}

export interface LockDataDirOptions {
  purpose: string;
  /**
   * How long to wait for a live holder to let go (default 0: refuse at once). `pnpm dev` waits,
   * because its watcher starts the new build before the old process has finished stopping.
   */
  waitMs?: number;
  /** Called once when it starts waiting for a live holder. */
  onWait?: (owner: LockOwner | null) => void;
  /**
   * Called when the lock was lost (removed or taken over by another process) while held. The
   * default ends the process at once: two processes must never write one database.
   */
  onCompromised?: (error: Error) => void;
}

function procStatFields(pid: number | 'self'): string[] | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Counted after the command name, which may hold spaces and ')': field 3 (state) first.
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** Field 22 of /proc/<pid>/stat: the process's start time, in clock ticks since boot. */
function readProcStat(pid: number | 'self'): string | undefined {
  return procStatFields(pid)?.[19];
}

/**
 * Whether the pid is a zombie (Z) or dead (X): it has exited and only waits to be reaped. A
 * server killed with its parent (its whole process group, as `pnpm start` is stopped) stays a
 * zombie until init reaps it, and signal 0 still reaches a zombie.
 */
function hasExited(pid: number): boolean {
  const state = procStatFields(pid)?.[0];
  return state === 'Z' || state === 'X';
}

function readBootId(): string | undefined {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return undefined;
  }
}

function ownOwner(purpose: string): LockOwner {
  return {
    pid: process.pid,
    hostname: hostname(),
    purpose,
    startedAt: new Date().toISOString(),
    processStart: readProcStat('self'),
    bootId: readBootId(),
  };
}

/** False only when the owner is certainly gone: same machine, and its process no longer runs. */
export function ownerIsAlive(owner: LockOwner): boolean {
  if (owner.hostname !== hostname()) return true;
  if (owner.bootId && readBootId() && owner.bootId !== readBootId()) return false;
  // A restarted container often gets the pid its previous life had.
  if (owner.pid === process.pid) return false;
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  if (hasExited(owner.pid)) return false;
  // The pid runs, but it may be a new process that reused the number.
  if (owner.processStart) {
    const current = readProcStat(owner.pid);
    if (current !== undefined && current !== owner.processStart) return false;
  }
  return true;
}

async function readOwner(dataDir: string): Promise<LockOwner | null> {
  try {
    const owner = JSON.parse(await readFile(join(dataDir, LOCK_OWNER_NAME), 'utf8')) as LockOwner;
    return typeof owner.pid === 'number' && typeof owner.hostname === 'string' ? owner : null;
  } catch {
    return null;
  }
}

/** The owner recorded in a data directory whose lock is held, or null when it is free. */
export async function currentLockOwner(dataDir: string): Promise<LockOwner | null> {
  const held = await lockfile.check(dataDir, lockOptions(dataDir));
  return held ? await readOwner(dataDir) : null;
}

function lockOptions(dataDir: string) {
  return { lockfilePath: join(dataDir, LOCK_NAME), realpath: false, stale: STALE_MS };
}

function lockAgeMs(dataDir: string): number | null {
  try {
    return Date.now() - statSync(join(dataDir, LOCK_NAME)).mtimeMs;
  } catch {
    return null;
  }
}

function defaultOnCompromised(dataDir: string) {
  return (error: Error) => {
    console.error(
      `Parley lost its lock on ${dataDir} (${error.message}) and stops at once, so that two ` +
        'processes never write one database.',
    );
    process.exit(1);
  };
}

/**
 * Takes the exclusive lock on a data directory before anything opens a file in it. A live holder
 * makes it throw DataDirLockedError at once; a crashed holder on this machine is taken over within
 * seconds, one elsewhere once its lock has not been touched for a minute. The directory must exist.
 */
export async function lockDataDir(
  dataDir: string,
  {
    purpose,
    onCompromised = defaultOnCompromised(dataDir),
    waitMs = 0,
    onWait,
  }: LockDataDirOptions,
): Promise<DataDirLock> {
  const options = { ...lockOptions(dataDir), update: UPDATE_MS, onCompromised };
  const waitUntil = Date.now() + waitMs;
  let waiting = false;
  let release: () => Promise<void>;
  for (let attempt = 0; ; attempt += 1) {
    try {
      release = await lockfile.lock(dataDir, options);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
      const owner = await readOwner(dataDir);
      if (!owner || ownerIsAlive(owner)) {
        if (Date.now() >= waitUntil) throw new DataDirLockedError(dataDir, owner);
        if (!waiting) onWait?.(owner);
        waiting = true;
        await sleep(250);
        continue;
      }
      if (attempt >= 100) throw new DataDirLockedError(dataDir, owner);
      // The holder is dead. Its lock stops changing within a second of its death; only a lock
      // that has been quiet that long is removed, so a fresh lock taken meanwhile by another
      // start is never broken.
      const age = lockAgeMs(dataDir);
      if (age !== null && age < DEAD_HOLDER_QUIET_MS) {
        await sleep(Math.min(DEAD_HOLDER_QUIET_MS, DEAD_HOLDER_QUIET_MS - age) + 50);
        continue;
      }
      await rmdir(join(dataDir, LOCK_NAME)).catch((removeError: NodeJS.ErrnoException) => {
        if (removeError.code !== 'ENOENT') throw removeError;
      });
    }
  }

  const ownerFile = join(dataDir, LOCK_OWNER_NAME);
  const partial = `${ownerFile}.${process.pid}.tmp`;
  try {
    await writeFile(partial, `${JSON.stringify(ownOwner(purpose))}\n`, { mode: 0o600 });
    await rename(partial, ownerFile);
  } catch (error) {
    await release().catch(() => undefined);
    throw error;
  }

  let released = false;
  return {
    dataDir,
    async release() {
      if (released) return;
      released = true;
      await rm(ownerFile, { force: true });
      await release().catch((error: NodeJS.ErrnoException) => {
        // Already released by a compromise: nothing left to remove.
        if (error.code !== 'ERELEASED') throw error;
      });
    },
  };
}
