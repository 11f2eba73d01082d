import { subscribeKey } from 'valtio/vanilla/utils';
import type { ChatStore, IncomingMessage } from '../chat/chat-store';
import { TIMINGS } from '../constants';
import { languageCodeForName } from '../languages';
import type { Logger } from '../logger';
import type { CurrentUser } from '../protocol/accounts';
import { MEDIA_LIMITS } from '../protocol/media';
import { canonicalRoomName, parseRoomName } from '../rooms';
import type { ChatSocket } from '../socket/chat-socket';
import { createLivePlayback, decodeChunk, type LivePlayback } from './live-playback';
import { readVoiceChunk } from './live-voice';

/**
 * Voice output (spec §2, §3 `voice_output_enabled`): incoming messages of the open room are
 * spoken one after another, never overlapping — a voice note by its synthesized audio in the
 * reader's language (else its original audio), a text message by speech the server synthesizes
 * (when it offers it). Messages of other rooms play the notification sound, unless the reader
 * muted sounds (`mute_sounds`).
 */

/** The part of an HTMLAudioElement the queue uses. */
export interface AudioLike {
  play(): Promise<void> | void;
  pause(): void;
  onended: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export interface VoiceOutputOptions {
  chat: Pick<ChatStore, 'on' | 'state'>;
  getUser(): Pick<CurrentUser, 'voice_output_enabled' | 'mute_sounds' | 'language'> | null;
  /** Default `new Audio(url)`. */
  createAudio?: (url: string) => AudioLike;
  /**
   * The URL of synthesized speech of a text message for this reader, or null when the server
   * offers none (no synthesis for the language, or a spec-only backend).
   */
  speechUrl?: (incoming: IncomingMessage) => string | null | Promise<string | null>;
  /** The short notification sound; omit for none. */
  notificationUrl?: string | null;
  logger?: Logger;
  /** Give up on a clip that neither ends nor fails after this long (default 60 s). */
  maxClipMs?: number;
  /**
   * With the socket, live talk in the open room is heard too: as it is spoken
   * (`voice_chunk {original_blob}`) by a reader of the speaker's language, or when no language
   * is given (a spec-only backend); by others as the translated rendition
   * (`voice_chunk {synth_audio_url}`) once the speaker stops. Each reader hears a talk once.
   */
  socket?: Pick<ChatSocket, 'on'>;
  /** How a live talk is played (default: MediaSource where it can, else the joined clip). */
  livePlayback?: (mimeType: string) => LivePlayback | null;
}

export interface VoiceOutput {
  /** Clips waiting (not counting the one playing). */
  readonly queued: number;
  readonly playing: boolean;
  /** Stops what plays and forgets the queue (e.g. the room changed). */
  clear(): void;
  dispose(): void;
}

/** The clip to speak a voice note with: the reader's synthesized audio, else the original. */
export function voiceNoteClip(message: IncomingMessage['message']): string | null {
  const m = message as IncomingMessage['message'] & {
    synth_audio_url?: string | null;
    synth_audio_url_mp4?: string | null;
  };
  if (m.file_type !== 'audio' && !m.audio_url) return null;
  return m.synth_audio_url || m.audio_url || m.file_url || null;
}

function defaultCreateAudio(url: string): AudioLike {
  const AudioCtor = (globalThis as { Audio?: new (src: string) => AudioLike }).Audio;
  if (!AudioCtor) throw new Error('No Audio in this runtime');
  return new AudioCtor(url);
}

export function createVoiceOutput(options: VoiceOutputOptions): VoiceOutput {
  const createAudio = options.createAudio ?? defaultCreateAudio;
  const maxClipMs = options.maxClipMs ?? 60_000;
  /** Clips in arrival order; a text message's speech URL may still be resolving. */
  /** A clip waiting or playing: its URL may still be resolving; `done` runs once it is over. */
  interface Clip {
    url: Promise<string | null>;
    maxMs: number;
    done?: () => void;
  }
  const queue: Clip[] = [];
  let current: AudioLike | null = null;
  let currentClip: Clip | null = null;
  let running = false;
  let generation = 0;

  function playOne(url: string, maxMs: number): Promise<void> {
    return new Promise<void>((resolve) => {
      let audio: AudioLike;
      try {
        audio = createAudio(url);
      } catch (error) {
        options.logger?.warn('[parley] voice output could not create audio', error);
        resolve();
        return;
      }
      current = audio;
      const done = () => {
        clearTimeout(timer);
        audio.onended = null;
        audio.onerror = null;
        if (current === audio) current = null;
        resolve();
      };
      // A clip that neither ends nor fails is stopped, so the next one never plays over it.
      const timer = setTimeout(() => {
        audio.pause();
        done();
      }, maxMs);
      audio.onended = done;
      audio.onerror = done;
      try {
        const played = audio.play();
        // Autoplay refused (no gesture yet) or undecodable: skip to the next clip.
        if (played && typeof played.then === 'function') played.then(undefined, done);
      } catch {
        done();
      }
    });
  }

  function finishClip(clip: Clip): void {
    if (currentClip === clip) currentClip = null;
    const done = clip.done;
    clip.done = undefined;
    done?.();
  }

  async function drain(): Promise<void> {
    if (running) return;
    running = true;
    const mine = generation;
    try {
      while (queue.length > 0 && mine === generation) {
        const clip = queue.shift() as Clip;
        currentClip = clip;
        const url = await clip.url.catch(() => null);
        if (mine !== generation) return;
        if (url) await playOne(url, clip.maxMs);
        finishClip(clip);
      }
    } finally {
      if (mine === generation) running = false;
    }
  }

  function enqueue(
    clip: string | null | Promise<string | null>,
    extra: { maxMs?: number; done?: () => void } = {},
  ): void {
    queue.push({ url: Promise.resolve(clip), maxMs: extra.maxMs ?? maxClipMs, done: extra.done });
    void drain();
  }

  const off = options.chat.on('incoming', (incoming) => {
    const user = options.getUser();
    if (!user) return;
    const open = options.chat.state.currentRoom === incoming.roomName;
    if (open && user.voice_output_enabled !== false) {
      const clip = voiceNoteClip(incoming.message);
      if (clip) {
        enqueue(clip);
        return;
      }
      if (incoming.message.message.trim() !== '' && options.speechUrl) {
        let speech: string | null | Promise<string | null>;
        try {
          speech = options.speechUrl(incoming);
        } catch {
          speech = null;
        }
        enqueue(speech);
        return;
      }
    }
    if (!user.mute_sounds && options.notificationUrl) enqueue(options.notificationUrl);
  });

  /** A voice_chunk belongs to the open room: by its room_name, else its sender's private room. */
  function inOpenRoom(roomName: unknown, from: number): boolean {
    const current = options.chat.state.currentRoom;
    if (current === null) return false;
    if (typeof roomName === 'string' && roomName !== '')
      return canonicalRoomName(roomName) === current;
    const parsed = parseRoomName(current);
    return parsed?.kind === 'private' && parsed.userIds.includes(from);
  }

  /** Live talks being heard: speaker id → playback and its quiet timer. */
  const talks = new Map<
    number,
    { playback: LivePlayback; seq: number | null; timer?: ReturnType<typeof setTimeout> }
  >();
  const livePlayback = options.livePlayback ?? createLivePlayback;

  function endTalk(from: number): void {
    const talk = talks.get(from);
    if (!talk) return;
    clearTimeout(talk.timer);
    talks.delete(from);
    talk.playback.end();
  }

  function hearLive(
    chunk: NonNullable<ReturnType<typeof readVoiceChunk>>,
    language: string | undefined,
  ): void {
    const bytes = chunk.originalBlob ? decodeChunk(chunk.originalBlob) : null;
    if (!bytes) return;
    // Read in another language: the translated rendition comes when the talk ends.
    if (chunk.language && language && chunk.language !== language) return;
    let talk = talks.get(chunk.from);
    const first = chunk.seq === null ? !talk : chunk.seq === 0;
    if (first) {
      if (talk) endTalk(chunk.from);
      const playback = livePlayback(chunk.mimeType ?? 'audio/webm');
      if (!playback) return;
      talk = { playback, seq: chunk.seq };
      talks.set(chunk.from, talk);
      // A talk may last as long as a voice note may; its player goes once it has been heard.
      enqueue(playback.url, {
        maxMs: MEDIA_LIMITS.voiceMaxSeconds * 1000 + TIMINGS.liveQuietMs,
        done: () => playback.dispose(),
      });
    } else if (!talk || (chunk.seq !== null && talk.seq !== null && chunk.seq !== talk.seq + 1)) {
      // Joined in the middle of a talk (no header) or a chunk went missing: not playable.
      endTalk(chunk.from);
      return;
    }
    clearTimeout(talk.timer);
    talk.seq = chunk.seq;
    talk.playback.append(bytes);
    const from = chunk.from;
    talk.timer = setTimeout(() => endTalk(from), TIMINGS.liveQuietMs);
  }

  const offSocket = options.socket?.on('frame', (frame) => {
    if (frame.type === 'recording_indicator' && frame.is_recording === false) {
      endTalk(frame.sender_id);
      return;
    }
    if (frame.type !== 'voice_chunk') return;
    const chunk = readVoiceChunk(frame);
    const user = options.getUser();
    if (!chunk || !user || user.voice_output_enabled === false) return;
    if (!inOpenRoom(chunk.roomName, chunk.from)) return;
    if (chunk.synthAudioUrl) enqueue(chunk.synthAudioUrl);
    else hearLive(chunk, languageCodeForName(user.language ?? ''));
  });

  // Another room opened (or none): what the last room was saying stops, and its queue goes.
  let lastRoom = options.chat.state.currentRoom;
  const offRoom = subscribeKey(options.chat.state, 'currentRoom', (room) => {
    if (room === lastRoom) return;
    lastRoom = room;
    output.clear();
  });

  const output: VoiceOutput = {
    get queued() {
      return queue.length;
    },
    get playing() {
      return current !== null;
    },
    clear() {
      for (const from of [...talks.keys()]) endTalk(from);
      for (const clip of queue) finishClip(clip);
      if (currentClip) finishClip(currentClip);
      generation++;
      running = false;
      queue.length = 0;
      const audio = current;
      current = null;
      if (audio) {
        audio.onended = null;
        audio.onerror = null;
        audio.pause();
      }
    },
    dispose() {
      this.clear();
      off();
      offSocket?.();
      offRoom();
    },
  };
  return output;
}
