import { proxy } from 'valtio/vanilla';
import type { ChatApi } from '../chat-api';
import { TIMINGS } from '../constants';
import { Emitter } from '../emitter';
import type { Logger } from '../logger';
import type { MediaApi } from '../media/media-api';
import type { CurrentUser } from '../protocol/accounts';
import type { SubscriptionRequiredFrame, TierLimitWarningFrame } from '../protocol/billing';
import type { ChatFileType, ChatMessageSendFrame } from '../protocol/chat';
import type { ServerFrame } from '../protocol/socket';
import type { SocketUserObject } from '../protocol/user-objects';
import { canonicalRoomName, parseRoomName, privateRoomName } from '../rooms';
import type { ChatSocket } from '../socket/chat-socket';
import type { ChatState, RoomMessage, RoomState } from './chat-state';
import { readId, readList, readMessage } from './incoming';
import { mergeLatest, oldestId, prependOlder, upsertMessage } from './message-list';
import { TypingSender } from './typing-sender';

export interface SendMessageInput {
  roomName: string;
  text: string;
  /** An attachment already uploaded (spec §4 file attach: upload, then send). */
  file?: { url: string; type: ChatFileType; name: string };
  /** A voice note already uploaded, with its transcript. */
  audio?: { url: string; transcript?: string | null; name?: string | null };
  /** Reuse an id (e.g. from a persisted outbox); default crypto.randomUUID(). */
  clientId?: string;
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

export interface IncomingMessage {
  /** Canonical room name. */
  roomName: string;
  message: RoomMessage;
}

export interface ChatStoreEvents {
  /** A chat message from someone else was added: announce it (aria-live), count it unread. */
  incoming: IncomingMessage;
  /** Over a free-plan limit (spec §7): show the frame's title, message and action links. */
  tierLimit: TierLimitWarningFrame;
  /** A plan is needed (spec §7): open the 'Upgrade for Full Access' modal. */
  subscriptionRequired: SubscriptionRequiredFrame;
  /** A voice note's upload failed: toast VOICE_UPLOAD_FAILED; the message stays, retryable. */
  voiceUploadFailed: { clientId: string; error: unknown };
  /** The upload answered voice_limit_reached: open 'Upgrade for Full Access' (spec §8). */
  voiceLimitReached: { clientId: string; detail: string | null };
}

export interface ChatStore {
  /** A valtio proxy; read it with useSnapshot (React) or subscribe (valtio/vanilla). */
  state: ChatState;
  /** Makes `roomName` the current room (joined now and on every reconnect). */
  openRoom(roomName: string, options?: { groupUsers?: SocketUserObject[] }): void;
  leaveRoom(): void;
  /** Adds an optimistic message ('sending') and sends it; returns its client_id. */
  sendMessage(input: SendMessageInput): string;
  /**
   * Spec §4 voice message send: a pending placeholder in the list at once, then the upload, then
   * the chat_message with the audio and its transcript. A failed upload leaves a failed,
   * retryable message (retry uploads again). Returns the client_id.
   */
  sendVoiceNote(input: SendVoiceNoteInput): string;
  /** Resends a failed message with the same client_id (the server dedupes). False if none. */
  retry(clientId: string): boolean;
  /** Loads the page before the oldest loaded message (GET /chatmessage/history/). */
  loadOlder(roomName: string): Promise<void>;
  /** Call on every keystroke: typing true once, false after 2 s without a call. */
  setTyping(roomName: string): void;
  /** Typing false now (e.g. on send). */
  stopTyping(roomName: string): void;
  setRecording(roomName: string, isRecording: boolean): void;
  /** The member list incoming messages of that group room are checked against. */
  setGroupUsers(roomName: string, users: SocketUserObject[]): void;
  on<K extends keyof ChatStoreEvents>(
    event: K,
    listener: (payload: ChatStoreEvents[K]) => void,
  ): () => void;
  /** Forgets every room (sign-out). */
  reset(): void;
  dispose(): void;
}

export interface ChatStoreOptions {
  socket: ChatSocket;
  api: ChatApi;
  getUser(): CurrentUser | null;
  logger: Logger;
  /** Uploads for voice notes (sendVoiceNote). */
  media?: MediaApi;
}

export function createChatStore(options: ChatStoreOptions): ChatStore {
  const { socket, api, getUser, logger, media } = options;
  /** Recordings of voice notes not uploaded yet (placeholder or failed upload): client_id → blob. */
  const pendingAudio = new Map<string, Blob>();
  const state = proxy<ChatState>({
    rooms: {},
    currentRoom: null,
    typing: {},
    recording: {},
    live: {},
    groupUsers: { roomName: null, users: [] },
  });
  const events = new Emitter<ChatStoreEvents>((error) =>
    logger.error('[parley] a listener threw', error),
  );
  /** Messages awaiting their echo: client_id → the give-up timer. */
  const sendTimers = new Map<string, ReturnType<typeof setTimeout>>();
  const me = () => getUser()?.id ?? null;

  /**
   * Spec §7 `user_objects`: the people of a room as far as the client knows them — both people of
   * a private room, the member list of a group (setGroupUsers).
   */
  function userObjectsFor(roomName: string): SocketUserObject[] {
    const user = getUser();
    const parsed = parseRoomName(roomName);
    if (parsed?.kind === 'private') {
      return parsed.userIds.map((id) =>
        id === user?.id ? { id, username: user.username } : { id },
      );
    }
    const group = state.groupUsers;
    if (group.roomName === canonicalRoomName(roomName)) return group.users.map((u) => ({ ...u }));
    return user ? [{ id: user.id, username: user.username }] : [];
  }

  const typing = new TypingSender(socket, getUser, userObjectsFor, TIMINGS.typingIdleMs);

  function room(roomName: string): RoomState {
    const key = canonicalRoomName(roomName);
    state.rooms[key] ??= { messages: [], hasMore: false, loadingOlder: false };
    return state.rooms[key];
  }

  function findOwn(clientId: string): RoomMessage | undefined {
    const mine = me();
    for (const entry of Object.values(state.rooms)) {
      const found = entry.messages.find((m) => m.client_id === clientId && m.sender_id === mine);
      if (found) return found;
    }
    return undefined;
  }

  function settle(clientId: string): void {
    const timer = sendTimers.get(clientId);
    if (timer !== undefined) clearTimeout(timer);
    sendTimers.delete(clientId);
  }

  function fail(clientId: string, code: string, detail: string): void {
    settle(clientId);
    const message = findOwn(clientId);
    if (message?.status !== 'sending') return;
    message.status = 'failed';
    message.error = { code, detail };
    // Failed means "not going out unless retried": a frame still queued is withdrawn.
    socket.unqueue((frame) => frame.type === 'chat_message' && frame.client_id === clientId);
  }

  function receiverOf(roomName: string, senderId: number): number | null {
    const parsed = parseRoomName(roomName);
    if (parsed?.kind !== 'private') return null;
    return parsed.userIds[0] === senderId
      ? (parsed.userIds[1] ?? null)
      : (parsed.userIds[0] ?? null);
  }

  function failUpload(message: RoomMessage, code: string, detail: string): void {
    message.uploading = false;
    message.status = 'failed';
    message.error = { code, detail };
  }

  async function uploadVoice(clientId: string): Promise<void> {
    const message = findOwn(clientId);
    const audio = pendingAudio.get(clientId);
    if (!message || !audio) return;
    if (!media) {
      failUpload(message, 'upload_failed', VOICE_UPLOAD_FAILED);
      events.emit('voiceUploadFailed', { clientId, error: new Error('No media api') });
      return;
    }
    message.uploading = true;
    message.status = 'sending';
    delete message.error;
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
      failUpload(current, 'upload_failed', VOICE_UPLOAD_FAILED);
      events.emit('voiceUploadFailed', { clientId, error });
      return;
    }
    const current = findOwn(clientId);
    if (!current) return;
    if (result.kind === 'voice_limit_reached') {
      failUpload(current, 'voice_limit_reached', result.detail ?? 'voice_limit_reached');
      events.emit('voiceLimitReached', { clientId, detail: result.detail });
      return;
    }
    pendingAudio.delete(clientId);
    current.uploading = false;
    current.audio_url = result.audio_url;
    current.file_name = result.file_name;
    current.transcript = result.transcript;
    if (result.transcript_status) current.transcript_status = result.transcript_status;
    current.file_type = 'audio';
    transmit(current, current.room_name);
  }

