import { randomUUID } from 'node:crypto';
import {
  CALL_AUDIO_LIMITS,
  type CallSignalFrame,
  type LiveTranscriptServerFrame,
  languageCodeForName,
  privateRoomName,
} from '@parley/chat-sdk';
import type { CallRecord } from '../../calls/callRegistry.js';
import { pcmFromWav, wavFromPcm } from '../../calls/wavPcm.js';
import { textMessage } from '../../plugins/app/index.js';
import { translateSafely } from '../../translation/index.js';
import { chatFrame } from '../chatDelivery.js';
import type { ValidFrame } from '../clientFrames.js';
import { originalView } from '../messageTranslation.js';
import type { FrameContext, FrameHandler } from './context.js';

export const CALL_FRAME_MESSAGES = {
  notFrom: 'from must be your own user id.',
  notSelf: 'You cannot call yourself.',
  disabled: 'Calls are not enabled on this server.',
  notAllowed: 'You can only call people you share a conversation or a connection with.',
  rateLimited: 'Too many call frames; this one was dropped.',
  noCall: 'Captions need a connected call with this person.',
  badAudio: 'audio must be 16 kHz mono 16-bit WAV.',
} as const;

/** Checks what every call frame needs; the room of the pair, or null after refusing. */
async function callRoom(
  context: FrameContext,
  from: number,
  to: number,
): Promise<{ canonical: string } | null> {
  const me = context.user.id;
  const calls = context.services.calls;
  if (from !== me) {
    context.refuse('invalid_frame', CALL_FRAME_MESSAGES.notFrom);
    return null;
  }
  if (to === me) {
    context.refuse('invalid_frame', CALL_FRAME_MESSAGES.notSelf);
    return null;
  }
  if (!calls.settings.enabled) {
    context.refuse('calls_disabled', CALL_FRAME_MESSAGES.disabled);
    return null;
  }
  // Room access closes blocked pairs and unknown users; mayCall asks for a shared conversation.
  const room = await context.roomAccess(privateRoomName(me, to));
  if (!room || !(await calls.mayCall(me, to))) {
    context.refuse('not_a_member', CALL_FRAME_MESSAGES.notAllowed);
    return null;
  }
  return room;
}

/** `call_signal {from, to, call_type, signal}`: relayed to `to` only, with the caller's name. */
export const callSignal: FrameHandler<'call_signal'> = async (frame, context) => {
  const calls = context.services.calls;
  const me = context.user.id;
  const newCall = frame.signal.type === 'offer' && !frame.signal.restart;
  if (
    !(await calls.registry.allow(me, 'signal')) ||
    (newCall && !(await calls.registry.allow(me, 'offer')))
  ) {
    return context.refuse('rate_limited', CALL_FRAME_MESSAGES.rateLimited);
  }
  const room = await callRoom(context, frame.from, frame.to);
  if (!room) return;
  const sender = (await context.sender()) ?? context.user;
  const relayed: CallSignalFrame = {
    type: 'call_signal',
    from: me,
    to: frame.to,
    call_type: frame.callType,
    signal: frame.signal,
    // From the account, never from the frame: the prompt shows who really calls.
    user_objects: [{ id: me, username: sender.username, profile_image: sender.profileImage }],
  };
  context.services.fanout.publish({ recipients: [frame.to], room: room.canonical, frame: relayed });
  const record = await calls.registry.observe(room.canonical, me, frame.callType, frame.signal);
  if (record) await recordCall(context, room.canonical, [me, frame.to], record);
};

/** Writes the conversation's record of a call and shows it to both people. */
async function recordCall(
  context: FrameContext,
  room: string,
  memberIds: number[],
  record: CallRecord,
): Promise<void> {
  const caller = await context.services.users.sender(record.callerId);
  if (!caller) return;
  const { event } = record;
  const minutes = Math.floor((event.duration_seconds ?? 0) / 60);
  const seconds = String((event.duration_seconds ?? 0) % 60).padStart(2, '0');
  // Language-neutral text for clients that only know the spec's fields; Parley's ui reads
  // call_event and words it in the reader's language.
  const text = event.duration_seconds !== undefined ? `📞 ${minutes}:${seconds}` : '📞';
  const stored = await context.services.messages.store(
    caller,
    textMessage(room, `call:${randomUUID()}`, text, { callEvent: event }),
  );
  context.services.fanout.publish({
    recipients: memberIds,
    room,
    frame: chatFrame(originalView(stored.message)),
  });
}

/**
 * `live_transcript {from, transcript, user_objects}` from a client that transcribes itself:
 * relayed to the other person of the call in their language, and echoed to the speaker.
 */
