import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { audioDemuxer, videoDemuxer } from './chatFileTypes.js';
import { runProcess } from './processes.js';

/** Recognition input: 16 kHz, mono, 16-bit PCM WAV. */
export const RECOGNITION_SAMPLE_RATE = 16_000;
const WAV_HEADER_BYTES = 44;

export interface NormalizedAudio {
  /** 16 kHz mono s16le WAV. */
  wav: Buffer;
  durationMs: number;
}

export interface EncodedSpeech {
  /** Opus in WebM (Chromium, Firefox). */
  webm: Buffer;
  /** AAC in MP4 (Safari, everything). */
  mp4: Buffer;
}

/** Decoding and encoding of every browser audio format (Debian `ffmpeg`, spawned directly). */
export interface AudioCodec {
  readonly engine: string;
  /** Any audio or video container → 16 kHz mono WAV, at most `maxSeconds` long. */
  normalize(input: Uint8Array, maxSeconds: number): Promise<NormalizedAudio>;
  /** WAV speech → Opus/WebM and AAC/MP4 renditions. */
  encodeSpeech(wav: Uint8Array): Promise<EncodedSpeech>;
  /**
   * Whether the file's first video frame decodes: a container's signature alone is no video.
   * null when there is no decoder to ask (the container check is then all there is).
   */
  decodesVideo(input: Uint8Array): Promise<boolean | null>;
}

async function withTempDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'parley-media-'));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Bytes of PCM data in a WAV written by ffmpeg (header 44 bytes) → milliseconds at 16 kHz mono. */
export function wavDurationMs(wav: Uint8Array, sampleRate = RECOGNITION_SAMPLE_RATE): number {
  return Math.round(((Math.max(0, wav.length - WAV_HEADER_BYTES) / 2) * 1000) / sampleRate);
}

/** Bytes that are not a container ffmpeg is allowed to read for Parley. */
export class NotAudioError extends Error {
  constructor() {
    super('Not an audio container Parley reads (WebM, Ogg, MP4, WAV, MP3, AAC, FLAC).');
    this.name = 'NotAudioError';
  }
}

/**
 * ffmpeg's input options for a file of people's bytes: local files only (no http, no other
 * protocols a playlist could name) and the demuxer the bytes' signature calls for, never a guess.
 */
function inputArgs(demuxer: string, source: string): string[] {
  return ['-protocol_whitelist', 'file,pipe', '-f', demuxer, '-i', source];
}

/** How long decoding one video frame may take before the file counts as undecodable. */
const VIDEO_PROBE_TIMEOUT_MS = 30_000;

export class FfmpegCodec implements AudioCodec {
  readonly engine = 'ffmpeg';

  constructor(
    private readonly command = 'ffmpeg',
    private readonly timeoutMs = 120_000,
  ) {}

  normalize(input: Uint8Array, maxSeconds: number): Promise<NormalizedAudio> {
    const demuxer = audioDemuxer(input);
    if (!demuxer) return Promise.reject(new NotAudioError());
    // Through a file: MP4 keeps its index at the end, which a pipe cannot seek back to.
    return withTempDir(async (dir) => {
      const source = join(dir, 'input');
      await writeFile(source, input);
      const wav = await runProcess(
        this.command,
        [
          ...['-nostdin', '-hide_banner', '-loglevel', 'error', ...inputArgs(demuxer, source)],
          ...['-t', String(maxSeconds + 1), '-vn', '-ac', '1'],
          ...['-ar', String(RECOGNITION_SAMPLE_RATE), '-c:a', 'pcm_s16le', '-f', 'wav', 'pipe:1'],
        ],
        { timeoutMs: this.timeoutMs },
      );
      return { wav, durationMs: wavDurationMs(wav) };
    });
  }

  encodeSpeech(wav: Uint8Array): Promise<EncodedSpeech> {
    // WAV from the local synthesizers, MP3 (or another audio container) from a hosted one.
    const demuxer = audioDemuxer(wav);
    if (!demuxer) return Promise.reject(new NotAudioError());
    return withTempDir(async (dir) => {
      const source = join(dir, 'speech.wav');
      const webmFile = join(dir, 'speech.webm');
      const mp4File = join(dir, 'speech.m4a');
      await writeFile(source, wav);
      const common = [
        ...['-nostdin', '-hide_banner', '-loglevel', 'error', '-y'],
        ...inputArgs(demuxer, source),
        '-vn',
      ];
      await runProcess(
        this.command,
        [...common, '-c:a', 'libopus', '-b:a', '32k', '-f', 'webm', webmFile],
        { timeoutMs: this.timeoutMs },
      );
      await runProcess(
        this.command,
        [...common, '-c:a', 'aac', '-b:a', '64k', '-movflags', '+faststart', '-f', 'mp4', mp4File],
        { timeoutMs: this.timeoutMs },
      );
      return { webm: await readFile(webmFile), mp4: await readFile(mp4File) };
    });
  }

  decodesVideo(input: Uint8Array): Promise<boolean> {
    const demuxer = videoDemuxer(input);
    if (!demuxer) return Promise.resolve(false);
    return withTempDir(async (dir) => {
      const source = join(dir, 'input');
      await writeFile(source, input);
      try {
        await runProcess(
          this.command,
          [
            ...['-nostdin', '-hide_banner', '-loglevel', 'error', ...inputArgs(demuxer, source)],
            ...['-map', '0:v:0', '-frames:v', '1', '-f', 'null', '-'],
          ],
          { timeoutMs: Math.min(this.timeoutMs, VIDEO_PROBE_TIMEOUT_MS) },
        );
        return true;
      } catch {
        // No video stream, a frame that does not decode, or a decoder that never finishes.
        return false;
      }
    });
  }
}

/** Without a decoder: voice notes are stored and played as recorded, never transcribed. */
export class NoneCodec implements AudioCodec {
  readonly engine = 'none';
  decodesVideo(): Promise<null> {
    return Promise.resolve(null);
  }
  normalize(): Promise<NormalizedAudio> {
    return Promise.reject(new Error('No audio decoder is configured (install ffmpeg).'));
  }
  encodeSpeech(): Promise<EncodedSpeech> {
    return Promise.reject(new Error('No audio encoder is configured (install ffmpeg).'));
  }
}
