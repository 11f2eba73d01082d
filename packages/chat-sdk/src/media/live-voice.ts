import { LIMITS } from '../constants';
import type { ChunkEndFrame, ChunkInitFrame, VoiceChunkFrame } from '../protocol/media';
import type { SocketUserObject } from '../protocol/user-objects';
import type { ChatSocket } from '../socket/chat-socket';

/**
 * Live voice (spec §7): `chunk_init {from, mime_type, receiver_id, user_objects}` once, then the raw
 * binary chunks. A chunk under 3000 bytes is never sent on its own (spec §5): it waits and goes
 * out joined to the next one, so the stream stays one playable file. Nothing is queued while the
 * socket is closed (stale audio is worthless), and a stream the socket dropped in the middle is
 * over: what follows would lack the container's header, so the caller starts a new one.
 */
export interface LiveVoiceStream {
  /** Sends one chunk (or holds a small one); false when the socket is not open or the stream broke. */
  push(chunk: Blob | ArrayBuffer): Promise<boolean>;
  /** Sends what is held (if big enough) and `chunk_end`; the stream is then over. */
  end(): Promise<void>;
  /** Chunks sent so far. */
  readonly sent: number;
  /** The socket closed after the stream began: nothing more is sent. */
  readonly interrupted: boolean;
  /** Stops listening to the socket. */
  dispose(): void;
}

export interface LiveVoiceOptions {
  from: number;
  receiverId: number | null;
  mimeType: string;
  userObjects?: SocketUserObject[];
  /** Parley extension: the room to stream into (else the joined room or receiverId's). */
  roomName?: string;
  minChunkBytes?: number;
  /** The socket dropped the stream (called once). */
  onInterrupted?: () => void;
}

type LiveSocket = Pick<ChatSocket, 'send' | 'sendBinary' | 'on' | 'state'>;

export function createLiveVoiceStream(
  socket: LiveSocket,
  options: LiveVoiceOptions,
): LiveVoiceStream {
  const min = options.minChunkBytes ?? LIMITS.minVoiceChunkBytes;
  let initialised = false;
  let interrupted = false;
  let ended = false;
  let sent = 0;
  /** Small chunks waiting to be joined to the next one. */
  let held: ArrayBuffer[] = [];
  let heldBytes = 0;
  /** Pushes run one after another: a Blob's bytes arrive asynchronously, order must not change. */
  let chain: Promise<unknown> = Promise.resolve();

  const off = socket.on('status', (status) => {
    if (status === 'open' || !initialised || interrupted || ended) return;
    interrupted = true;
    options.onInterrupted?.();
  });

  function init(): boolean {
    if (initialised) return true;
    const frame: ChunkInitFrame = {
      type: 'chunk_init',
      from: options.from,
      mime_type: options.mimeType,
      receiver_id: options.receiverId,
      ...(options.userObjects ? { user_objects: options.userObjects } : {}),
      ...(options.roomName ? { room_name: options.roomName } : {}),
    };
    if (socket.send(frame) !== 'sent') return false;
    initialised = true;
    return true;
  }

  function sendHeld(): boolean {
    const joined = new Uint8Array(heldBytes);
    let at = 0;
    for (const part of held) {
      joined.set(new Uint8Array(part), at);
      at += part.byteLength;
    }
    held = [];
    heldBytes = 0;
    if (!socket.sendBinary(joined.buffer)) return false;
    sent++;
    return true;
  }

  async function pushNow(chunk: Blob | ArrayBuffer): Promise<boolean> {
    if (interrupted || ended || socket.state.status !== 'open') return false;
    const bytes = chunk instanceof ArrayBuffer ? chunk : await chunk.arrayBuffer();
    if (bytes.byteLength === 0) return false;
    held.push(bytes);
    heldBytes += bytes.byteLength;
    if (heldBytes < min) return false;
    if (interrupted || socket.state.status !== 'open' || !init()) return false;
    return sendHeld();
  }

  return {
    get sent() {
      return sent;
    },
    get interrupted() {
      return interrupted;
    },
    push(chunk) {
      const result = chain.then(() => pushNow(chunk));
      chain = result.catch(() => false);
      return result;
    },
    async end() {
      await chain;
      if (ended) return;
      ended = true;
      off();
      if (interrupted || socket.state.status !== 'open') return;
      if (heldBytes >= min && init()) sendHeld();
      if (initialised) socket.send({ type: 'chunk_end' } satisfies ChunkEndFrame);
    },
    dispose() {
      ended = true;
      off();
    },
  };
}

/** An incoming `voice_chunk` read leniently: who it is from and what can be played. */
export interface VoiceChunk {
  from: number;
  /** Synthesized speech in the reader's language, once the server has it. */
  synthAudioUrl: string | null;
  /** The raw audio as the server relayed it (a data: URL, base64 or a URL). */
  originalBlob: string | null;
  /** Parley extensions, null from a spec-only backend. */
  roomName: string | null;
  seq: number | null;
  mimeType: string | null;
  /** The speaker's language (ISO 639-1). */
  language: string | null;
}

export function readVoiceChunk(
  frame: VoiceChunkFrame | Record<string, unknown>,
): VoiceChunk | null {
  const raw = frame as Record<string, unknown>;
  const from = typeof raw.from === 'number' ? raw.from : Number(raw.from);
  if (!Number.isSafeInteger(from) || from <= 0) return null;
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  const synth = text(raw.synth_audio_url);
  const original = text(raw.original_blob);
  if (!synth && !original) return null;
  return {
    from,
    synthAudioUrl: synth,
    originalBlob: original,
    roomName: text(raw.room_name),
    seq: Number.isSafeInteger(raw.seq) && (raw.seq as number) >= 0 ? (raw.seq as number) : null,
    mimeType: text(raw.mime_type),
    language: text(raw.language),
  };
}
