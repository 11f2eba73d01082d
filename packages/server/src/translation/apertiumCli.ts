import { spawn } from 'node:child_process';
import { TranslationEngineError } from './translator.js';

export interface ApertiumCliOptions {
  /** The `apertium` executable, default from PATH. */
  command?: string;
  /** A modes directory other than the installed one (`apertium -d`). */
  modesDir?: string;
  /**
   * Translations running at once, default 2; more wait their turn (each call is a pipeline of
   * several processes, so a burst while APY is down must not start hundreds).
   */
  maxConcurrent?: number;
}

const MAX_OUTPUT_BYTES = 1024 * 1024;

/** Runs `apertium` once per call: slow to start (~1 s) but needs no server. */
export class ApertiumCli {
  private readonly command: string;
  private readonly baseArgs: string[];
  private readonly maxConcurrent: number;
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(options: ApertiumCliOptions = {}) {
    this.command = options.command ?? 'apertium';
    this.baseArgs = options.modesDir ? ['-d', options.modesDir] : [];
    this.maxConcurrent = options.maxConcurrent ?? 2;
  }

  /** Installed mode names, e.g. 'eng-spa', 'es-pt', 'eng-cat_valencia'. */
  async listModes(signal?: AbortSignal): Promise<string[]> {
    const output = await this.run([...this.baseArgs, '-l'], '', signal);
    return output
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '');
  }

  /**
   * Translates plain text with one mode. Unknown words keep Apertium's marks (`*word`), which the
   * translator counts and then removes (apertiumOutput.ts).
   */
  async translate(mode: string, text: string, signal?: AbortSignal): Promise<string> {
    await this.takeTurn(signal);
    try {
      const output = await this.run([...this.baseArgs, '-f', 'txt', mode], text, signal);
      // apertium ends its output with a newline of its own.
      return text.endsWith('\n') ? output : output.replace(/\n$/, '');
    } finally {
      this.running -= 1;
      this.waiting.shift()?.();
    }
  }

  /** Waits for a free slot; an abort while waiting gives up the place in the queue. */
  private takeTurn(signal?: AbortSignal): Promise<void> {
    if (this.running < this.maxConcurrent) {
      this.running += 1;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const onTurn = () => {
        signal?.removeEventListener('abort', onAbort);
        this.running += 1;
        resolve();
      };
      const onAbort = () => {
        const index = this.waiting.indexOf(onTurn);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(
          new TranslationEngineError('apertium call aborted while queued', {
            cause: signal?.reason,
          }),
        );
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(onTurn);
    });
  }

  private run(args: string[], input: string, signal?: AbortSignal): Promise<string> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) {
        reject(new TranslationEngineError('apertium call aborted', { cause: signal.reason }));
        return;
      }
      // apertium reads /dev/stdin by path, which cannot be opened on the socket Node gives a
      // child as stdin; `cat |` turns it into a real pipe. A process group of its own, so an
      // abort also ends the pipeline apertium starts.
      const child = spawn('/bin/sh', ['-c', 'cat | exec "$0" "$@"', this.command, ...args], {
        stdio: ['pipe', 'pipe', 'pipe'],
        detached: true,
      });
      const stdout: Buffer[] = [];
      let stdoutBytes = 0;
      let stderr = '';
      const killGroup = () => {
        try {
          if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      };
      const onAbort = () => killGroup();
      signal?.addEventListener('abort', onAbort, { once: true });
      child.stdout.on('data', (chunk: Buffer) => {
        stdoutBytes += chunk.length;
        if (stdoutBytes > MAX_OUTPUT_BYTES) killGroup();
        else stdout.push(chunk);
      });
      child.stderr.on('data', (chunk: Buffer) => {
        if (stderr.length < 2000) stderr += chunk.toString('utf8');
      });
      child.stdin.on('error', () => undefined);
      child.on('error', (error) => {
        signal?.removeEventListener('abort', onAbort);
        reject(
          new TranslationEngineError(`apertium could not start: ${error.message}`, {
            cause: error,
          }),
        );
      });
      child.on('close', (code, exitSignal) => {
        signal?.removeEventListener('abort', onAbort);
        if (code === 0) {
          resolve(Buffer.concat(stdout).toString('utf8'));
          return;
        }
        const why = signal?.aborted
          ? 'aborted'
          : exitSignal
            ? `killed by ${exitSignal}`
            : `exit ${code}`;
        reject(
          new TranslationEngineError(`apertium ${args.join(' ')}: ${why} ${stderr.trim()}`.trim()),
        );
      });
      child.stdin.end(input);
    });
  }
}
