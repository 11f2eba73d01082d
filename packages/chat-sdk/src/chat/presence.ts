import { TIMINGS } from '../constants';
import type { CurrentUser } from '../protocol/accounts';
import type { RecordingIndicatorFrame, TypingIndicatorFrame } from '../protocol/chat';
import type { VoiceChunkFrame } from '../protocol/media';
import type { SocketUserObject } from '../protocol/user-objects';
import type { ChatSocket } from '../socket/chat-socket';
import type { ChatState } from './chat-state';
import { TypingSender } from './typing-sender';

export interface PresenceOptions {
  socket: ChatSocket;
  /** The store's state: presence owns its `typing`, `recording` and `live` maps. */
  state: ChatState;
  getUser(): CurrentUser | null;
  userObjectsFor(roomName: string): SocketUserObject[];
  /** The canonical room a frame is about (its `room_name`, else told from the sender). */
  roomOfFrame(roomName: string | undefined, senderId: number | null): string | null;
}

/**
 * Spec §3 transient state, both ways: my typing and recording out, and who else is typing,
 * recording or talking live (their `voice_chunk`s arriving) in, per room.
 */
export interface Presence {
  /** Call on every keystroke: typing true once, false after 2 s without a call. */
  setTyping(roomName: string): void;
  /** Typing false now (e.g. on send). */
  stopTyping(roomName: string): void;
  setRecording(roomName: string, isRecording: boolean): void;
  typingIndicator(frame: TypingIndicatorFrame): void;
  recordingIndicator(frame: RecordingIndicatorFrame): void;
  voiceChunk(frame: VoiceChunkFrame): void;
  /** Forgets everyone else's indicators (the socket closed, sign-out): none would hear its false. */
  forgetOthers(): void;
  /** Stops my typing timers and everyone's live timers. */
  stopTimers(): void;
}

export function createPresence(options: PresenceOptions): Presence {
  const { socket, state, getUser, userObjectsFor, roomOfFrame } = options;
  const me = () => getUser()?.id ?? null;
  const typing = new TypingSender(socket, getUser, userObjectsFor, TIMINGS.typingIdleMs);

  /** Typing or recording of someone else (roomName → userId → flag). */
  function indicate(
    map: Record<string, Record<number, boolean>>,
    senderId: number,
    roomName: string | undefined,
    flag: boolean,
  ): void {
    if (senderId === me()) return;
    const key = roomOfFrame(roomName, senderId);
    if (key === null) return;
    map[key] ??= {};
    map[key][senderId] = flag;
  }

  /** Someone's live talk: on while their chunks arrive (roomName:userId → the quiet timer). */
  const liveTimers = new Map<string, ReturnType<typeof setTimeout>>();
  function setLive(key: string, senderId: number, on: boolean): void {
    const id = `${key}:${senderId}`;
    clearTimeout(liveTimers.get(id));
    liveTimers.delete(id);
    if (on) {
      liveTimers.set(
        id,
        setTimeout(() => setLive(key, senderId, false), TIMINGS.liveQuietMs),
      );
      state.live[key] ??= {};
      if (state.live[key][senderId] !== true) state.live[key][senderId] = true;
    } else if (state.live[key]?.[senderId]) {
      delete state.live[key][senderId];
    }
  }

  function clearLive(): void {
    for (const timer of liveTimers.values()) clearTimeout(timer);
    liveTimers.clear();
    state.live = {};
  }

  return {
    setTyping: (roomName) => typing.start(roomName),
    stopTyping: (roomName) => typing.stop(roomName),

    setRecording(roomName, isRecording) {
      const user = getUser();
      if (!user) return;
      socket.send({
        type: 'recording',
        is_recording: isRecording,
        sender_id: user.id,
        username: user.username,
        room_name: roomName,
        user_objects: userObjectsFor(roomName),
      });
    },

    typingIndicator(frame) {
      indicate(state.typing, frame.sender_id, frame.room_name, frame.is_typing);
    },

    recordingIndicator(frame) {
      indicate(state.recording, frame.sender_id, frame.room_name, frame.is_recording);
      // Recording stopped: so did any live talk of theirs.
      const key = roomOfFrame(frame.room_name, frame.sender_id);
      if (frame.is_recording === false && key !== null) setLive(key, frame.sender_id, false);
    },

    voiceChunk(frame) {
      if (frame.from === me() || typeof frame.original_blob !== 'string') return;
      const key = roomOfFrame(frame.room_name, frame.from);
      if (key !== null) setLive(key, frame.from, true);
    },

    forgetOthers() {
      state.typing = {};
      state.recording = {};
      clearLive();
    },

    stopTimers() {
      typing.clear();
      clearLive();
    },
  };
}