  function transmit(message: RoomMessage, roomName: string): void {
    const clientId = message.client_id as string;
    const parsed = parseRoomName(roomName);
    // Spec §7 fields first; client_id and room_name are Parley's (optional) extensions.
    const frame: ChatMessageSendFrame = {
      type: 'chat_message',
      message: message.message,
      sender_id: message.sender_id,
      receiver_id:
        parsed?.kind === 'private'
          ? parsed.userIds[0] === message.sender_id
            ? parsed.userIds[1]
            : parsed.userIds[0]
          : null,
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
    settle(clientId);
    if (socket.send(frame) === 'dropped') {
      message.status = 'sending';
      fail(clientId, 'queue_full', 'Too many messages are waiting for the connection.');
      return;
    }
    sendTimers.set(
      clientId,
      setTimeout(() => {
        fail(clientId, 'timeout', 'The message could not be sent.');
      }, TIMINGS.sendTimeoutMs),
    );
  }

  /**
   * The room a frame without `room_name` (a spec-only backend) is about: my own message and the
   * open room's people belong to the open room; anyone else's message to our private room.
   */
  function roomOfFrame(roomName: unknown, senderId: number | null): string | null {
    if (typeof roomName === 'string' && roomName !== '') return canonicalRoomName(roomName);
    const current = state.currentRoom;
    const mine = me();
    if (senderId === null || senderId === mine) return current;
    if (current !== null) {
      const parsed = parseRoomName(current);
      if (parsed?.kind === 'private' && parsed.userIds.includes(senderId)) return current;
      if (parsed?.kind === 'group') {
        const group = state.groupUsers;
        if (group.roomName !== current || group.users.some((u) => u.id === senderId)) {
          return current;
        }
      }
    }
    return mine === null ? null : privateRoomName(mine, senderId);
  }

  function onChatMessage(frame: Record<string, unknown>): void {
    const key = roomOfFrame(frame.room_name, readId(frame.sender_id));
    const message = readMessage(frame, key);
    if (!message || key === null) {
      logger.warn('[parley] ignored a chat_message without a sender or room');
      return;
    }
    const mine = me();
    const group = state.groupUsers;
    if (
      message.sender_id !== mine &&
      group.roomName === key &&
      !group.users.some((user) => user.id === message.sender_id)
    ) {
      logger.warn('[parley] ignored a message from a sender not in the group', {
        room: key,
        sender_id: message.sender_id,
      });
      return;
    }
    if (message.client_id) settle(message.client_id);
    const { message: stored, added, settled } = upsertMessage(room(key).messages, message, mine);
    if (settled) settle(settled);
    if (added && stored.type === 'received')
      events.emit('incoming', { roomName: key, message: stored });
  }

  /** Typing or recording of someone else (spec §3 transient state: roomName → userId → flag). */
  function onIndicator(
    map: Record<string, Record<number, boolean>>,
    frame: Record<string, unknown>,
    flag: unknown,
  ): void {
    const senderId = readId(frame.sender_id);
    if (senderId === null || senderId === me() || typeof flag !== 'boolean') return;
    const key = roomOfFrame(frame.room_name, senderId);
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

  function onFrame(frame: ServerFrame): void {
    switch (frame.type) {
      case 'chat_message':
        onChatMessage(frame as unknown as Record<string, unknown>);
        return;
      case 'chat_history': {
        // The answer to the join: without room_name (spec only) it is the open room's.
        const raw = frame as unknown as Record<string, unknown>;
        const key = roomOfFrame(raw.room_name, null);
        if (key === null) return;
        const page = readList(raw.message).flatMap((item) => readMessage(item, key) ?? []);
        const entry = room(key);
        for (const message of page) if (message.client_id) settle(message.client_id);
        const { messages, keptOlder } = mergeLatest(entry.messages, page, me());
        entry.messages = messages;
        if (!keptOlder) entry.hasMore = raw.has_more === true;
        return;
      }
      case 'typing_indicator':
        onIndicator(state.typing, frame as unknown as Record<string, unknown>, frame.is_typing);
        return;
      case 'recording_indicator': {
        const raw = frame as unknown as Record<string, unknown>;
        onIndicator(state.recording, raw, frame.is_recording);
        const senderId = readId(raw.sender_id);
        const key = senderId === null ? null : roomOfFrame(raw.room_name, senderId);
        if (frame.is_recording === false && key !== null && senderId !== null) {
          setLive(key, senderId, false);
        }
        return;
      }
      case 'voice_chunk': {
        const raw = frame as unknown as Record<string, unknown>;
        const senderId = readId(raw.from);
        if (senderId === null || senderId === me() || typeof raw.original_blob !== 'string') return;
        const key = roomOfFrame(raw.room_name, senderId);
        if (key !== null) setLive(key, senderId, true);
        return;
      }
      case 'error':
        if (frame.client_id) fail(frame.client_id, frame.code, frame.detail);
        else logger.warn('[parley] the server refused a frame', frame.code, frame.detail);
        return;
      case 'tier_limit_warning':
        events.emit('tierLimit', {
          type: 'tier_limit_warning',
          title: String(frame.title ?? ''),
          message: String(frame.message ?? ''),
          actions: Array.isArray(frame.actions)
            ? frame.actions.filter(
                (action) => typeof action?.label === 'string' && typeof action?.url === 'string',
              )
            : [],
        });
        return;
      case 'subscription_required':
        events.emit('subscriptionRequired', frame);
        return;
      default:
        // pong, calls, connections: for other listeners of socket 'frame'.
        return;
    }
  }

  function clearLive(): void {
    for (const timer of liveTimers.values()) clearTimeout(timer);
    liveTimers.clear();
    state.live = {};
  }

  const offFrame = socket.on('frame', onFrame);
  // Indicators that were true when the socket closed would never hear their false: forget them.
  const offStatus = socket.on('status', (status) => {
    if (status !== 'closed') return;
    state.typing = {};
    state.recording = {};
    clearLive();
  });

  function clearTimers(): void {
    for (const timer of sendTimers.values()) clearTimeout(timer);
    sendTimers.clear();
    typing.clear();
  }

  return {
    state,

    openRoom(roomName, openOptions) {
      room(roomName);
      state.currentRoom = canonicalRoomName(roomName);
      if (openOptions?.groupUsers) this.setGroupUsers(roomName, openOptions.groupUsers);
      socket.joinRoom(roomName);
    },

    leaveRoom() {
      state.currentRoom = null;
      socket.leaveRoom();
    },

    sendMessage(input) {
      const user = getUser();
      if (!user) throw new Error('Sign in before sending messages');
      const clientId = input.clientId ?? newClientId();
      const entry = room(input.roomName);
      typing.stop(input.roomName);
      const existing = entry.messages.find(
        (m) => m.client_id === clientId && m.sender_id === user.id,
      );
      // The echo (or history) arrived first: the message is stored, nothing to add or send.
      if (existing) return clientId;
      entry.messages.push({
        id: null,
        client_id: clientId,
        room_name: canonicalRoomName(input.roomName),
        sender_id: user.id,
        sender_username: user.username,
        sender_profile_image: user.profile_image,
        message: input.text,
        original_message: input.text,
        original_language: null,
        file_type: input.file?.type ?? (input.audio ? 'audio' : 'text'),
        file_url: input.file?.url ?? null,
        file_name: input.file?.name ?? input.audio?.name ?? null,
        audio_url: input.audio?.url ?? null,
        transcript: input.audio?.transcript ?? null,
        timestamp: new Date().toISOString(),
        status: 'sending',
        type: 'sent',
      });
      const message = entry.messages[entry.messages.length - 1] as RoomMessage;
      transmit(message, input.roomName);
      return clientId;
    },

    sendVoiceNote(input) {
      const user = getUser();
      if (!user) throw new Error('Sign in before sending voice notes');
      const clientId = input.clientId ?? newClientId();
      const entry = room(input.roomName);
      entry.messages.push({
        id: null,
        client_id: clientId,
        room_name: canonicalRoomName(input.roomName),
        sender_id: user.id,
        sender_username: user.username,
        sender_profile_image: user.profile_image,
        message: '',
        original_message: '',
        original_language: null,
        file_type: 'audio',
        file_url: null,
        file_name: null,
        audio_url: null,
        transcript: null,
        timestamp: new Date().toISOString(),
        status: 'sending',
        type: 'sent',
        uploading: true,
        local_audio_url: input.localUrl ?? null,
      });
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
      message.status = 'sending';
      delete message.error;
      transmit(message, message.room_name);
      return true;
    },

    async loadOlder(roomName) {
      const key = canonicalRoomName(roomName);
      const entry = room(key);
      if (entry.loadingOlder) return;
      const before = oldestId(entry.messages);
      if (before !== undefined && !entry.hasMore) return;
      entry.loadingOlder = true;
      try {
        const page = await api.history({
          roomName: key,
          ...(before !== undefined ? { before } : {}),
        });
        const current = room(key);
        const older = readList(page?.results).flatMap((item) => readMessage(item, key) ?? []);
        current.messages = prependOlder(current.messages, older, me());
        current.hasMore = Boolean(page.has_more);
      } finally {
        room(key).loadingOlder = false;
      }
    },

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

    setGroupUsers(roomName, users) {
      state.groupUsers = { roomName: canonicalRoomName(roomName), users: [...users] };
    },

    on: (event, listener) => events.on(event, listener),

    reset() {
      clearTimers();
      pendingAudio.clear();
      state.rooms = {};
      state.currentRoom = null;
      state.typing = {};
      state.recording = {};
      clearLive();
      state.groupUsers = { roomName: null, users: [] };
    },

    dispose() {
      clearTimers();
      clearLive();
      offFrame();
      offStatus();
      events.clear();
    },
  };
}

/** crypto.randomUUID when available (secure contexts, Node ≥ 19), else a random string. */
function newClientId(): string {
  const uuid = globalThis.crypto?.randomUUID?.();
  if (uuid) return uuid;
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
}