export const liveTranscript: FrameHandler<'live_transcript'> = async (frame, context) => {
  const me = context.user.id;
  if (!(await context.services.calls.registry.allow(me, 'transcript'))) {
    return context.refuse('rate_limited', CALL_FRAME_MESSAGES.rateLimited);
  }
  const others = [...new Set(frame.userIds.filter((id) => id !== me))];
  const to = frame.to ?? (others.length === 1 ? (others[0] ?? null) : null);
  if (to === null) return context.refuse('invalid_frame', CALL_FRAME_MESSAGES.noCall);
  const room = await callRoom(context, frame.from, to);
  if (!room || frame.transcript.trim() === '') return;
  // Captions belong to a call in progress: nobody pushes text onto someone's screen otherwise.
  if (!(await context.services.calls.registry.connected(room.canonical))) {
    return context.refuse('no_call', CALL_FRAME_MESSAGES.noCall);
  }
  const speaker = await context.sender();
  const language = languageCodeForName(speaker?.language ?? '') ?? 'en';
  await shareCaption(context, room.canonical, to, frame.transcript, language);
};

/** Utterances being gathered, per socket and listener. */
const utterances = new WeakMap<FrameContext, Map<number, Buffer[]>>();
/** Transcriptions running per speaker: more than two waiting means the engine cannot keep up. */
const running = new Map<number, number>();
const MAX_RUNNING_PER_SPEAKER = 2;

/**
 * `call_audio` (Parley extension): the speaker's audio for captions. Chunks are gathered until
 * the speaker pauses (`final`) or CALL_AUDIO_LIMITS.maxUtteranceSeconds pass, then transcribed
 * by this server's engine and shared as `live_transcript` in each listener's language.
 */
export const callAudio: FrameHandler<'call_audio'> = async (frame, context) => {
  const me = context.user.id;
  const calls = context.services.calls;
  if (!(await calls.registry.allow(me, 'audio'))) {
    return context.refuse('rate_limited', CALL_FRAME_MESSAGES.rateLimited);
  }
  const room = await callRoom(context, frame.from, frame.to);
  if (!room) return;
  if (!(await calls.registry.connected(room.canonical))) {
    return context.refuse('no_call', CALL_FRAME_MESSAGES.noCall);
  }
  const pcm = pcmFromWav(frame.audio);
  if (!pcm || frame.audio.length > CALL_AUDIO_LIMITS.maxBytes) {
    return context.refuse('invalid_frame', CALL_FRAME_MESSAGES.badAudio);
  }
  let byListener = utterances.get(context);
  if (!byListener) {
    byListener = new Map();
    utterances.set(context, byListener);
  }
  const parts = byListener.get(frame.to) ?? [];
  parts.push(pcm);
  byListener.set(frame.to, parts);
  const bytes = parts.reduce((total, part) => total + part.length, 0);
  const full = bytes >= CALL_AUDIO_LIMITS.maxUtteranceSeconds * 16_000 * 2;
  if (!frame.final && !full) return;
  byListener.delete(frame.to);
  const speaker = await context.sender();
  const language = frame.language ?? languageCodeForName(speaker?.language ?? '') ?? 'en';
  const transcriber = calls.transcriber;
  if (!transcriber.languages().includes(language)) {
    // Honest: no engine here hears this language, so nobody gets invented text.
    const marker = captionFrame(me, speaker?.username ?? context.user.username, '');
    marker.original_language = language;
    marker.unavailable = true;
    context.services.fanout.publish({
      recipients: [me, frame.to],
      room: room.canonical,
      frame: marker,
    });
    return;
  }
  const count = running.get(me) ?? 0;
  if (count >= MAX_RUNNING_PER_SPEAKER) return;
  running.set(me, count + 1);
  // Not awaited: a slow engine must not hold back this socket's ICE candidates and messages.
  void transcriber
    .transcribe(wavFromPcm(Buffer.concat(parts)), language)
    .then((text) => {
      if (text.trim() !== '')
        return shareCaption(context, room.canonical, frame.to, text, language);
    })
    .catch((error: unknown) => context.log.warn({ err: error }, 'live caption failed'))
    .finally(() => {
      const left = (running.get(me) ?? 1) - 1;
      if (left <= 0) running.delete(me);
      else running.set(me, left);
    });
};

function captionFrame(
  from: number,
  username: string,
  transcript: string,
): LiveTranscriptServerFrame {
  return { type: 'live_transcript', from, transcript, user_objects: [{ id: from, username }] };
}

/** The caption to the speaker as said, and to the listener in the listener's language. */
async function shareCaption(
  context: FrameContext,
  room: string,
  listener: number,
  text: string,
  language: string,
): Promise<void> {
  const me = context.user.id;
  const username = (await context.sender())?.username ?? context.user.username;
  const own = captionFrame(me, username, text);
  own.original_transcript = text;
  own.original_language = language;
  context.services.fanout.publish({ recipients: [me], room, frame: own });
  const listenerLanguage =
    languageCodeForName((await context.services.users.languageOf(listener)) ?? '') ?? language;
  const translation = await translateSafely(
    context.services.translation.translator,
    text,
    language,
    listenerLanguage,
    { timeoutMs: context.services.translation.timeoutMs },
  );
  const theirs = captionFrame(me, username, translation.text);
  theirs.original_transcript = text;
  theirs.original_language = language;
  if (translation.failure) theirs.translation_failed = true;
  context.services.fanout.publish({ recipients: [listener], room, frame: theirs });
}

export type CallFrame = Extract<
  ValidFrame,
  { type: 'call_signal' | 'live_transcript' | 'call_audio' }
>;
