import { TIMINGS } from '../constants';
import type { Emitter } from '../emitter';
import type { Logger } from '../logger';
import type { MediaApi } from '../media/media-api';
import type { CurrentUser } from '../protocol/accounts';
import type { ChatFileType, ChatMessageSendFrame, MessageQuote } from '../protocol/chat';
import type { MessageMention } from '../protocol/linkPreviews';
import type { ClientFrame } from '../protocol/socket';
import type { SocketUserObject } from '../protocol/user-objects';
import { canonicalRoomName, parseRoomName } from '../rooms';
import type { ChatSocket } from '../socket/chat-socket';
import type { RoomMessage, RoomState } from './chat-state';
import { editMessages } from './room-messages';

export interface SendMessageInput {
  roomName: string;
  text: string;
  /** An attachment already uploaded (spec §4 file attach: upload, then send). */
  file?: { url: string; type: ChatFileType; name: string };
  /** A voice note already uploaded, with its transcript. */
  audio?: { url: string; transcript?: string | null; name?: string | null };
  /** Reuse an id (e.g. from a persisted outbox); default crypto.randomUUID(). */
  clientId?: string;
  /** The message this one replies to (message actions): shown as its quote at once. */
  replyTo?: MessageQuote;
  /** Group members the text names with @username (Parley extension, issue 25). */
  mentions?: MessageMention[];
  /** `false`: the sender removed the link's card before sending (Parley extension). */
  linkPreview?: false;
}

export interface SendVoiceNoteInput {
  roomName: string;
  /** The recording (RecorderController.take().blob). */
  audio: Blob;
  /** An object URL of the recording, shown in the placeholder's player. */
  localUrl?: string | null;
  clientId?: string;
}

/** Shown when a voice upload fails (spec §8), as a toast. */
export const VOICE_UPLOAD_FAILED = 'Something went wrong while uploading voice.';

/** What the outbox tells the store's listeners (part of ChatStoreEvents). */
export interface OutboxEvents {
  /** A voice note's upload failed: toast VOICE_UPLOAD_FAILED; the message stays, retryable. */
  voiceUploadFailed: { clientId: string; error: unknown };
  /** The upload answered voice_limit_reached: open 'Upgrade for Full Access' (spec §8). */
  voiceLimitReached: { clientId: string; detail: string | null };
}

export interface OutboxOptions {
  socket: ChatSocket;
  getUser(): CurrentUser | null;
  logger: Logger;
  media?: MediaApi;
  events: Pick<Emitter<OutboxEvents>, 'emit'>;
  /** The room's state, created when missing. */
  room(roomName: string): RoomState;
  /** My own message with that client_id, in any room. */
  findOwn(clientId: string): RoomMessage | undefined;
  /**
   * My own message with `fields` (and without its error unless they give one), stored as a new
   * object (issue 24: stored messages are never changed in place, see room-messages.ts); returns it.
   */
  changeOwn(clientId: string, fields: Partial<RoomMessage>): RoomMessage | undefined;
  userObjectsFor(roomName: string): SocketUserObject[];
}

/**
 * My messages on their way out: the optimistic message in the list at once ('sending'), the frame
 * on the socket, the give-up timer until the echo settles it, retry, and the voice note's upload
 * before its frame.
 */
export interface Outbox {
  /** Adds the optimistic message and sends it; returns its client_id. */
  send(input: SendMessageInput): string;
  /** Adds the voice note's placeholder, uploads, then sends; returns its client_id. */
  sendVoiceNote(input: SendVoiceNoteInput): string;
  retry(clientId: string): boolean;
  /** The echo (or history) arrived: the message is out, its timer goes. */
  settle(clientId: string): void;
  /** The server refused the message, or it could not go out: failed, retryable. */
  fail(clientId: string, code: string, detail: string): void;
  /** Forgets timers and recordings not uploaded (sign-out). */
  clear(): void;
  /** Stops the give-up timers. */
  stopTimers(): void;
  /**
   * The socket closed: frames written to it and not yet echoed may have died with it (an instance
   * stopping or killed behind a balancer). They go back into the send queue, oldest first, ahead
   * of anything sent from now on, and go out again on the next socket; the server stores a
   * client_id once and echoes the stored copy (docs/deploying.md).
   */
  socketClosed(): void;
  /** The socket wrote a frame it had queued: a chat message now awaits its echo (above). */
  wrote(frame: ClientFrame): void;
}

