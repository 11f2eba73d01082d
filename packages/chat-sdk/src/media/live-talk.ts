import { proxy } from 'valtio/vanilla';
import { subscribeKey } from 'valtio/vanilla/utils';
import type { ChatStore } from '../chat/chat-store';
import { MEDIA_LIMITS } from '../protocol/media';
import type { SocketUserObject } from '../protocol/user-objects';
import type { ChatSocket } from '../socket/chat-socket';
import { createLiveVoiceStream, type LiveVoiceStream } from './live-voice';
import {
  createRecorder,
  type RecorderController,
  type RecorderEnvironment,
  type RecorderErrorCode,
} from './recorder';

/**
 * Live talk (Parley's use of spec §7 `chunk_init` + binary chunks): the microphone streams to the
 * room as it is spoken, one chunk a second, and the room's members who have it open hear it at
 * once — in the original when they read the speaker's language, else the server's translated
 * rendition when the speaker stops. Unlike a voice note nothing is kept: no preview, no message.
 * A voice note is never streamed, so deleting one in its preview means nobody heard it.
 */
export type LiveTalkStatus = 'idle' | 'starting' | 'live' | 'ending';

/** The recorder's reasons, 'offline' (socket not open) and 'interrupted' (it dropped mid-talk). */
export type LiveTalkError = RecorderErrorCode | 'offline' | 'interrupted';

export interface LiveTalkState {
  status: LiveTalkStatus;
  /** The room being talked into. */
  roomName: string | null;
  /** Time talked so far (ticks while live). */
  elapsedMs: number;
  /** Chunks that reached the socket. */
  sent: number;
  error: LiveTalkError | null;
}

export interface LiveTalkTarget {
  roomName: string;
  /** The other person of a private room (spec's `receiver_id`); null in a group. */
  receiverId: number | null;
  userObjects?: SocketUserObject[];
}

export interface LiveTalkOptions extends RecorderEnvironment {
  socket: Pick<ChatSocket, 'send' | 'sendBinary' | 'on' | 'state'>;
  chat: Pick<ChatStore, 'setRecording'>;
  /** The signed-in person's id (`from`). */
  getUserId(): number | null;
  /** A talk stops by itself after this long (default MEDIA_LIMITS.voiceMaxSeconds). */
  maxMs?: number;
}

export interface LiveTalk {
  readonly state: LiveTalkState;
  /** Asks for the microphone and starts streaming; false (with `state.error`) when it cannot. */
  start(target: LiveTalkTarget): Promise<boolean>;
  /** Stops: the last audio goes out, then `chunk_end`. */
  stop(): Promise<void>;
  dispose(): void;
}

export function createLiveTalk(options: LiveTalkOptions): LiveTalk {
  const { socket, chat } = options;
  const maxMs = options.maxMs ?? MEDIA_LIMITS.voiceMaxSeconds * 1000;
  const state = proxy<LiveTalkState>({
    status: 'idle',
    roomName: null,
    elapsedMs: 0,
    sent: 0,
    error: null,
  });
  let recorder: RecorderController | null = null;
  let stream: LiveVoiceStream | null = null;
  let offs: (() => void)[] = [];
  let stopping: Promise<void> | null = null;
  /** The room was told `recording` true, so it must hear false. */
  let announced = false;

  function release(): void {
    for (const off of offs) off();
    offs = [];
    recorder?.dispose();
    recorder = null;
    stream?.dispose();
    stream = null;
    if (announced && state.roomName) chat.setRecording(state.roomName, false);
    announced = false;
  }

  function finish(error: LiveTalkError | null): void {
    release();
    state.status = 'idle';
    state.roomName = null;
    state.error = error;
    stopping = null;
  }

  const talk: LiveTalk = {
    state,

    async start(target) {
      if (state.status !== 'idle') return false;
      state.error = null;
      state.elapsedMs = 0;
      state.sent = 0;
      const from = options.getUserId();
      if (socket.state.status !== 'open' || from === null) {
        state.error = 'offline';
        return false;
      }
      state.status = 'starting';
      state.roomName = target.roomName;
      // Every chunk: the stream joins small ones so the relayed bytes stay one playable file.
      const rec = createRecorder({ ...options, purpose: 'note', minChunkBytes: 1 });
      recorder = rec;
      offs.push(
        subscribeKey(rec.state, 'elapsedMs', (ms) => {
          if (recorder !== rec) return;
          state.elapsedMs = ms;
          if (ms >= maxMs) void talk.stop();
        }),
        rec.on('chunk', ({ data, mimeType }) => {
          stream ??= createLiveVoiceStream(socket, {
            from,
            receiverId: target.receiverId,
            mimeType: mimeType || data.type || 'audio/webm',
            roomName: target.roomName,
            ...(target.userObjects ? { userObjects: target.userObjects } : {}),
            onInterrupted: () => {
              if (recorder === rec) finish('interrupted');
            },
          });
          const current = stream;
          void current.push(data).then((ok) => {
            if (ok && stream === current) state.sent = current.sent;
          });
        }),
      );
      const started = await rec.start();
      if (recorder !== rec) return false;
      if (!started) {
        const error = rec.state.error ?? 'failed';
        finish(error);
        return false;
      }
      // The spec's recording indicator; the room also sees the talk as live by its chunks.
      chat.setRecording(target.roomName, true);
      announced = true;
      state.status = 'live';
      return true;
    },

    stop() {
      if (stopping) return stopping;
      const rec = recorder;
      if (!rec || state.status === 'idle') return Promise.resolve();
      state.status = 'ending';
      stopping = (async () => {
        // MediaRecorder hands over its last data before it reports stopped.
        await rec.stop();
        await stream?.end();
        if (recorder === rec) finish(null);
      })();
      return stopping;
    },

    dispose() {
      finish(null);
    },
  };
  return talk;
}
