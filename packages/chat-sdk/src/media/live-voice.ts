import { LIMITS } from '../constants';
import type { ChunkInitFrame, SocketUserObject, VoiceChunkFrame } from '../protocol/socket';
import type { ChatSocket } from '../socket/chat-socket';

/**
 * Live voice (spec §7): `chunk_init {from, mime_type, receiver_id, user_objects}` once, then the raw
 * binary chunks. Chunks under 3000 bytes are never sent (spec §5); nothing is queued while the
 * socket is closed (stale audio is worthless), and a reconnect starts with a fresh `chunk_init`.
 */
export interface LiveVoiceStream {
  /** Sends one chunk; false when it was too small or the socket is not open. */
  push(chunk: Blob | ArrayBuffer): Promise<boolean>;
  /** Chunks sent so far. */
  readonly sent: number;
}

export interface LiveVoiceOptions {
  from: number;
  receiverId: number;
  mimeType: string;
  userObjects?: SocketUserObject[];
  minChunkBytes?: number;
}

type LiveSocket = Pick<ChatSocket, 'send' | 'sendBinary' | 'on' | 'state'>;

export function createLiveVoiceStream(
  socket: LiveSocket,
  options: LiveVoiceOptions,
): LiveVoiceStream {
  const min = options.minChunkBytes ?? LIMITS.minVoiceChunkBytes;
  let initialised = false;
  let sent = 0;
  // After a reconnect the server has forgotten the stream: announce it again.
  socket.on('status', (status) => {
    if (status !== 'open') initialised = false;
  });
  return {
    get sent() {
      return sent;
    },
    async push(chunk) {
      const size = chunk instanceof ArrayBuffer ? chunk.byteLength : chunk.size;
      if (size < min) return false;
      if (socket.state.status !== 'open') return false;
      if (!initialised) {
        const frame: ChunkInitFrame = {
          type: 'chunk_init',
          from: options.from,
          mime_type: options.mimeType,
          receiver_id: options.receiverId,
          ...(options.userObjects ? { user_objects: options.userObjects } : {}),
        };
        if (socket.send(frame) !== 'sent') return false;
        initialised = true;
      }
      const bytes = chunk instanceof ArrayBuffer ? chunk : await chunk.arrayBuffer();
      const ok = socket.sendBinary(bytes);
      if (ok) sent++;
      return ok;
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
}

export function readVoiceChunk(
  frame: VoiceChunkFrame | Record<string, unknown>,
): VoiceChunk | null {
  const raw = frame as Record<string, unknown>;
  const from = typeof raw.from === 'number' ? raw.from : Number(raw.from);
  if (!Number.isSafeInteger(from) || from <= 0) return null;
  const synth =
    typeof raw.synth_audio_url === 'string' && raw.synth_audio_url !== ''
      ? raw.synth_audio_url
      : null;
  const original =
    typeof raw.original_blob === 'string' && raw.original_blob !== '' ? raw.original_blob : null;
  if (!synth && !original) return null;
  return { from, synthAudioUrl: synth, originalBlob: original };
}
