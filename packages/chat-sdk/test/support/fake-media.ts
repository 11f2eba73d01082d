import { vi } from 'vitest';
import type { MediaRecorderLike, RecordingStreamLike } from '../../src/index';

/** A microphone stream whose tracks record whether they were stopped. */
export function fakeStream() {
  const track = {
    stopped: false,
    stop() {
      track.stopped = true;
    },
  };
  const stream: RecordingStreamLike & { track: typeof track } = { track, getTracks: () => [track] };
  return stream;
}

/**
 * A MediaRecorder the test drives: `emit(bytes)` plays one timeslice's dataavailable; stop()
 * delivers onstop asynchronously, as browsers do.
 */
export class FakeMediaRecorder implements MediaRecorderLike {
  static supported = new Set(['audio/webm', 'audio/mp4', 'audio/mpeg', 'audio/wav']);
  static instances: FakeMediaRecorder[] = [];
  static isTypeSupported(type: string) {
    return FakeMediaRecorder.supported.has(type);
  }
  readonly mimeType: string;
  state: 'inactive' | 'recording' | 'paused' = 'inactive';
  timeslice: number | undefined;
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;

  constructor(
    readonly stream: RecordingStreamLike,
    options?: { mimeType?: string },
  ) {
    this.mimeType = options?.mimeType ?? 'audio/webm';
    FakeMediaRecorder.instances.push(this);
  }
  start(timeslice?: number) {
    this.timeslice = timeslice;
    this.state = 'recording';
  }
  stop() {
    if (this.state === 'inactive') return;
    this.state = 'inactive';
    queueMicrotask(() => this.onstop?.({}));
  }
  emit(bytes: number) {
    this.ondataavailable?.({ data: new Blob([new Uint8Array(bytes)], { type: this.mimeType }) });
  }
  static reset() {
    FakeMediaRecorder.instances = [];
    FakeMediaRecorder.supported = new Set(['audio/webm', 'audio/mp4', 'audio/mpeg', 'audio/wav']);
  }
}

export function domError(name: string): Error {
  const error = new Error(name);
  error.name = name;
  return error;
}

/**
 * Audio elements for voice output tests: what played and was paused, in order, and each playing
 * clip's `end()` (its `ended` event) and whether it was paused.
 */
export function fakeAudio() {
  const played: string[] = [];
  const paused: string[] = [];
  const live: { url: string; end: () => void; paused: boolean }[] = [];
  const createAudio = (url: string) => {
    const audio = {
      onended: null as ((e: unknown) => void) | null,
      onerror: null as ((e: unknown) => void) | null,
      play: () => {
        played.push(url);
        live.push(entry);
      },
      pause: vi.fn(() => {
        paused.push(url);
        entry.paused = true;
      }),
    };
    const entry = { url, end: () => audio.onended?.({}), paused: false };
    return audio;
  };
  return { played, paused, live, createAudio };
}
