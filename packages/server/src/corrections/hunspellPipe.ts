import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import type { Socket } from 'node:net';
import type { SpellSlice, SpellThread, WorkerAnswer } from './spellWorker.js';

export interface HunspellPipeOptions {
  /** The `hunspell` executable (a name looked up on PATH, or a path). */
  binary: string;
  /** The dictionary without its extension: `/usr/share/hunspell/it_IT` for it_IT.aff/.dic. */
  dictionary: string;
  /**
   * One word that Hunspell has not answered by then (ms) stops the process: its suggestion search
   * ran away. The check under way is answered as unavailable and the next one starts it again.
   */
  wordTimeoutMs: number;
}

// What the process is waiting for: its banner and the answer to the probe word (the dictionary
// is loaded once the probe is answered), then one answer per word sent.
type Phase = 'banner' | 'probe' | 'idle' | 'word';

interface SliceInProgress {
  slice: SpellSlice;
  startedAt: number;
  consumed: number;
  suggested: number;
  misspelt: [string, string[] | null][];
}

/**
 * One Hunspell process in pipe mode (`hunspell -a`, the ispell protocol), speaking the spell
 * worker's messages so `SpellWorker` queues checks for it fairly, as for nspell's threads. Words
 * go one per line, each escaped with '^' so none is read as a command; Hunspell answers each line
 * with a line per word it found in it ('*', '+', '-' correct; '& word n offset: a, b' or
 * '# word offset' misspelt) and an empty line. One word at a time, so a slice stops on time.
 * Input is the composer's word tokens (letters, marks, inner apostrophes: never a newline or a
 * control character), sent as UTF-8 whatever the dictionary's own encoding (`-i utf-8`).
 */
export class HunspellPipe implements SpellThread {
  private readonly events = new EventEmitter();
  private readonly child: ChildProcessWithoutNullStreams;
  private phase: Phase = 'banner';
  private pending = '';
  private answer: string[] = [];
  private current: SliceInProgress | null = null;
  private wordTimer: NodeJS.Timeout | undefined;
  private exited = false;

  constructor(private readonly options: HunspellPipeOptions) {
    this.child = spawn(options.binary, ['-a', '-i', 'utf-8', '-d', options.dictionary], {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, LC_ALL: 'C.UTF-8' },
    });
    // An idle dictionary must not keep the server's process alive (its pipes are sockets).
    this.child.unref();
    for (const stream of [this.child.stdin, this.child.stdout, this.child.stderr]) {
      (stream as unknown as Partial<Socket>).unref?.();
    }
    this.child.stdout.setEncoding('utf8');
    this.child.stderr.resume();
    this.child.stdin.on('error', () => undefined);
    this.child.stdout.on('data', (chunk: string) => this.read(chunk));
    this.child.on('error', (error) => {
      if (this.phase === 'banner' || this.phase === 'probe') {
        this.events.emit('message', {
          type: 'failed',
          message: error.message,
        } satisfies WorkerAnswer);
      }
      this.stopped(-1);
    });
    this.child.on('exit', (code) => this.stopped(code ?? -1));
    this.startTimer();
  }

  /** The process id, for measuring its memory. */
  get pid(): number | undefined {
    return this.child.pid;
  }

  on(event: 'message', listener: (answer: WorkerAnswer) => void): this;
  on(event: 'error', listener: (error: Error) => void): this;
  on(event: 'exit', listener: (code: number) => void): this;
  on(event: string, listener: (value: never) => void): this {
    this.events.on(event, listener as (value: unknown) => void);
    return this;
  }

  off(event: 'message', listener: (answer: WorkerAnswer) => void): this;
  off(event: 'error', listener: (error: Error) => void): this;
  off(event: 'exit', listener: (code: number) => void): this;
  off(event: string, listener: (value: never) => void): this {
    this.events.off(event, listener as (value: unknown) => void);
    return this;
  }

  postMessage(slice: SpellSlice): void {
    if (this.exited) return;
    this.current = { slice, startedAt: performance.now(), consumed: 0, suggested: 0, misspelt: [] };
    this.nextWord();
  }

  async terminate(): Promise<void> {
    if (this.exited) return;
    const gone = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.child.kill();
    await gone;
  }

  private stopped(code: number): void {
    if (this.exited) return;
    this.exited = true;
    clearTimeout(this.wordTimer);
    this.events.emit('exit', code);
  }

  private startTimer(): void {
    clearTimeout(this.wordTimer);
    // Loading is timed by SpellWorker (loadTimeoutMs); only words are timed here.
    if (this.phase !== 'word') return;
    this.wordTimer = setTimeout(() => this.child.kill('SIGKILL'), this.options.wordTimeoutMs);
    this.wordTimer.unref();
  }

  private send(word: string): void {
    this.child.stdin.write(`^${word}\n`);
  }

  private read(chunk: string): void {
    this.pending += chunk;
    let newline = this.pending.indexOf('\n');
    while (newline >= 0) {
      const line = this.pending.slice(0, newline);
      this.pending = this.pending.slice(newline + 1);
      this.line(line);
      newline = this.pending.indexOf('\n');
    }
  }

  private line(line: string): void {
    if (this.phase === 'banner') {
      // "@(#) International Ispell Version 3.2.06 (but really Hunspell 1.7.1)"
      this.phase = 'probe';
      this.send('parley');
      return;
    }
    if (line !== '') {
      this.answer.push(line);
      return;
    }
    const answer = this.answer;
    this.answer = [];
    if (this.phase === 'probe') {
      this.phase = 'idle';
      this.events.emit('message', { type: 'ready' } satisfies WorkerAnswer);
    } else if (this.phase === 'word') {
      this.judged(answer);
    }
  }

  /** Records the answer for the word just sent, then sends the next or ends the slice. */
  private judged(answer: string[]): void {
    const progress = this.current;
    if (!progress) return;
    const word = progress.slice.words[progress.consumed] as string;
    progress.consumed += 1;
    const misses = answer.filter((line) => line.startsWith('&') || line.startsWith('#'));
    if (misses.length > 0) {
      const { suggestBudget, maxSuggestLength } = progress.slice;
      if (progress.suggested < suggestBudget && [...word].length <= maxSuggestLength) {
        progress.suggested += 1;
        progress.misspelt.push([word, misses.flatMap(candidatesOf)]);
      } else {
        progress.misspelt.push([word, null]);
      }
    }
    this.nextWord();
  }

  private nextWord(): void {
    const progress = this.current;
    if (!progress) return;
    const { words, sliceMs, id } = progress.slice;
    const outOfTime = progress.consumed > 0 && performance.now() - progress.startedAt >= sliceMs;
    const word = words[progress.consumed];
    if (word === undefined || outOfTime) {
      this.phase = 'idle';
      this.current = null;
      clearTimeout(this.wordTimer);
      this.events.emit('message', {
        type: 'result',
        id,
        misspelt: progress.misspelt,
        consumed: progress.consumed,
        suggested: progress.suggested,
      } satisfies WorkerAnswer);
      return;
    }
    this.phase = 'word';
    this.startTimer();
    this.send(word);
  }
}

/** The suggestions of one '&' line ("& wrod 3 0: word, wood, rod"); '#' lines have none. */
function candidatesOf(line: string): string[] {
  if (!line.startsWith('&')) return [];
  const colon = line.indexOf(': ');
  if (colon < 0) return [];
  return line
    .slice(colon + 2)
    .split(', ')
    .map((candidate) => candidate.trim())
    .filter((candidate) => candidate !== '');
}
