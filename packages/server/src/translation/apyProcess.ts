import { type ChildProcess, spawn } from 'node:child_process';
import { freeLoopbackPort } from '../http/freeLoopbackPort.js';

// Starts APY bound to 127.0.0.1 only (apertium-apy itself listens on every interface) and
// ends the whole process group when its stdin closes, so a crashed server leaves no APY behind.
const APY_LAUNCHER = `
import os, signal, sys, threading
import tornado.tcpserver as tcpserver
_bind = tcpserver.TCPServer.bind
def _loopback_bind(self, port, address=None, *args, **kwargs):
    return _bind(self, port, '127.0.0.1', *args, **kwargs)
tcpserver.TCPServer.bind = _loopback_bind
def _exit_with_parent():
    sys.stdin.buffer.read()
    os.killpg(os.getpgrp(), signal.SIGKILL)
threading.Thread(target=_exit_with_parent, daemon=True).start()
sys.argv[0] = 'apertium-apy'
from apertium_apy.apy import main
main()
`;

export interface ApyProcessOptions {
  /** The Python that has the apertium_apy module (the Debian package's), default /usr/bin/python3. */
  python?: string;
  /** Where the pair modes are, default /usr/share/apertium/modes. */
  modesDir?: string;
  /** How long a start may take before it counts as failed, default 15 s. */
  startTimeoutMs?: number;
  /** First restart delay, doubled after each failed start up to `maxRestartDelayMs`. */
  restartDelayMs?: number;
  maxRestartDelayMs?: number;
  /** Pipelines APY may run per pair under concurrent load (its `-i`), default 1. */
  pipesPerPair?: number;
  /** How often a running APY is asked /listPairs; two missed answers restart it. */
  healthIntervalMs?: number;
  log?: ApyLog;
}

export interface ApyLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

const silentLog: ApyLog = { info: () => undefined, warn: () => undefined };

/** The pair list APY answers on /listPairs. */
export interface ApyPair {
  sourceLanguage: string;
  targetLanguage: string;
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

/**
 * apertium-apy as a managed child process on a free loopback port: started in the
 * background, checked with /listPairs, restarted with backoff when it dies or stops answering,
 * killed (with its pipelines) on close.
 */
export class ApyProcess {
  private readonly python: string;
  private readonly modesDir: string;
  private readonly startTimeoutMs: number;
  private readonly restartDelayMs: number;
  private readonly maxRestartDelayMs: number;
  private readonly healthIntervalMs: number;
  private readonly pipesPerPair: number;
  private readonly log: ApyLog;

  private child: ChildProcess | null = null;
  private url: string | null = null;
  private pairList: ApyPair[] = [];
  private closed = false;
  private failedStarts = 0;
  private restartTimer: NodeJS.Timeout | null = null;
  private healthTimer: NodeJS.Timeout | null = null;
  private missedHealthChecks = 0;
  private readyWaiters: Array<() => void> = [];
  /** Counts starts that reached ready, for tests and logs. */
  starts = 0;

  constructor(options: ApyProcessOptions = {}) {
    this.python = options.python ?? '/usr/bin/python3';
    this.modesDir = options.modesDir ?? '/usr/share/apertium/modes';
    this.startTimeoutMs = options.startTimeoutMs ?? 15_000;
    this.restartDelayMs = options.restartDelayMs ?? 500;
    this.maxRestartDelayMs = options.maxRestartDelayMs ?? 30_000;
    this.healthIntervalMs = options.healthIntervalMs ?? 15_000;
    this.pipesPerPair = options.pipesPerPair ?? 1;
    this.log = options.log ?? silentLog;
  }

  /** Starts APY in the background; `whenReady` tells when it answers. */
  start(): void {
    if (this.closed || this.child || this.restartTimer) return;
    void this.launch();
  }

  /** The base URL while APY answers, else null (callers fall back to the CLI). */
  get baseUrl(): string | null {
    return this.url;
  }

  /** The pairs APY reported when it last became ready. */
  get pairs(): readonly ApyPair[] {
    return this.pairList;
  }

