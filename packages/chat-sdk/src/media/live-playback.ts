/**
 * Plays someone's live talk as its chunks arrive: a MediaSource fed chunk by chunk where the
 * browser can decode the stream's type that way (Chromium and Firefox: WebM/Opus), else the whole
 * talk as one clip the moment it ends (the chunks joined are a complete file). No React.
 */
export interface LivePlayback {
  /** What an audio element plays: at once (MediaSource), or once the talk ends (joined clip). */
  readonly url: string | Promise<string | null>;
  append(bytes: Uint8Array): void;
  /** No more chunks: the player finishes what it has. */
  end(): void;
  /** Drops everything (the room changed, or the reader left). */
  dispose(): void;
}

/** The parts of MediaSource the playback uses. */
interface SourceBufferLike {
  readonly updating: boolean;
  appendBuffer(data: BufferSource): void;
  addEventListener(type: 'updateend' | 'error', listener: () => void): void;
}
interface MediaSourceLike {
  readonly readyState: 'closed' | 'open' | 'ended';
  addSourceBuffer(type: string): SourceBufferLike;
  endOfStream(): void;
  addEventListener(type: 'sourceopen', listener: () => void): void;
}
interface MediaSourceConstructorLike {
  new (): MediaSourceLike;
  isTypeSupported(type: string): boolean;
}

/** The codecs MediaRecorder puts in each container, for MediaSource's stricter type check. */
export function mediaSourceType(mimeType: string): string {
  const type = mimeType.trim().toLowerCase();
  if (type.includes('codecs=')) return mimeType;
  if (type.startsWith('audio/webm')) return 'audio/webm; codecs="opus"';
  if (type.startsWith('audio/mp4')) return 'audio/mp4; codecs="mp4a.40.2"';
  return mimeType;
}

export interface LivePlaybackEnvironment {
  MediaSource?: MediaSourceConstructorLike;
  createObjectUrl?: (source: Blob | MediaSourceLike) => string;
  revokeObjectUrl?: (url: string) => void;
}

export function createLivePlayback(
  mimeType: string,
  env: LivePlaybackEnvironment = {},
): LivePlayback | null {
  const createUrl =
    env.createObjectUrl ??
    (typeof URL?.createObjectURL === 'function'
      ? (source: Blob | MediaSourceLike) => URL.createObjectURL(source as Blob)
      : undefined);
  const revokeUrl =
    env.revokeObjectUrl ??
    (typeof URL?.revokeObjectURL === 'function'
      ? (url: string) => URL.revokeObjectURL(url)
      : undefined);
  if (!createUrl) return null;
  const Source =
    env.MediaSource ?? (globalThis as { MediaSource?: MediaSourceConstructorLike }).MediaSource;
  const sourceType = mediaSourceType(mimeType);
  let supported = false;
  try {
    supported = Source?.isTypeSupported(sourceType) === true;
  } catch {
    supported = false;
  }
  if (Source && supported) return streamed(new Source(), sourceType, createUrl, revokeUrl);
  return joined(mimeType, createUrl, revokeUrl);
}

function streamed(
  source: MediaSourceLike,
  type: string,
  createUrl: (source: MediaSourceLike) => string,
  revokeUrl: ((url: string) => void) | undefined,
): LivePlayback {
  const url = createUrl(source);
  const waiting: Uint8Array[] = [];
  let buffer: SourceBufferLike | null = null;
  let ended = false;
  let broken = false;

  function finish(): void {
    try {
      source.endOfStream();
    } catch {
      // Already ended or closed.
    }
  }

  function pump(): void {
    if (!buffer || buffer.updating || source.readyState !== 'open') return;
    // A chunk the decoder refused: play what came before it, then end (the output queue moves on).
    if (broken) {
      if (ended) finish();
      return;
    }
    const next = waiting.shift();
    if (next) {
      try {
        buffer.appendBuffer(next as unknown as BufferSource);
      } catch {
        broken = true;
        if (ended) finish();
      }
      return;
    }
    if (ended) finish();
  }

  // 'sourceopen' fires once an audio element plays the URL (it may wait in the output's queue).
  source.addEventListener('sourceopen', () => {
    try {
      buffer = source.addSourceBuffer(type);
    } catch {
      broken = true;
      return;
    }
    buffer.addEventListener('updateend', pump);
    buffer.addEventListener('error', () => {
      broken = true;
    });
    pump();
  });

  return {
    url,
    append(bytes) {
      if (ended || broken) return;
      waiting.push(bytes);
      pump();
    },
    end() {
      ended = true;
      pump();
    },
    dispose() {
      ended = true;
      waiting.length = 0;
      revokeUrl?.(url);
    },
  };
}

function joined(
  mimeType: string,
  createUrl: (blob: Blob) => string,
  revokeUrl: ((url: string) => void) | undefined,
): LivePlayback {
  const parts: Uint8Array[] = [];
  let settle: (url: string | null) => void = () => {};
  let made: string | null = null;
  let done = false;
  const url = new Promise<string | null>((resolve) => {
    settle = resolve;
  });
  return {
    url,
    append(bytes) {
      if (!done) parts.push(bytes);
    },
    end() {
      if (done) return;
      done = true;
      made = parts.length > 0 ? createUrl(new Blob(parts as BlobPart[], { type: mimeType })) : null;
      parts.length = 0;
      settle(made);
    },
    dispose() {
      done = true;
      parts.length = 0;
      settle(null);
      if (made) revokeUrl?.(made);
    },
  };
}

/** Bytes of a relayed chunk: base64, or a data: URL (`original_blob`). */
export function decodeChunk(blob: string): Uint8Array | null {
  const base64 = blob.startsWith('data:') ? blob.slice(blob.indexOf(',') + 1) : blob;
  try {
    const binary = atob(base64);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return null;
  }
}