export function createOutbox(options: OutboxOptions): Outbox {
  const { socket, getUser, logger, media, events, room, findOwn, changeOwn, userObjectsFor } =
    options;
  /** Messages awaiting their echo: client_id → the give-up timer. */
  const sendTimers = new Map<string, ReturnType<typeof setTimeout>>();
  /** Messages whose sender removed the link's card: a retry sends without it too. */
  const withoutPreview = new Set<string>();
  /** Recordings of voice notes not uploaded yet (placeholder or failed upload): client_id → blob. */
  const pendingAudio = new Map<string, Blob>();
  /** Frames written to the open socket and awaiting their echo, in send order: client_id → room. */
  const written = new Map<string, string>();

  function settle(clientId: string): void {
    written.delete(clientId);
    const timer = sendTimers.get(clientId);
    if (timer !== undefined) clearTimeout(timer);
    sendTimers.delete(clientId);
  }

  function fail(clientId: string, code: string, detail: string): void {
    settle(clientId);
    if (findOwn(clientId)?.status !== 'sending') return;
    changeOwn(clientId, { status: 'failed', error: { code, detail } });
    // Failed means "not going out unless retried": a frame still queued is withdrawn.
    socket.unqueue((frame) => frame.type === 'chat_message' && frame.client_id === clientId);
  }

  /** The optimistic message of mine: 'sending', text-only unless `fields` say otherwise. */
  function optimistic(
    user: CurrentUser,
    roomName: string,
    clientId: string,
    fields: Partial<RoomMessage>,
  ): RoomMessage {
    return {
      id: null,
      client_id: clientId,
      room_name: canonicalRoomName(roomName),
      sender_id: user.id,
      sender_username: user.username,
      sender_profile_image: user.profile_image,
      message: '',
      original_message: '',
      original_language: null,
      file_type: 'text',
      file_url: null,
      file_name: null,
      audio_url: null,
      transcript: null,
      timestamp: new Date().toISOString(),
      status: 'sending',
      type: 'sent',
      ...fields,
    };
  }

  /** Adds `message` to its room and returns the stored entry. */
  function add(message: RoomMessage): RoomMessage {
    editMessages(room(message.room_name), (list) => {
      list.push(message);
    });
    return message;
  }

  function failUpload(clientId: string, code: string, detail: string): void {
    changeOwn(clientId, { uploading: false, status: 'failed', error: { code, detail } });
  }

  async function uploadVoice(clientId: string): Promise<void> {
    const message = findOwn(clientId);
    const audio = pendingAudio.get(clientId);
    if (!message || !audio) return;
    if (!media) {
      failUpload(clientId, 'upload_failed', VOICE_UPLOAD_FAILED);
      events.emit('voiceUploadFailed', { clientId, error: new Error('No media api') });
      return;
    }
    changeOwn(clientId, { uploading: true, status: 'sending' });
    let result: Awaited<ReturnType<MediaApi['uploadVoice']>>;
    try {
      result = await media.uploadVoice({
        audio,
        senderId: message.sender_id,
        receiverId: receiverOf(message.room_name, message.sender_id),
        roomName: message.room_name,
      });
    } catch (error) {
      const current = findOwn(clientId);
      if (!current) return;
      logger.warn('[parley] voice upload failed', error);
      failUpload(clientId, 'upload_failed', VOICE_UPLOAD_FAILED);
      events.emit('voiceUploadFailed', { clientId, error });
      return;
    }
    const current = findOwn(clientId);
    if (!current) return;
    if (result.kind === 'voice_limit_reached') {
      failUpload(clientId, 'voice_limit_reached', result.detail ?? 'voice_limit_reached');
      events.emit('voiceLimitReached', { clientId, detail: result.detail });
      return;
    }
    pendingAudio.delete(clientId);
    const uploaded = changeOwn(clientId, {
      uploading: false,
      audio_url: result.audio_url,
      file_name: result.file_name,
      transcript: result.transcript,
      ...(result.transcript_status ? { transcript_status: result.transcript_status } : {}),
      file_type: 'audio',
    });
    if (uploaded) transmit(uploaded, uploaded.room_name);
  }

  function transmit(message: RoomMessage, roomName: string): void {
    const clientId = message.client_id as string;
    // Spec §7 fields first; client_id and room_name are Parley's (optional) extensions.
    const frame: ChatMessageSendFrame = {
      type: 'chat_message',
      message: message.message,
      sender_id: message.sender_id,
      receiver_id: receiverOf(roomName, message.sender_id),
      user_objects: userObjectsFor(roomName),
      file_type: message.file_type,
      client_id: clientId,
      room_name: roomName,
    };
    if (message.file_url) frame.file_url = message.file_url;
    if (message.file_name) frame.file_name = message.file_name;
    if (message.audio_url) {
      frame.audio_url = message.audio_url;
      // A spec-only backend knows file_url only: the voice note's audio goes there too.
      if (!message.file_url) frame.file_url = message.audio_url;
      frame.file_type = 'audio';
    }
    if (message.transcript) frame.transcript = message.transcript;
    if (message.reply_to) frame.reply_to = message.reply_to.id;
    // Extensions a spec-only backend ignores (issue 25): mentions and a removed link card.
    if (message.mentions?.length) frame.mentions = message.mentions.map((m) => m.user_id);
    if (withoutPreview.has(clientId)) frame.link_preview = false;
    settle(clientId);
    // Every caller stored the message as 'sending' just before (a resend after a closed socket
    // only takes messages still 'sending'), so fail() takes it.
    const result = socket.send(frame);
    if (result === 'dropped') {
      fail(clientId, 'queue_full', 'Too many messages are waiting for the connection.');
      return;
    }
    if (result === 'sent') written.set(clientId, roomName);
    sendTimers.set(
      clientId,
      setTimeout(() => {
        fail(clientId, 'timeout', 'The message could not be sent.');
      }, TIMINGS.sendTimeoutMs),
    );
  }

  function stopTimers(): void {
    for (const timer of sendTimers.values()) clearTimeout(timer);
    sendTimers.clear();
  }

  return {
    send(input) {
      const user = getUser();
      if (!user) throw new Error('Sign in before sending messages');
      const clientId = input.clientId ?? newClientId();
      const existing = room(input.roomName).messages.find(
        (m) => m.client_id === clientId && m.sender_id === user.id,
      );
      // The echo (or history) arrived first: the message is stored, nothing to add or send.
      if (existing) return clientId;
      const message = add(
        optimistic(user, input.roomName, clientId, {
          message: input.text,
          original_message: input.text,
          file_type: input.file?.type ?? (input.audio ? 'audio' : 'text'),
          file_url: input.file?.url ?? null,
          file_name: input.file?.name ?? input.audio?.name ?? null,
          audio_url: input.audio?.url ?? null,
          transcript: input.audio?.transcript ?? null,
          ...(input.replyTo ? { reply_to: { ...input.replyTo } } : {}),
          ...(input.mentions?.length ? { mentions: input.mentions } : {}),
        }),
      );
      if (input.linkPreview === false) withoutPreview.add(clientId);
      transmit(message, input.roomName);
      return clientId;
    },

    sendVoiceNote(input) {
      const user = getUser();
      if (!user) throw new Error('Sign in before sending voice notes');
      const clientId = input.clientId ?? newClientId();
      add(
        optimistic(user, input.roomName, clientId, {
          file_type: 'audio',
          uploading: true,
          local_audio_url: input.localUrl ?? null,
        }),
      );
      pendingAudio.set(clientId, input.audio);
      void uploadVoice(clientId);
      return clientId;
    },

    retry(clientId) {
      const message = findOwn(clientId);
      if (message?.status !== 'failed') return false;
      if (!message.audio_url && pendingAudio.has(clientId)) {
        void uploadVoice(clientId);
        return true;
      }
      const resent = changeOwn(clientId, { status: 'sending' });
      if (resent) transmit(resent, resent.room_name);
      return true;
    },

    settle,
    fail,

    wrote(frame) {
      if (frame.type !== 'chat_message' || !frame.client_id || !sendTimers.has(frame.client_id)) {
        return;
      }
      written.set(frame.client_id, frame.room_name ?? '');
    },

    socketClosed() {
      const lost = [...written];
      written.clear();
      for (const [clientId, roomName] of lost) {
        const message = findOwn(clientId);
        if (message?.status === 'sending') transmit(message, roomName);
      }
    },

    clear() {
      stopTimers();
      pendingAudio.clear();
      withoutPreview.clear();
      written.clear();
    },

    stopTimers,
  };
}

/** The other person of a private room, who a message of `senderId` goes to; null in a group. */
function receiverOf(roomName: string, senderId: number): number | null {
  const parsed = parseRoomName(roomName);
  if (parsed?.kind !== 'private') return null;
  return parsed.userIds[0] === senderId ? (parsed.userIds[1] ?? null) : (parsed.userIds[0] ?? null);
}

/** crypto.randomUUID when available (secure contexts, Node ≥ 19), else a random string. */
function newClientId(): string {
  const uuid = globalThis.crypto?.randomUUID?.();
  if (uuid) return uuid;
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
}
