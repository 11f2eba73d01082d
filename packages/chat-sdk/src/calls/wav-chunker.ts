import { CALL_AUDIO_LIMITS } from '../protocol/calls';
import { CAPTURE_WORKLET_SOURCE } from './capture-worklet';
import type { MediaStreamLike } from './peer-types';

/** 16 kHz mono 16-bit PCM: what speech engines want, and small enough for socket frames. */
const TARGET_RATE = 16_000;

/** A WAV file (RIFF, PCM 16-bit mono) of `samples` in [-1, 1]. */
export function encodeWav(samples: Float32Array, sampleRate = TARGET_RATE): Uint8Array {
  const bytes = new Uint8Array(44 + samples.length * 2);
  const view = new DataView(bytes.buffer);
  const text = (offset: number, value: string) => {
    for (let i = 0; i < value.length; i++) view.setUint8(offset + i, value.charCodeAt(i));
  };
  text(0, 'RIFF');
  view.setUint32(4, 36 + samples.length * 2, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  text(36, 'data');
  view.setUint32(40, samples.length * 2, true);
  for (let i = 0; i < samples.length; i++) {
    const sample = Math.max(-1, Math.min(1, samples[i] ?? 0));
    view.setInt16(44 + i * 2, sample < 0 ? sample * 0x8000 : sample * 0x7fff, true);
  }
  return bytes;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

export interface WavChunkerOptions {
  stream: MediaStreamLike;
  /** A base64 WAV chunk; `final` when the speaker paused (the server transcribes then). */
  onChunk(audio: string, final: boolean): void;
  /** Length of a chunk during continuous speech (default 1000 ms, spec §9). */
  chunkMs?: number;
  /** Silence that ends an utterance (default 400 ms). */
  silenceMs?: number;
  /** RMS level above which a buffer counts as speech (default 0.01). */
  threshold?: number;
  /**
   * Where the page loads the capture worklet from (CAPTURE_WORKLET_SOURCE served by the site):
   * for pages whose Content-Security-Policy allows scripts only from 'self'. Default: a blob: URL.
   */
  workletUrl?: string;
}

/**
 * Cuts the microphone's audio into 16 kHz WAV chunks for live captions (browser only: uses an
 * AudioContext at call time). Silence between utterances is not sent. Captures through an
 * AudioWorklet (off the main thread); where there is none, or its module cannot load (a
 * Content-Security-Policy that refuses it: serve CAPTURE_WORKLET_SOURCE and pass `workletUrl`),
 * through a ScriptProcessorNode. Returns a stop function.
 */
export function wavChunker(options: WavChunkerOptions): () => void {
  const AudioContextClass = (globalThis as { AudioContext?: typeof AudioContext }).AudioContext;
  if (!AudioContextClass) return () => undefined;
  const context = new AudioContextClass();
  // Autoplay rules may start the context suspended; the call itself was the user's gesture.
  if (context.state === 'suspended') void context.resume().catch(() => undefined);
  const source = context.createMediaStreamSource(options.stream as unknown as MediaStream);
  const ratio = context.sampleRate / TARGET_RATE;
  const chunkSamples = Math.floor(((options.chunkMs ?? 1000) / 1000) * TARGET_RATE);
  const maxSamples = Math.floor((CALL_AUDIO_LIMITS.maxBytes - 44) / 2);
  const silenceSamples = Math.floor(((options.silenceMs ?? 400) / 1000) * TARGET_RATE);
  const threshold = options.threshold ?? 0.01;
  let buffer: number[] = [];
  let speaking = false;
  let quiet = 0;
  // The quiet buffer before speech starts: a word's soft onset belongs to the utterance.
  let preRoll: number[] = [];
  let stopped = false;
  /** Disconnects whichever capture node is running. */
  let release: () => void = () => undefined;

  const flush = (final: boolean) => {
    const samples = Float32Array.from(buffer.splice(0, Math.min(buffer.length, maxSamples)));
    const wav = encodeWav(samples);
    if (wav.length >= CALL_AUDIO_LIMITS.minBytes) options.onChunk(toBase64(wav), final);
  };

  const process = (input: Float32Array) => {
    if (stopped) return;
    let sum = 0;
    for (const value of input) sum += value * value;
    const loud = Math.sqrt(sum / input.length) > threshold;
    const samples: number[] = [];
    for (let i = 0; i < input.length / ratio; i++) {
      // Averaging over each output sample's span is a cheap low-pass before decimation.
      const start = Math.floor(i * ratio);
      const end = Math.min(input.length, Math.floor((i + 1) * ratio));
      let total = 0;
      for (let j = start; j < end; j++) total += input[j] ?? 0;
      samples.push(end > start ? total / (end - start) : 0);
    }
    if (!speaking && !loud) {
      preRoll = samples;
      return;
    }
    if (!speaking) {
      buffer.push(...preRoll);
      preRoll = [];
    }
    speaking = true;
    buffer.push(...samples);
    quiet = loud ? 0 : quiet + input.length / ratio;
    if (quiet >= silenceSamples) {
      flush(true);
      buffer = [];
      speaking = false;
      quiet = 0;
    } else if (buffer.length >= chunkSamples) {
      flush(false);
    }
  };

  const scriptProcessor = () => {
    const processor = context.createScriptProcessor(4096, 1, 1);
    processor.onaudioprocess = (event) => process(event.inputBuffer.getChannelData(0));
    source.connect(processor);
    // A ScriptProcessor only runs while connected to the destination; it outputs silence.
    processor.connect(context.destination);
    release = () => {
      processor.onaudioprocess = null;
      processor.disconnect();
    };
  };

  const worklet = async () => {
    const url =
      options.workletUrl ??
      URL.createObjectURL(new Blob([CAPTURE_WORKLET_SOURCE], { type: 'text/javascript' }));
    try {
      await context.audioWorklet.addModule(url);
    } finally {
      if (!options.workletUrl) URL.revokeObjectURL(url);
    }
    if (stopped) return;
    const capture = new AudioWorkletNode(context, 'parley-capture', {
      numberOfInputs: 1,
      numberOfOutputs: 1,
      channelCount: 1,
      channelCountMode: 'explicit',
    });
    capture.port.onmessage = (event: MessageEvent<Float32Array>) => process(event.data);
    source.connect(capture);
    // Pulled by the graph like any node that reaches the destination; it writes only silence.
    capture.connect(context.destination);
    release = () => {
      capture.port.onmessage = null;
      capture.disconnect();
    };
  };

  if (context.audioWorklet && typeof AudioWorkletNode === 'function') {
    void worklet().catch(() => {
      if (!stopped) scriptProcessor();
    });
  } else {
    scriptProcessor();
  }

  return () => {
    stopped = true;
    release();
    source.disconnect();
    void context.close();
  };
}
