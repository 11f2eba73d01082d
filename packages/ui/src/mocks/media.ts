import {
  type ClientFrame,
  createLiveTalk,
  type MediaRecorderLike,
  type RecorderEnvironment,
  type RecordingStreamLike,
  type SocketStatus,
} from '@parley/chat-sdk';
import type { UploadComposerFile } from '../components/Composer/Composer';
import type { ComposerLiveTalk } from '../components/LiveTalk/LiveTalkControls';
import { NOTIFICATION_SOUND_URL } from '../sounds/notificationSound';

/** A short real WAV for players in stories (the generated notification chime). */
export const SAMPLE_AUDIO_URL = NOTIFICATION_SOUND_URL;

/** A small picture as a data URL (no network in stories). */
export const SAMPLE_IMAGE_URL = `data:image/svg+xml;utf8,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480"><rect width="640" height="480" fill="#0ea5e9"/><circle cx="320" cy="240" r="120" fill="#fde047"/></svg>',
)}`;

/** An image file as a user would pick it. */
export function sampleImageFile(name = 'sunset.svg'): File {
  return new File(
    [decodeURIComponent(SAMPLE_IMAGE_URL.slice('data:image/svg+xml;utf8,'.length))],
    name,
    { type: 'image/svg+xml' },
  );
}

/**
 * A MediaRecorder for stories: every `start(timeslice)` emits a 4 kB chunk per timeslice, so the
 * timer, live chunks and the preview behave as in a browser without a microphone.
 */
export class FakeMediaRecorder implements MediaRecorderLike {
  static isTypeSupported(type: string) {
    return type === 'audio/webm' || type === 'audio/mp4';
  }
  readonly mimeType: string;
  state: 'inactive' | 'recording' | 'paused' = 'inactive';
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(_stream: RecordingStreamLike, options?: { mimeType?: string }) {
    this.mimeType = options?.mimeType ?? 'audio/webm';
  }
  start(timeslice = 1000) {
    this.state = 'recording';
    this.timer = setInterval(() => this.emit(), timeslice);
  }
  stop() {
    if (this.state === 'inactive') return;
    clearInterval(this.timer);
    this.emit();
    this.state = 'inactive';
    setTimeout(() => this.onstop?.({}), 0);
  }
  private emit() {
    this.ondataavailable?.({ data: new Blob([new Uint8Array(4096)], { type: this.mimeType }) });
  }
}

const stream: RecordingStreamLike = { getTracks: () => [{ stop() {} }] };

function named(name: string): Error {
  const error = new Error(name);
  error.name = name;
  return error;
}

/** The recorder's environment in stories: a working fake microphone, none, or a refusal. */
export function fakeRecorderEnvironment(
  microphone: 'ok' | 'none' | 'denied' = 'ok',
): RecorderEnvironment {
  return {
    MediaRecorder: FakeMediaRecorder,
    getUserMedia: async () => {
      if (microphone === 'none') throw named('NotFoundError');
      if (microphone === 'denied') throw named('NotAllowedError');
      return stream;
    },
    // A playable preview whatever was "recorded".
    createObjectUrl: () => SAMPLE_AUDIO_URL,
    revokeObjectUrl: () => {},
  };
}

/**
 * A fake upload the story drives: progress and the answer come when the story says so.
 * `upload.progress(50)`, then `upload.finish()` or `upload.fail()`.
 */
export function controlledUpload() {
  let onProgress: ((percent: number) => void) | null = null;
  let settle: {
    resolve: (v: { url: string; name: string }) => void;
    reject: (e: Error) => void;
  } | null = null;
  let name = '';
  const uploadFile: UploadComposerFile = (file, progress) => {
    onProgress = progress;
    name = file.name;
    return new Promise((resolve, reject) => {
      settle = { resolve, reject };
    });
  };
  return {
    uploadFile,
    progress: (percent: number) => onProgress?.(percent),
    finish: () => settle?.resolve({ url: `/chatmessage/files/abc-${name}`, name }),
    fail: () => settle?.reject(new Error('Upload failed')),
  };
}

/** An upload that finishes by itself, in steps of 25 %. */
export const steppedUpload: UploadComposerFile = (file, onProgress) =>
  new Promise((resolve) => {
    let percent = 0;
    const timer = setInterval(() => {
      percent += 25;
      onProgress(percent);
      if (percent >= 100) {
        clearInterval(timer);
        resolve({ url: `/chatmessage/files/abc-${file.name}`, name: file.name });
      }
    }, 50);
  });

/**
 * A live talk for stories: the sdk's own createLiveTalk over a fake open socket that records what
 * it was sent. 'offline' starts with the socket closed; 'drops' closes it 1.5 s into the talk.
 */
export function fakeLiveTalk(mode: 'ok' | 'offline' | 'denied' | 'drops' = 'ok') {
  const sent: { frames: ClientFrame[]; binary: number[] } = { frames: [], binary: [] };
  const listeners = new Set<(status: SocketStatus) => void>();
  const state = { status: (mode === 'offline' ? 'closed' : 'open') as SocketStatus };
  const socket = {
    state,
    send: (frame: ClientFrame) => {
      if (state.status !== 'open') return 'queued' as const;
      sent.frames.push(frame);
      return 'sent' as const;
    },
    sendBinary: (data: ArrayBuffer | ArrayBufferView | Blob) => {
      if (state.status !== 'open') return false;
      sent.binary.push(data instanceof Blob ? data.size : data.byteLength);
      return true;
    },
    on: (_event: 'status', listener: (status: SocketStatus) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const create = (): ComposerLiveTalk => {
    const talk = createLiveTalk({
      socket: socket as unknown as Parameters<typeof createLiveTalk>[0]['socket'],
      chat: { setRecording: () => {} },
      getUserId: () => 1,
      ...fakeRecorderEnvironment(mode === 'denied' ? 'denied' : 'ok'),
    });
    return {
      state: talk.state,
      start: async () => {
        const started = await talk.start({ roomName: 'private-1-2', receiverId: 2 });
        if (started && mode === 'drops') {
          setTimeout(() => {
            state.status = 'closed';
            for (const listener of listeners) listener('closed');
          }, 1500);
        }
        return started;
      },
      stop: () => talk.stop(),
      dispose: () => talk.dispose(),
    };
  };
  return { create, sent };
}
