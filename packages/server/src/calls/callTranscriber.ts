import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * What live captions need from speech-to-text: 16 kHz mono 16-bit WAV in, text out. Kept this
 * small on purpose: the media issue's transcription engines (pocketsphinx, OpenAI-compatible)
 * can stand behind it without the call code knowing which.
 */
export interface CallTranscriber {
  readonly engine: string;
  /** ISO 639-1 codes of the languages it transcribes. */
  languages(): string[];
  /** The words heard (possibly empty), or a rejection when the engine failed. */
  transcribe(wav: Buffer, language: string): Promise<string>;
}

export const noCallTranscriber: CallTranscriber = {
  engine: 'none',
  languages: () => [],
  transcribe: () => Promise.reject(new Error('no transcriber')),
};

const POCKETSPHINX = '/usr/bin/pocketsphinx_continuous';
const MODEL = '/usr/share/pocketsphinx/model/en-us/en-us';

/** Debian's pocketsphinx (US English only), one process per utterance. */
export function pocketsphinxCallTranscriber(binary = POCKETSPHINX): CallTranscriber {
  return {
    engine: 'pocketsphinx',
    languages: () => ['en'],
    async transcribe(wav) {
      const dir = await mkdtemp(join(tmpdir(), 'parley-caption-'));
      try {
        const file = join(dir, 'speech.wav');
        await writeFile(file, wav);
        return await run(binary, ['-infile', file, '-logfn', '/dev/null']);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}

function run(binary: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
    });
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0)
        resolve(
          out
            .split('\n')
            .map((l) => l.trim())
            .filter(Boolean)
            .join(' '),
        );
      else reject(new Error(`pocketsphinx exited with ${code}`));
    });
  });
}

/** CALL_TRANSCRIBER=none|pocketsphinx; default pocketsphinx when installed. */
export function callTranscriberFromEnv(env: NodeJS.ProcessEnv): CallTranscriber {
  const choice = env.CALL_TRANSCRIBER?.trim().toLowerCase();
  if (choice === 'none') return noCallTranscriber;
  if (choice === 'pocketsphinx' || (!choice && existsSync(POCKETSPHINX) && existsSync(MODEL))) {
    return pocketsphinxCallTranscriber();
  }
  return noCallTranscriber;
}
