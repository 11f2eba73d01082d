import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DataDirLockedError,
  LOCK_NAME,
  LOCK_OWNER_NAME,
  type LockOwner,
  lockDataDir,
} from '../src/dataDir/dataDirLock.js';
import { linuxProcAvailable } from './support/engines.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function dataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'parley-lock-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** A process that is alive for the test, standing in for another server. */
function liveProcess(): ChildProcess {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
  cleanups.push(async () => {
    child.kill('SIGKILL');
  });
  return child;
}

/** The pid of a process that has exited: certainly no holder. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid ?? 0;
}

function procStart(pid: number): string | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function bootId(): string | undefined {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** Leaves a lock as another process would: the lock directory and its owner record. */
async function leaveLock(dir: string, owner: Partial<LockOwner>, ageMs = 0): Promise<void> {
  await mkdir(join(dir, LOCK_NAME));
  const full: LockOwner = {
    pid: await deadPid(),
    hostname: hostname(),
    purpose: 'server',
    startedAt: '2026-01-01T00:00:00.000Z',
    ...owner,
  };
  await writeFile(join(dir, LOCK_OWNER_NAME), JSON.stringify(full));
  const at = new Date(Date.now() - ageMs);
  await utimes(join(dir, LOCK_NAME), at, at);
}

async function take(dir: string) {
  const lock = await lockDataDir(dir, {
    purpose: 'server',
    onCompromised: (error) => {
      throw error;
    },
  });
  cleanups.push(() => lock.release());
  return lock;
}

describe('the data directory lock', () => {
  it('is refused while a live process on this machine holds it, naming that process', async () => {
    const dir = await dataDir();
    const holder = liveProcess();
    const pid = holder.pid ?? 0;
    await leaveLock(dir, { pid, processStart: procStart(pid), bootId: bootId() });
    const error = await take(dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataDirLockedError);
    expect((error as Error).message).toBe(
      `${dir} is in use by another Parley server (process ${pid} on ${hostname()}, since ` +
        '2026-01-01T00:00:00.000Z). Only one Parley process may use a data directory at a time: ' +
        'stop that one first, or set DATA_DIR to another directory.',
    );
    expect(existsSync(join(dir, LOCK_NAME))).toBe(true);
  });

  it('is taken over from a process that has died, once its lock has stopped being touched', async () => {
    const dir = await dataDir();
    await leaveLock(dir, {}, 10_000);
    const lock = await take(dir);
    const owner = JSON.parse(await readFile(join(dir, LOCK_OWNER_NAME), 'utf8')) as LockOwner;
    expect(owner).toMatchObject({ pid: process.pid, hostname: hostname(), purpose: 'server' });
    await lock.release();
    expect(existsSync(join(dir, LOCK_NAME))).toBe(false);
    expect(existsSync(join(dir, LOCK_OWNER_NAME))).toBe(false);
  });

  it('waits for a just-killed holder’s lock to go quiet, then takes it', async () => {
    const dir = await dataDir();
    await leaveLock(dir, {}, 0);
    await take(dir);
    expect(JSON.parse(await readFile(join(dir, LOCK_OWNER_NAME), 'utf8')).pid).toBe(process.pid);
  });

  it.runIf(linuxProcAvailable())(
    'is taken over when the recorded pid now belongs to another process, or to an earlier boot',
    async () => {
      const reused = await dataDir();
      const other = liveProcess();
      await leaveLock(reused, { pid: other.pid ?? 0, processStart: '1', bootId: bootId() }, 10_000);
      await take(reused);

      const rebooted = await dataDir();
      const again = liveProcess();
      await leaveLock(rebooted, { pid: again.pid ?? 0, bootId: 'an-earlier-boot' }, 10_000);
      await take(rebooted);
    },
  );

  it.runIf(linuxProcAvailable())(
    'is taken over from a holder that is a zombie (exited, not yet reaped by its parent)',
    async () => {
      // sh starts a background sleep and becomes another sleep, which never waits for children.
      // Once the parent has become that sleep, the child is killed: it stays a zombie until the
      // parent is killed too (then init reaps it).
      const parent = spawn('sh', ['-c', 'sleep 60 & echo $!; exec sleep 61'], {
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      cleanups.push(async () => {
        parent.kill('SIGKILL');
      });
      const zombie = await new Promise<number>((resolve) => {
        parent.stdout?.once('data', (data) => resolve(Number(String(data).trim())));
      });
      const stateOf = (pid: number) => {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
      };
      // Until sh has become sleep (its command line already names 61 before the exec), sh itself
      // would reap the killed child: wait for the program to change, not for the text.
      await vi.waitFor(
        () =>
          expect(readFileSync(`/proc/${parent.pid}/cmdline`, 'utf8')).toBe('sleep\u000061\u0000'),
        { timeout: 10_000 },
      );
      process.kill(zombie, 'SIGKILL');
      await vi.waitFor(() => expect(stateOf(zombie)).toBe('Z'), { timeout: 10_000 });
      const dir = await dataDir();
      await leaveLock(
        dir,
        { pid: zombie, processStart: procStart(zombie), bootId: bootId() },
        10_000,
      );
      await take(dir);
      expect(JSON.parse(await readFile(join(dir, LOCK_OWNER_NAME), 'utf8')).pid).toBe(process.pid);
    },
  );

  it('is refused when the holder is on another machine and its lock is being touched', async () => {
    const dir = await dataDir();
    const pid = await deadPid();
    await leaveLock(dir, { pid, hostname: 'another-machine' }, 0);
    const error = await take(dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataDirLockedError);
    expect((error as Error).message).toContain(`process ${pid} on another-machine`);
  });

  it('is refused while a holder that has not yet recorded itself holds a fresh lock', async () => {
    const dir = await dataDir();
    await mkdir(join(dir, LOCK_NAME));
    const error = await take(dir).catch((e: unknown) => e);
    expect((error as Error).message).toContain('another process (it has not recorded who it is)');
  });

  it('waits for a live holder when asked, and takes the lock once it lets go', async () => {
    const dir = await dataDir();
    const holder = liveProcess();
    const pid = holder.pid ?? 0;
    await leaveLock(dir, { pid, processStart: procStart(pid), bootId: bootId() });
    let waitedFor: number | undefined;
    const waiting = lockDataDir(dir, {
      purpose: 'server',
      waitMs: 10_000,
      onWait: (owner) => {
        waitedFor = owner?.pid;
        // The holder stops and gives its lock back.
        void rm(join(dir, LOCK_OWNER_NAME)).then(() =>
          rm(join(dir, LOCK_NAME), { recursive: true }),
        );
      },
    });
    const lock = await waiting;
    cleanups.push(() => lock.release());
    expect(waitedFor).toBe(pid);
  });
});
