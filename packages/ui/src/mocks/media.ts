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

/**
 * A one-second 320 × 180 VP8 clip (a blue frame, a yellow square) as a data URL, so a story's video
 * loads its first frame from memory: no request that could hang, and a repeatable picture.
 * Made with `ffmpeg -f lavfi -i "color=c=0x0ea5e9:s=320x180:d=1:r=10,drawbox=x=120:y=50:w=80:h=80:color=0xfde047:t=fill" -c:v libvpx -b:v 30k -an`.
 */
export const SAMPLE_VIDEO_URL = `data:video/webm;base64,${[
  'GkXfo59ChoEBQveBAULygQRC84EIQoKEd2VibUKHgQJChYECGFOAZwEAAAAAAASzEU2bdLpNu4tTq4QVSalmU6yBoU27i1Or',
  'hBZUrmtTrIHGTbuMU6uEElTDZ1OsggENTbuMU6uEHFO7a1OsggSd7AEAAAAAAABZAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
  'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAVSalmoCrX',
  'sYMPQkBNgIRMYXZmV0GETGF2ZkSJiECPQAAAAAAAFlSua8KuAQAAAAAAADnXgQFzxYgAAAAAAAAAAZyBACK1nIN1bmSIgQCG',
  'hVZfVlA4g4EBI+ODhAX14QDgirCCAUC6gbSagQISVMNn0XNzzmPAi2PFiAAAAAAAAAABZ8iYRaOHRU5DT0RFUkSHi0xhdmMg',
  'bGlidnB4Z8iiRaOIRFVSQVRJT05Eh5QwMDowMDowMS4wMDAwMDAwMDAAAB9DtnVDNOeBAKNBJ4EAAICwFQCdASpAAbQAAEcI',
  'hYWIhYSIAgIb345mCD/AfwB1RXgP4A/oDMM/4D+AOKA/wH2/7sB/gIaiU8SJEiRIkSJEiRIkSJEiRIkSJEiRIkSJEiRIkSI+',
  'sVpDyZ0p6ZKrxcXCX79+/fv4NO7QUuXLly5cxNo9S1IkSJEiRnFNvsECBAgQIJHBaI0ePHjx45QJ4AKyZ0p5pxf1rmTJkyZM',
  'mTJkyZMmTJkyZMmTJkyZMmTJkyZMmTJkMAD+bq9yfyUf9eWplwlHP/xZh/s+f/+CRZ//IsJc6QbNYP/ehWr074ne/vm3UAt9',
  'IPNVnrWD8LbEGo3tD7sL0WTsS30zy7//wCDP/5NxF0mNaMJjR2HTt8U6Y9oomAE2A8AIPv8tF31v5OxLXgCjt4EAZADRAwAB',
  'EBAAGAnPwKjhP7ABDQACC8AQhEar+fDwiEngrHBjV0BeoFBO9cCCGJgBNrvYy4CjuIEAyADxAwABEBAAGAAZSC+f6CX+2A86',
  'TgAhFHFXlgJMQhbofJuoY1dAXqBQTvXAghiYATa72MuAo7iBASwA8QMAARAQABgAGUgvn+gl/tgPOk4AIRRxV5YCTEIW6Hyb',
  'qGNXQF6gUE71wIIYmAE2u9jLgKO4gQGQAPEDAAEQEAAYABlIL5/oJf7YDzpOACEUcVeWAkxCFuh8m6hjV0BeoFBO9cCCGJgB',
  'NrvYy4CjuIEB9ADxAwABEBAAGAAZSC+f6CX+2A86TgAhFHFXlgJMQhbofJuoY1dAXqBQTvXAghiYATa72MuAo7iBAlgA8QMA',
  'ARAQABgAGUgvn+gl/tgPOk4AIRRxV5YCTEIW6HybqGNXQF6gUE71wIIYmAE2u9jLgKO6gQK8ANEDAAEQEBRgAGUgvt+gl/tw',
  'RNw4AIRR0VzDMdEISoGzMGNXQF6gUE71wIIYmAE2u9n+A9zuAKO2gQMgANEDAAEQEAAYABkwL6AYIe/9Np49BCITdx0QoTRC',
  'LQCVIGNXQF6gUE71wIIYmAE2u9QAo7aBA4QA0QMAARAQABgAGTAvoBgh7/02nj0EIhN3HRChNEItAJUgY1dAXqBQTvXAghiY',
  'ATa71AAcU7trkbuPs4EAt4r3gQHxggFj8IED',
].join('')}`;

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
export function fakeLiveTalk(
  mode: 'ok' | 'offline' | 'denied' | 'drops' = 'ok',
  /** A clock of its own: a picture taken while talking shows the same time however slow it is. */
  now?: () => number,
) {
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
      ...(now ? { now } : {}),
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
