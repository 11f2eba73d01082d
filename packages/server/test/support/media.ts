import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { expect } from 'vitest';
import {
  CompositeSynthesizer,
  CompositeTranscriber,
  type Synthesizer,
  type Transcriber,
} from '../../src/media/speech/engines.js';

import type { MediaEngines } from '../../src/media/speech/speechFromEnv.js';
import type { Translator } from '../../src/translation/translator.js';
import type { TestServer } from './testServer.js';

const run = promisify(execFile);

/** What the EXIF of `jpegWithExif` says: an upload must never publish it. */
const EXIF_SECRET = 'Secret Person';

/** A JPEG photo carrying EXIF (an artist's name, a GPS note), as a phone camera writes one. */
export async function jpegWithExif(width: number, height: number, background: string) {
  const photo = await sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .withExif({ IFD0: { Artist: EXIF_SECRET, Copyright: 'GPS 40.4N 3.7W' } })
    .toBuffer();
  expect((await sharp(photo).metadata()).exif).toBeDefined();
  return photo;
}

/** The metadata of a served image, once it is shown to carry none of that EXIF. */
export async function metadataWithoutExif(served: Buffer) {
  const metadata = await sharp(served).metadata();
  expect(metadata.exif).toBeUndefined();
  expect(served.includes(Buffer.from(EXIF_SECRET))).toBe(false);
  return metadata;
}

/** Multipart upload with a bearer token (fetch sets the boundary). */
export async function upload(
  /** A test server, or any running instance's base URL (the scale tests'). */
  server: Pick<TestServer, 'url'>,
  path: string,
  token: string | null,
  fields: Record<string, string>,
  file?: { field: string; bytes: Uint8Array; name: string; type?: string },
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file) {
    form.append(
      file.field,
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }),
      file.name,
    );
  }
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    body: form,
  });
  const text = await response.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // not JSON
  }
  return { status: response.status, body, text };
}

/** A tiny 16-bit PCM WAV of silence (no engine needed). */
export function silentWav(ms = 500, rate = 16000): Buffer {
  const samples = Math.round((rate * ms) / 1000);
  const data = Buffer.alloc(samples * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'latin1');
  header.write('fmt ', 12, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** Runs a tool in a temp dir; `output` names the file it writes, whose bytes are returned. */
export async function makeWithTool(
  command: string,
  args: (dir: string) => string[],
  output: string,
): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'parley-media-test-'));
  try {
    await run(command, args(dir), { timeout: 120_000 });
    return await readFile(join(dir, output));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** English speech by flite, as WAV. */
export function fliteWav(text: string): Promise<Buffer> {
  return makeWithTool('flite', (dir) => ['-t', text, '-o', join(dir, 'speech.wav')], 'speech.wav');
}

/** Re-encodes audio bytes with ffmpeg (`args` are the output options, `ext` the container). */
export async function ffmpegConvert(
  input: Uint8Array,
  ext: string,
  args: string[],
): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'parley-media-test-'));
  try {
    const { writeFile } = await import('node:fs/promises');
    await writeFile(join(dir, 'in'), input);
    await run(
      'ffmpeg',
      [
        '-nostdin',
        '-loglevel',
        'error',
        '-y',
        '-i',
        join(dir, 'in'),
        ...args,
        join(dir, `out.${ext}`),
      ],
      {
        timeout: 120_000,
      },
    );
    return await readFile(join(dir, `out.${ext}`));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Duration in seconds of audio bytes as ffmpeg decodes them (throws when undecodable). */
export async function decodedSeconds(bytes: Uint8Array): Promise<number> {
  const wav = await ffmpegConvert(bytes, 'wav', ['-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le']);
  return (wav.length - 44) / 32000;
}

/** A small MP4 video (test pattern, 1 s) made by ffmpeg. */
export function ffmpegVideo(): Promise<Buffer> {
  return makeWithTool(
    'ffmpeg',
    (dir) => [
      ...['-nostdin', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=64x48:rate=10'],
      ...['-t', '1', '-pix_fmt', 'yuv420p', '-c:v', 'mpeg4', join(dir, 'video.mp4')],
    ],
    'video.mp4',
  );
}

/** One second of a tone in an MP4 without any video stream. */
export function audioOnlyMp4(): Promise<Buffer> {
  return makeWithTool(
    'ffmpeg',
    (dir) => [
      ...['-nostdin', '-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=1'],
      ...['-c:a', 'aac', join(dir, 'audio.mp4')],
    ],
    'audio.mp4',
  );
}

export interface FakeEngineOptions {
  /** What the fake recogniser hears (English only); an Error makes it fail. */
  transcript?: string | Error;
  /** An Error makes the fake voice fail. */
  synthesis?: Error;
}

/**
 * Engines without binaries, for tests about limits and failures (not about recognition): the
 * "decoder" passes bytes through, English is "recognised" as a fixed text, Spanish is "spoken" as
 * a silent WAV.
 */
export function fakeMediaEngines(options: FakeEngineOptions = {}): MediaEngines {
  const transcriber: Transcriber = {
    engine: 'fake-stt',
    languages: () => ['en'],
    async transcribe() {
      if (options.transcript instanceof Error) throw options.transcript;
      return options.transcript ?? 'hello world';
    },
  };
  const synthesizer: Synthesizer = {
    engine: 'fake-tts',
    languages: () => ['en', 'es'],
    async synthesize() {
      if (options.synthesis) throw options.synthesis;
      return silentWav(200);
    },
  };
  return {
    codec: {
      engine: 'fake-codec',
      normalize: async (input) => ({ wav: Buffer.from(input), durationMs: 1000 }),
      encodeSpeech: async (wav) => ({ webm: Buffer.from(wav), mp4: Buffer.from(wav) }),
      decodesVideo: async () => null,
    },
    transcriber: new CompositeTranscriber([transcriber]),
    synthesizer: new CompositeSynthesizer([synthesizer]),
  };
}

const WORDS: Record<string, string> = {
  hello: 'hola',
  world: 'mundo',
  this: 'esto',
  is: 'es',
  a: 'un',
  test: 'prueba',
};

/** English → Spanish word by word (enough to see a translated transcript), through the real path. */
export const wordTranslator: Translator = {
  engine: 'words',
  capabilities: async () => ({ pairs: [{ from: 'en', to: 'es' }] }),
  async translate(text, from, to) {
    if (from !== 'en' || to !== 'es') throw new Error(`no route ${from}-${to}`);
    return {
      text: text
        .toLowerCase()
        .split(/\s+/)
        .map((word) => WORDS[word] ?? word)
        .join(' '),
      engine: 'words',
    };
  },
  close: async () => undefined,
};
