/**
 * Media benchmark: voice pipeline latency per second of audio, stage by stage (decode to 16 kHz
 * mono, transcribe, translate, synthesize, encode Opus/WebM + AAC/MP4), with flite speech made
 * here, upload throughput (upload-file over loopback into a real server), and live talk's relay
 * latency (a binary chunk from the speaker's socket to the listener's `voice_chunk`). Informational
 * only: no thresholds. Skips what is not installed and says so.
 *
 * BENCH_MEDIA_UPLOADS=40 (at most 60: the per-person limit a minute) BENCH_MEDIA_UPLOAD_KB=512
 * BENCH_LIVE_CHUNKS=30 (one every 300 ms, under the 4-a-second limit)
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { chatSocketPath, MEDIA_PATHS, privateRoomName } from '@parley/chat-sdk';
import WebSocket from 'ws';
import { mediaEnginesFromEnv } from '../src/media/speech/speechFromEnv.js';
import {
  type RenditionTimings,
  synthesizeSpeech,
  transcribeVoice,
  type VoiceTimings,
} from '../src/media/voicePipeline.js';
import { translateSafely } from '../src/translation/translateSafely.js';
import { isOnPath, translatorFromEnv } from '../src/translation/translatorFromEnv.js';
import { type BenchUser, percentile, startBenchServer } from './benchServer.js';

const run = promisify(execFile);
const JWT_SECRET = 'bench-secret-for-parley-media-0123456789';

function count(text: string | undefined, fallback: number): number {
  const n = Number(text);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

const PHRASES = [
  'hello world. this is a short voice message.',
  'good morning. I will be late for the meeting today because the train was cancelled, so please start without me and I will call you when I arrive at the station.',
];

async function fliteWav(text: string): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'parley-bench-'));
  try {
    await run('flite', ['-t', text, '-o', join(dir, 'speech.wav')]);
    return await readFile(join(dir, 'speech.wav'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const fmt = (ms: number) => `${ms.toFixed(0).padStart(6)} ms`;

async function voicePipeline(): Promise<void> {
  const engines = mediaEnginesFromEnv(process.env);
  if (engines.codec.engine === 'none' || !isOnPath('flite')) {
    console.log('voice pipeline: skipped (needs ffmpeg and flite: scripts/install-engines.sh)');
    return;
  }
  const translator = translatorFromEnv({ ...process.env, APERTIUM_APY: 'off' });
  console.log(
    `voice pipeline (en → es): decoder ${engines.codec.engine}, transcription ${engines.transcriber.engine}, translation ${translator.engine}, synthesis ${engines.synthesizer.engine}`,
  );
  console.log(
    '  audio s | decode       | transcribe   | translate    | synthesize   | encode       | total per audio s',
  );
  try {
    for (const phrase of PHRASES) {
      const wav = await fliteWav(phrase);
      const voice: VoiceTimings = { decodeMs: 0, transcribeMs: 0 };
      const transcript = await transcribeVoice(engines, wav, 'en', undefined, voice);
      const seconds = (transcript.durationMs ?? 0) / 1000;
      const rendition: RenditionTimings = { translateMs: 0, synthesizeMs: 0, encodeMs: 0 };
      const text = transcript.text ?? phrase;
      let started = performance.now();
      const translated = await translateSafely(translator, text, 'en', 'es', { timeoutMs: 30_000 });
      rendition.translateMs = performance.now() - started;
      started = performance.now();
      if (engines.synthesizer.serves('es')) {
        await synthesizeSpeech(engines, translated.text, 'es', rendition);
      }
      const total =
        voice.decodeMs +
        voice.transcribeMs +
        rendition.translateMs +
        rendition.synthesizeMs +
        rendition.encodeMs;
      const per = (ms: number) => fmt(seconds > 0 ? ms / seconds : ms);
      console.log(
        `  ${seconds.toFixed(1).padStart(7)} | ${per(voice.decodeMs)}/s | ${per(voice.transcribeMs)}/s | ${per(rendition.translateMs)}/s | ${per(rendition.synthesizeMs)}/s | ${per(rendition.encodeMs)}/s | ${per(total)}/s   (transcript: "${transcript.text ?? transcript.status}")`,
      );
    }
  } finally {
    await translator.close();
  }
}

async function uploadThroughput(): Promise<void> {
  const uploads = Math.min(60, count(process.env.BENCH_MEDIA_UPLOADS, 40));
  const sizeKb = count(process.env.BENCH_MEDIA_UPLOAD_KB, 512);
  const server = await startBenchServer(JWT_SECRET);
  try {
    const [a, b] = (await server.users('bench', 2)) as [BenchUser, BenchUser];
    const token = await server.tokens.issue({ userId: a.id, username: a.username });
    const bytes = Buffer.alloc(sizeKb * 1024, 0);
    bytes.write('%PDF-1.4\n', 0, 'latin1');
    const started = performance.now();
    for (let i = 0; i < uploads; i += 1) {
      const form = new FormData();
      form.append('file', new Blob([bytes]), `doc${i}.pdf`);
      form.append('sender_id', String(a.id));
      form.append('receiver_id', String(b.id));
      const response = await fetch(`http://127.0.0.1:${server.port}${MEDIA_PATHS.uploadFile}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}` },
        body: form,
      });
      if (response.status !== 201) throw new Error(`upload answered ${response.status}`);
      await response.arrayBuffer();
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `upload throughput (${uploads} × ${sizeKb} KiB, sequential, loopback, room ${privateRoomName(a.id, b.id)}): ${(uploads / seconds).toFixed(1)} uploads/s, ${((uploads * sizeKb) / 1024 / seconds).toFixed(1)} MiB/s`,
    );
  } finally {
    await server.close();
  }
}

/** Live talk: how long a chunk takes from the speaker's socket to the listener's voice_chunk. */
async function liveRelayLatency(): Promise<void> {
  const chunks = count(process.env.BENCH_LIVE_CHUNKS, 30);
  const server = await startBenchServer(JWT_SECRET);
  const sockets: WebSocket[] = [];
  try {
    const [a, b] = (await server.users('live', 2)) as [BenchUser, BenchUser];
    const room = privateRoomName(a.id, b.id);
    const open = async (user: BenchUser) => {
      const token = await server.tokens.issue({ userId: user.id, username: user.username });
      const ws = new WebSocket(
        `ws://127.0.0.1:${server.port}${chatSocketPath(user.id)}?token=${token}`,
      );
      sockets.push(ws);
      await new Promise<void>((resolve, reject) => {
        ws.once('open', () => resolve());
        ws.once('error', reject);
      });
      return ws;
    };
    const speaker = await open(a);
    const listener = await open(b);
    const sentAt = new Map<number, number>();
    const latencies: number[] = [];
    const allHeard = new Promise<void>((resolve) => {
      listener.on('message', (data, binary) => {
        if (binary) return;
        const frame = JSON.parse(String(data)) as { type?: string; seq?: number };
        if (frame.type !== 'voice_chunk' || typeof frame.seq !== 'number') return;
        const at = sentAt.get(frame.seq);
        if (at !== undefined) latencies.push(performance.now() - at);
        if (latencies.length === chunks) resolve();
      });
    });
    speaker.send(
      JSON.stringify({
        type: 'chunk_init',
        from: a.id,
        mime_type: 'audio/webm',
        receiver_id: b.id,
        room_name: room,
      }),
    );
    // About a second of Opus at 64 kbit/s, as MediaRecorder hands it over.
    const chunk = Buffer.alloc(8 * 1024, 1);
    for (let seq = 0; seq < chunks; seq += 1) {
      sentAt.set(seq, performance.now());
      speaker.send(chunk);
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    await Promise.race([
      allHeard,
      new Promise((_, reject) => setTimeout(() => reject(new Error('chunks lost')), 10_000)),
    ]);
    latencies.sort((x, y) => x - y);
    const ms = (p: number) => percentile(latencies, p).toFixed(1);
    console.log(
      `live talk relay (${chunks} chunks of 8 KiB, loopback, PGlite): median ${ms(50)} ms, p95 ${ms(95)} ms, max ${ms(100)} ms`,
    );
  } finally {
    for (const ws of sockets) ws.close();
    await server.close();
  }
}

await voicePipeline();
await uploadThroughput();
await liveRelayLatency();
