import { proxy, ref } from 'valtio/vanilla';
import { LIMITS, TIMINGS } from '../constants';
import { Emitter } from '../emitter';

/**
 * The recorder of spec §4 (voice recording) without React: idle → recording (timer m:ss) →
 * stopped with a preview (send or delete). The browser's MediaRecorder and getUserMedia are
 * injected so tests and stories can fake them.
 */

/** What a recording is for: notes prefer WebM, calls WAV (spec §9); both fall back to mp4, mpeg. */
export type RecordingPurpose = 'note' | 'call';

export const RECORDING_MIME_PREFERENCES: Record<RecordingPurpose, readonly string[]> = {
  note: ['audio/webm', 'audio/mp4', 'audio/mpeg'],
  call: ['audio/wav', 'audio/mp4', 'audio/mpeg'],
};

/** The first preferred type the recorder supports; '' lets the browser choose. */
export function pickRecordingMimeType(
  purpose: RecordingPurpose,
  isTypeSupported: ((type: string) => boolean) | undefined,
): string {
  if (!isTypeSupported) return '';
  for (const type of RECORDING_MIME_PREFERENCES[purpose]) {
    try {
      if (isTypeSupported(type)) return type;
    } catch {
      // Some engines throw for unknown types: try the next.
    }
  }
  return '';
}