  /** The running APY's process id (tests kill it). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Resolves once APY answers, or with false after `timeoutMs` or on close. */
  whenReady(timeoutMs = this.startTimeoutMs): Promise<boolean> {
    if (this.url) return Promise.resolve(true);
    if (this.closed) return Promise.resolve(false);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.readyWaiters = this.readyWaiters.filter((waiter) => waiter !== done);
        resolve(false);
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        resolve(this.url !== null);
      };
      this.readyWaiters.push(done);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    if (this.healthTimer) clearInterval(this.healthTimer);
    this.restartTimer = null;
    this.healthTimer = null;
    this.url = null;
    this.notifyWaiters();
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    this.killGroup(child, 'SIGTERM');
    const forced = setTimeout(() => this.killGroup(child, 'SIGKILL'), 2_000);
    await exited;
    clearTimeout(forced);
    // Pipelines may outlive a SIGTERMed APY for a moment; make sure none stays.
    this.killGroup(child, 'SIGKILL');
  }

  private async launch(): Promise<void> {
    const port = await freeLoopbackPort();
    if (this.closed) return;
    const args = ['-p', String(port), '-i', String(this.pipesPerPair), this.modesDir];
    const child = spawn(this.python, ['-c', APY_LAUNCHER, ...args], {
      stdio: ['pipe', 'ignore', 'pipe'],
      detached: true,
    });
    this.child = child;
    let stderrTail = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderrTail = (stderrTail + chunk.toString('utf8')).slice(-2000);
    });
    child.stdin?.on('error', () => undefined);
    child.on('error', (error) => {
      this.log.warn({ err: error }, 'apertium-apy could not start');
      // A spawn failure may come without an exit event.
      if (this.child === child && child.pid === undefined) {
        this.child = null;
        if (!this.closed) this.scheduleRestart();
      }
    });
    child.on('exit', (code, signal) => {
      if (this.child !== child) return;
      this.child = null;
      this.url = null;
      if (this.healthTimer) clearInterval(this.healthTimer);
      this.healthTimer = null;
      if (this.closed) return;
      this.log.warn(
        { code, signal, stderr: stderrTail.split('\n').slice(-5).join('\n') },
        'apertium-apy exited; restarting',
      );
      this.scheduleRestart();
    });

    const baseUrl = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + this.startTimeoutMs;
    while (this.child === child && Date.now() < deadline) {
      const pairs = await this.fetchPairs(baseUrl, 1_000);
      if (pairs && this.child === child) {
        this.url = baseUrl;
        this.pairList = pairs;
        this.failedStarts = 0;
        this.missedHealthChecks = 0;
        this.starts += 1;
        this.log.info({ port, pid: child.pid, pairs: pairs.length }, 'apertium-apy ready');
        this.watchHealth(child, baseUrl);
        this.notifyWaiters();
        return;
      }
      await delay(100);
    }
    if (this.child === child) {
      this.log.warn({ port }, 'apertium-apy did not answer in time; restarting');
      // The exit handler schedules the restart.
      this.killGroup(child, 'SIGKILL');
    }
  }

  private scheduleRestart(): void {
    const wait = Math.min(this.maxRestartDelayMs, this.restartDelayMs * 2 ** this.failedStarts);
    this.failedStarts += 1;
    this.restartTimer = setTimeout(() => {
      this.restartTimer = null;
      if (!this.closed) void this.launch();
    }, wait);
    this.restartTimer.unref();
  }

  private watchHealth(child: ChildProcess, baseUrl: string): void {
    this.healthTimer = setInterval(async () => {
      const pairs = await this.fetchPairs(baseUrl, 3_000);
      if (this.child !== child) return;
      this.missedHealthChecks = pairs ? 0 : this.missedHealthChecks + 1;
      if (this.missedHealthChecks >= 2) {
        this.log.warn({ pid: child.pid }, 'apertium-apy stopped answering; restarting');
        this.url = null;
        this.killGroup(child, 'SIGKILL');
      }
    }, this.healthIntervalMs);
    this.healthTimer.unref();
  }

  private async fetchPairs(baseUrl: string, timeoutMs: number): Promise<ApyPair[] | null> {
    try {
      const response = await fetch(`${baseUrl}/listPairs`, {
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) return null;
      const body = (await response.json()) as { responseData?: ApyPair[] };
      return Array.isArray(body.responseData) ? body.responseData : null;
    } catch {
      return null;
    }
  }

  private killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, signal);
    } catch {
      // Already gone.
    }
  }

  private notifyWaiters(): void {
    const waiters = this.readyWaiters;
    this.readyWaiters = [];
    for (const waiter of waiters) waiter();
  }
}
