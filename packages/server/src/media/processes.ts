import { spawn } from 'node:child_process';

export interface RunOptions {
  /** Written to the child's stdin, then stdin is closed. */
  input?: Uint8Array | string;
  /** Killed (SIGKILL) after this long; default 60 s. */
  timeoutMs?: number;
  /** stdout beyond this is an error (default 64 MiB). */
  maxOutputBytes?: number;
}

export class ProcessError extends Error {
  constructor(
    message: string,
    readonly stderr: string,
  ) {
    super(message);
    this.name = 'ProcessError';
  }
}

/**
 * Runs an engine binary directly (no shell, arguments as a list), returning its stdout. A non-zero
 * exit, a time-out or too much output is a ProcessError carrying the end of stderr.
 */
export function runProcess(
  command: string,
  args: string[],
  options: RunOptions = {},
): Promise<Buffer> {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const maxOutput = options.maxOutputBytes ?? 64 * 1024 * 1024;
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    let size = 0;
    let stderr = '';
    let settled = false;
    const finish = (error: Error | null, value?: Buffer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(value as Buffer);
    };
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      finish(new ProcessError(`${command} timed out after ${timeoutMs} ms`, stderr));
    }, timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxOutput) {
        child.kill('SIGKILL');
        finish(new ProcessError(`${command} wrote more than ${maxOutput} bytes`, stderr));
        return;
      }
      chunks.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-4000);
    });
    child.on('error', (error) => finish(error));
    child.on('close', (code, signal) => {
      if (code === 0) finish(null, Buffer.concat(chunks));
      else
        finish(
          new ProcessError(
            `${command} exited with ${code ?? signal}: ${stderr.slice(-500)}`,
            stderr,
          ),
        );
    });
    // A child that exits before reading all of stdin raises EPIPE here: its exit code decides.
    child.stdin.on('error', () => undefined);
    if (options.input !== undefined) child.stdin.end(options.input);
    else child.stdin.end();
  });
}