/** m:ss of a duration (spec §4 recording timer): 0:00, 0:59, 1:05, 12:00. */
export function formatRecordingTime(ms: number): string {
  const total = Math.max(0, Math.floor((Number.isFinite(ms) ? ms : 0) / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

/** The parts of a MediaStream the recorder touches. */
export interface RecordingStreamLike {
  getTracks(): { stop(): void }[];
}

/** The parts of a MediaRecorder the recorder touches (the browser's fits). */
export interface MediaRecorderLike {
  readonly mimeType: string;
  readonly state: 'inactive' | 'recording' | 'paused';
  ondataavailable: ((event: { data: Blob }) => void) | null;
  onstop: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  start(timeslice?: number): void;
  stop(): void;
}

export interface MediaRecorderConstructorLike {
  new (stream: RecordingStreamLike, options?: { mimeType?: string }): MediaRecorderLike;
  isTypeSupported?(type: string): boolean;
}

export interface RecorderEnvironment {
  /** Default navigator.mediaDevices.getUserMedia. */
  getUserMedia?: (constraints: { audio: boolean }) => Promise<RecordingStreamLike>;
  /** Default globalThis.MediaRecorder. */
  MediaRecorder?: MediaRecorderConstructorLike;
  /** Default Date.now. */
  now?: () => number;
  /** Default URL.createObjectURL / revokeObjectURL (a preview player's src). */
  createObjectUrl?: (blob: Blob) => string;
  revokeObjectUrl?: (url: string) => void;
}

/**
 * Why recording could not start: no input device ('No microphone detected.'), the person or the
 * browser refused access, no recording support, or anything else.
 */
export type RecorderErrorCode = 'no_microphone' | 'permission_denied' | 'unsupported' | 'failed';

export interface RecordingPreview {
  blob: Blob;
  mimeType: string;
  durationMs: number;
  /** An object URL for an audio element; null where the runtime has none. */
  url: string | null;
}

export type RecorderStatus = 'idle' | 'starting' | 'recording' | 'stopped';

/** A valtio proxy. */
export interface RecorderState {
  status: RecorderStatus;
  /** Time recorded so far (ticks every second while recording). */
  elapsedMs: number;
  /** The type being recorded. */
  mimeType: string | null;
  /** Set once stopped. */
  preview: RecordingPreview | null;
  error: RecorderErrorCode | null;
}

export interface RecorderEvents {
  /** Every chunk of at least 3000 bytes (spec §5): the ones worth streaming live. */
  chunk: { data: Blob; mimeType: string };
  /** Recording started / ended (for the spec's `recording` indicator frame). */
  recording: boolean;
}

export interface RecorderController {
  readonly state: RecorderState;
  /** Asks for the microphone and starts; resolves false (with `state.error`) when it cannot. */
  start(): Promise<boolean>;
  /** Stops and shows the preview. */
  stop(): Promise<RecordingPreview | null>;
  /** Delete: drops the recording (or stops and drops one in progress) and goes back to idle. */
  discard(): void;
  /** Send: hands over the preview and goes back to idle (the caller uploads it). */
  take(): RecordingPreview | null;
  on<K extends keyof RecorderEvents>(
    event: K,
    listener: (payload: RecorderEvents[K]) => void,
  ): () => void;
  dispose(): void;
}

export interface RecorderOptions extends RecorderEnvironment {
  purpose?: RecordingPurpose;
  /** Default 1000 ms (spec §9). */
  chunkMs?: number;
  /** Chunks under this size are never emitted as `chunk` (default 3000, spec §5). */
  minChunkBytes?: number;
}

/** Maps a getUserMedia / MediaRecorder failure to a code the ui explains. */
export function recorderErrorCode(error: unknown): RecorderErrorCode {
  const name = error instanceof Error || isNamed(error) ? (error as { name: string }).name : '';
  switch (name) {
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
    case 'NotReadableError':
      return 'no_microphone';
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return 'permission_denied';
    case 'NotSupportedError':
      return 'unsupported';
    default:
      return 'failed';
  }
}

function isNamed(value: unknown): value is { name: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { name?: unknown }).name === 'string'
  );
}

function defaultGetUserMedia(): RecorderEnvironment['getUserMedia'] {
  const devices = (globalThis as { navigator?: { mediaDevices?: MediaDevices } }).navigator
    ?.mediaDevices;
  if (!devices?.getUserMedia) return undefined;
  return (constraints) => devices.getUserMedia(constraints) as Promise<RecordingStreamLike>;
}

export function createRecorder(options: RecorderOptions = {}): RecorderController {
  const purpose = options.purpose ?? 'note';
  const chunkMs = options.chunkMs ?? TIMINGS.recordingChunkMs;
  const minChunk = options.minChunkBytes ?? LIMITS.minVoiceChunkBytes;
  const now = options.now ?? (() => Date.now());
  const createUrl =
    options.createObjectUrl ??
    (typeof URL !== 'undefined' && typeof URL.createObjectURL === 'function'
      ? (blob: Blob) => URL.createObjectURL(blob)
      : undefined);
  const revokeUrl =
    options.revokeObjectUrl ??
    (typeof URL !== 'undefined' && typeof URL.revokeObjectURL === 'function'
      ? (url: string) => URL.revokeObjectURL(url)
      : undefined);

  const state = proxy<RecorderState>({
    status: 'idle',
    elapsedMs: 0,
    mimeType: null,
    preview: null,
    error: null,
  });
  const events = new Emitter<RecorderEvents>(() => {});
  let recorder: MediaRecorderLike | null = null;
  let stream: RecordingStreamLike | null = null;
  let chunks: Blob[] = [];
  let startedAt = 0;
  let ticker: ReturnType<typeof setInterval> | undefined;
  let stopping: Promise<RecordingPreview | null> | null = null;
  /** Bumped by discard/dispose so a late start or stop does nothing. */
  let generation = 0;

  function releaseStream(): void {
    for (const track of stream?.getTracks() ?? []) track.stop();
    stream = null;
  }

  function stopTicker(): void {
    if (ticker !== undefined) clearInterval(ticker);
    ticker = undefined;
  }

  function dropPreview(): void {
    const url = state.preview?.url;
    if (url) revokeUrl?.(url);
    state.preview = null;
  }

  function finish(): RecordingPreview | null {
    stopTicker();
    releaseStream();
    const mimeType = recorder?.mimeType || state.mimeType || chunks[0]?.type || 'audio/webm';
    recorder = null;
    const durationMs = Math.max(0, now() - startedAt);
    const blob = new Blob(chunks, { type: mimeType });
    chunks = [];
    events.emit('recording', false);
    const preview: RecordingPreview = {
      blob,
      mimeType,
      durationMs,
      url: createUrl ? createUrl(blob) : null,
    };
    state.elapsedMs = durationMs;
    // The Blob must stay itself: a proxied Blob throws 'Illegal invocation' on its getters.
    state.preview = ref(preview);
    state.status = 'stopped';
    return preview;
  }

  return {
    state,

    async start() {
      if (state.status === 'recording' || state.status === 'starting') return false;
      dropPreview();
      state.error = null;
      state.elapsedMs = 0;
      const Recorder =
        options.MediaRecorder ??
        (globalThis as unknown as { MediaRecorder?: MediaRecorderConstructorLike }).MediaRecorder;
      const getUserMedia = options.getUserMedia ?? defaultGetUserMedia();
      if (!getUserMedia) {
        // No mediaDevices at all (an insecure page, or no audio stack): nothing to record from.
        state.error = 'no_microphone';
        return false;
      }
      if (!Recorder) {
        state.error = 'unsupported';
        return false;
      }
      const mine = ++generation;
      state.status = 'starting';
      let media: RecordingStreamLike;
      try {
        media = await getUserMedia({ audio: true });
      } catch (error) {
        if (mine !== generation) return false;
        state.status = 'idle';
        state.error = recorderErrorCode(error);
        return false;
      }
      if (mine !== generation) {
        for (const track of media.getTracks()) track.stop();
        return false;
      }
      stream = media;
      const mimeType = pickRecordingMimeType(purpose, Recorder.isTypeSupported?.bind(Recorder));
      try {
        recorder = new Recorder(media, mimeType ? { mimeType } : undefined);
      } catch (error) {
        releaseStream();
        state.status = 'idle';
        state.error =
          recorderErrorCode(error) === 'failed' ? 'unsupported' : recorderErrorCode(error);
        return false;
      }
      const active = recorder;
      chunks = [];
      state.mimeType = active.mimeType || mimeType || null;
      active.ondataavailable = (event) => {
        if (recorder !== active || !event.data || event.data.size === 0) return;
        chunks.push(event.data);
        if (event.data.size >= minChunk) {
          events.emit('chunk', { data: event.data, mimeType: active.mimeType || mimeType });
        }
      };
      active.onerror = () => {
        if (recorder !== active) return;
        state.error = 'failed';
        if (active.state !== 'inactive') active.stop();
      };
      try {
        active.start(chunkMs);
      } catch (error) {
        recorder = null;
        releaseStream();
        state.status = 'idle';
        state.error = recorderErrorCode(error);
        return false;
      }
      startedAt = now();
      state.status = 'recording';
      ticker = setInterval(() => {
        state.elapsedMs = Math.max(0, now() - startedAt);
      }, 250);
      events.emit('recording', true);
      return true;
    },

    stop() {
      if (stopping) return stopping;
      const active = recorder;
      if (state.status !== 'recording' || !active) return Promise.resolve(state.preview);
      const mine = generation;
      stopping = new Promise<RecordingPreview | null>((resolve) => {
        active.onstop = () => {
          stopping = null;
          if (mine !== generation || recorder !== active) {
            resolve(null);
            return;
          }
          resolve(finish());
        };
        try {
          active.stop();
        } catch {
          stopping = null;
          resolve(finish());
        }
      });
      return stopping;
    },

    discard() {
      generation++;
      stopping = null;
      stopTicker();
      const active = recorder;
      recorder = null;
      if (active && active.state !== 'inactive') {
        active.onstop = null;
        try {
          active.stop();
        } catch {
          // Already stopped.
        }
        events.emit('recording', false);
      }
      releaseStream();
      chunks = [];
      dropPreview();
      state.status = 'idle';
      state.elapsedMs = 0;
    },

    take() {
      const preview = state.preview;
      if (state.status !== 'stopped' || !preview) return null;
      // The caller owns the blob now; the URL stays valid for the pending message's player.
      state.preview = null;
      state.status = 'idle';
      state.elapsedMs = 0;
      return preview;
    },

    on: (event, listener) => events.on(event, listener),

    dispose() {
      this.discard();
      events.clear();
    },
  };
}
