import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runProcess } from '../processes.js';
import type { Synthesizer, Transcriber } from './engines.js';
import { espeakLanguages, fliteLanguages, OFFLINE_VOICES } from './voices.js';

/** Where Debian's pocketsphinx-en-us puts the US English model. */
export const POCKETSPHINX_EN_MODEL = '/usr/share/pocketsphinx/model/en-us/en-us';

async function inTempDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'parley-speech-'));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Text engines are fed at most this much (a 10 000-character message is not read aloud whole). */
export const MAX_SPOKEN_CHARS = 2_000;

/** Debian PocketSphinx (`pocketsphinx_continuous`), US English only, offline. */
export class PocketSphinxTranscriber implements Transcriber {
  readonly engine = 'pocketsphinx';
  constructor(
    private readonly command = 'pocketsphinx_continuous',
    private readonly timeoutMs = 180_000,
  ) {}
  languages(): string[] {
    return ['en'];
  }
  static modelInstalled(): boolean {
    return existsSync(POCKETSPHINX_EN_MODEL);
  }
  transcribe(wav: Uint8Array): Promise<string> {
    return inTempDir(async (dir) => {
      const file = join(dir, 'speech.wav');
      await writeFile(file, wav);
      const out = await runProcess(
        this.command,
        ['-infile', file, '-logfn', '/dev/null', '-samprate', '16000'],
        { timeoutMs: this.timeoutMs, maxOutputBytes: 1024 * 1024 },
      );
      return out
        .toString('utf8')
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== '')
        .join(' ');
    });
  }
}

/** espeak-ng: every picker language OFFLINE_VOICES gives a voice (robotic, but it speaks). */
export class EspeakSynthesizer implements Synthesizer {
  readonly engine = 'espeak-ng';
  constructor(private readonly command = 'espeak-ng') {}
  languages(): string[] {
    return espeakLanguages();
  }
  async synthesize(text: string, language: string): Promise<Uint8Array> {
    const voice = OFFLINE_VOICES[language]?.espeak;
    if (!voice) throw new Error(`espeak-ng has no voice for ${language}`);
    // Text on stdin, WAV on stdout: no argument ever carries the user's text.
    return runProcess(this.command, ['-v', voice, '--stdin', '--stdout'], {
      input: text.slice(0, MAX_SPOKEN_CHARS),
      timeoutMs: 60_000,
    });
  }
}

/** flite: English, more natural than espeak-ng. */
export class FliteSynthesizer implements Synthesizer {
  readonly engine = 'flite';
  constructor(private readonly command = 'flite') {}
  languages(): string[] {
    return fliteLanguages();
  }
  synthesize(text: string): Promise<Uint8Array> {
    return inTempDir(async (dir) => {
      const input = join(dir, 'text.txt');
      const output = join(dir, 'speech.wav');
      await writeFile(input, text.slice(0, MAX_SPOKEN_CHARS));
      await runProcess(this.command, ['-f', input, '-o', output], { timeoutMs: 60_000 });
      return readFile(output);
    });
  }
}
