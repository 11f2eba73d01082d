import { proxy, ref } from 'valtio/vanilla';
import type { ChatApi } from '../chat-api';
import { Emitter } from '../emitter';
import type { Logger } from '../logger';
import type { MediaApi } from '../media/media-api';
import type { CurrentUser } from '../protocol/accounts';
import type { SubscriptionRequiredFrame, TierLimitWarningFrame } from '../protocol/billing';
import type { BlockChangedFrame } from '../protocol/blockingInGroups';
import type { ChatHistoryFrame, ChatMessageFrame, MessageQuote } from '../protocol/chat';
import type { LinkPreviewFrame } from '../protocol/linkPreviews';
import type { MessageDeletedFrame, MessageEditedFrame } from '../protocol/message-actions';
import type { TranslationSuggestionFrame } from '../protocol/translationTrust';
import type { SocketUserObject } from '../protocol/user-objects';
import { canonicalRoomName, parseRoomName, privateRoomName } from '../rooms';
import type { ChatSocket } from '../socket/chat-socket';
import { applyBlockChanged, isFromBlocked } from './blocking-in-groups';
import type { ChatState, RoomMessage, RoomState } from './chat-state';
import { dispatchFrame, type FrameHandlers } from './frame-handlers';
import { dropBelow, fillGap, MAX_GAP_PAGES, newestBelow } from './history-gap';
import { readList, readMessage } from './incoming';
import { applyLatePreview } from './late-link-previews';
import { applyDeleted, applyEdited } from './message-actions';
import { mergeLatest, oldestId, prependOlder, upsertMessage } from './message-list';
import {
  createOutbox,
  type OutboxEvents,
  type SendMessageInput,
  type SendVoiceNoteInput,
} from './outbox';
import { createPresence } from './presence';
import { createReactionsAndReceipts } from './reactions-and-receipts';
import { changeMessageAt, editMessages, setMessages } from './room-messages';
import { applyTranslationSuggestion } from './translationTrust';

export interface IncomingMessage {
  /** Canonical room name. */
  roomName: string;
  message: RoomMessage;
}

export interface ChatStoreEvents extends OutboxEvents {
  /** A chat message from someone else was added: announce it (aria-live), count it unread. */
  incoming: IncomingMessage;
  /** Over a free-plan limit (spec §7): show the frame's title, message and action links. */
  tierLimit: TierLimitWarningFrame;
  /** A plan is needed (spec §7): open the 'Upgrade for Full Access' modal. */
  subscriptionRequired: SubscriptionRequiredFrame;
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
  /**
   * Message actions (docs/socket-protocol.md): a reply quoting `quoted` (sendMessage with
   * `replyTo`); returns its client_id.
   */
  reply(input: Omit<SendMessageInput, 'replyTo'>, quoted: MessageQuote): string;
  /** Sends `edit_message` (the sender, within 15 minutes); the list changes on `message_edited`.
   * False when the socket could not take it. */
  editMessage(messageId: number, text: string): boolean;
  /** Sends `delete_message` for everyone (its sender) or, with `forMe`, hides it for me only. */
  deleteMessage(messageId: number, options?: { forMe?: boolean }): boolean;
  /** Resends a failed message with the same client_id (the server dedupes). False if none. */
  retry(clientId: string): boolean;
  /**
   * Loads the page before the oldest loaded message (GET /chatmessage/history/); with `around`,
   * a page reaching back to that message id (Parley extension; a spec backend sends 50).
   */
  loadOlder(roomName: string, options?: { around?: number }): Promise<void>;
  /** Issue 25: toggles my emoji on a stored message (`react`). */
  react(roomName: string, messageId: number, emoji: string): void;
  /**
   * Issue 25: whether the newest message of the open room is in view. While it is and the page is
   * visible, the room is marked read (`read`) up to its newest message.
   */
  setNewestInView(roomName: string, inView: boolean): void;
  /**
   * Issue 25: the server's unread count of each listed chat (chat-list `unread_count`), right
   * after a reload and for chats this device holds nothing of; live messages count on from it.
   */
  seedUnread(counts: Readonly<Record<string, number>>): void;
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
  const state = proxy<ChatState>({
    rooms: {},
    currentRoom: null,
    typing: {},
    recording: {},
    live: {},
    groupUsers: { roomName: null, users: [] },
    receipts: {},
    unread: {},
  });
  const events = new Emitter<ChatStoreEvents>((error) =>
    logger.error('[parley] a listener threw', error),
  );
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

  function room(roomName: string): RoomState {
    const key = canonicalRoomName(roomName);
    state.rooms[key] ??= { messages: ref([]), hasMore: false, loadingOlder: false };
    return state.rooms[key];
  }

  /**
   * My message with that client_id, and with `fields` stored as a new object when given (issue
   * 24: the store's messages are immutable). Newest first: it is recent.
   */
  function findOwn(clientId: string, fields?: Partial<RoomMessage>): RoomMessage | undefined {
    const mine = me();
    for (const entry of Object.values(state.rooms)) {
      const at = entry.messages.findLastIndex(
        (m) => m.client_id === clientId && m.sender_id === mine,
      );
      if (at < 0) continue;
      if (!fields) return entry.messages[at];
      return changeMessageAt(entry, at, (draft) => {
        delete draft.error;
        Object.assign(draft, fields);
      });
    }
    return undefined;
  }

  /**
   * A frame about message `id` (an edit, a deletion, a late card, a suggestion) in the room `key`
   * (the open room when the frame names none): `apply` changes copies of that message and of the
   * messages quoting it (the store's messages are immutable, issue 24).
   */
  function changeInRoom(
    key: string | null,
    id: number,
    apply: (list: RoomMessage[]) => boolean | RoomMessage[],
  ): void {
    if (key !== null && state.rooms[key]) {
      editMessages(room(key), apply, (item) => item.id === id || item.reply_to?.id === id);
    }
  }

  /**
   * The room a frame without `room_name` (a spec-only backend) is about: my own message and the
   * open room's people belong to the open room; anyone else's message to our private room.
   */
  function roomOfFrame(roomName: string | undefined, senderId: number | null): string | null {
    if (roomName) return canonicalRoomName(roomName);
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

  const outbox = createOutbox({
    socket,
    getUser,
    logger,
    media,
    events,
    room,
    findOwn,
    changeOwn: findOwn,
    userObjectsFor,
  });
  const presence = createPresence({ socket, state, getUser, userObjectsFor, roomOfFrame });
  const receipts = createReactionsAndReceipts({ socket, state, getUser });

  function onChatMessage(frame: ChatMessageFrame): void {
    const key = roomOfFrame(frame.room_name, frame.sender_id);
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
    if (message.client_id) outbox.settle(message.client_id);
    let upserted!: ReturnType<typeof upsertMessage>;
    editMessages(room(key), (list) => {
      upserted = upsertMessage(list, message, mine);
    });
    const { message: stored, added, settled } = upserted;
    if (settled) outbox.settle(settled);
    // Issue 29: a blocked person's message is neither announced nor counted unread.
    if (added && stored.type === 'received' && !isFromBlocked(stored)) {
      receipts.incoming(key);
      events.emit('incoming', { roomName: key, message: stored });
    }
  }

  /** The answer to the join: without room_name (spec only) it is the open room's. */
  function onChatHistory(frame: ChatHistoryFrame): void {
    const key = roomOfFrame(frame.room_name, null);
    if (key === null) return;
    const page = frame.message.flatMap((item) => readMessage(item, key) ?? []);
    const entry = room(key);
    for (const message of page) if (message.client_id) outbox.settle(message.client_id);
    const firstId = page[0]?.id ?? null;
    const gapFrom = firstId === null ? undefined : newestBelow(entry.messages, firstId);
    const { messages, keptOlder } = mergeLatest(entry.messages, page, me());
    setMessages(entry, messages);
    if (!keptOlder) entry.hasMore = frame.has_more;
    receipts.historyReceipts(key, frame.receipts);
    if (keptOlder && frame.has_more !== false && firstId !== null && gapFrom !== undefined) {
      void fillHistoryGap(key, gapFrom, firstId);
    }
  }

  /** The gap fill running for each room; a newer chat_history, or a sign-out, ends it. */
  const gapFills = new Map<string, symbol>();

  /**
   * Reads the messages between the list's older part (up to `from`) and a rejoin's latest page
   * (from `before`) over REST, so nothing that arrived while the socket was away stays missing
   * (history-gap.ts). A gap it cannot fill (too long, or the request failed) drops the older part
   * instead: the list stays one unbroken run, and scrolling up loads the rest.
   */
  async function fillHistoryGap(key: string, from: number, before: number): Promise<void> {
    const fill = Symbol(key);
    gapFills.set(key, fill);
    const current = () => gapFills.get(key) === fill;
    let next = before;
    try {
      for (let pages = 0; pages < MAX_GAP_PAGES; pages++) {
        const answer = await api.history({ roomName: key, before: next, around: from });
        if (!current()) return;
        const page = readList(answer?.results).flatMap((item) => readMessage(item, key) ?? []);
        const entry = room(key);
        setMessages(entry, fillGap(entry.messages, page, { from, before: next }, me()));
        receipts.historyReceipts(key, answer?.receipts);
        const oldest = oldestId(page);
        if (oldest === undefined || oldest <= from || !answer?.has_more) return;
        next = oldest;
      }
      logger.warn('[parley] too many messages arrived while away to fill in; older ones unloaded');
    } catch (error) {
      if (!current()) return;
      logger.warn('[parley] could not load the messages that arrived while away', error);
    } finally {
      if (current()) gapFills.delete(key);
    }
    const entry = room(key);
    setMessages(entry, dropBelow(entry.messages, next));
    entry.hasMore = true;
  }

  /** An edit, or a deletion, of a message in its room (the open room when none is named). */
  function onMessageEdited(frame: MessageEditedFrame): void {
    changeInRoom(roomOfFrame(frame.room_name, null), frame.message_id, (list) =>
      applyEdited(list, frame),
    );
  }

  function onMessageDeleted(frame: MessageDeletedFrame): void {
    changeInRoom(roomOfFrame(frame.room_name, null), frame.message_id, (list) =>
      applyDeleted(list, frame),
    );
  }

  /** A card that came after its message (late cards). */
  function onLinkPreview(frame: LinkPreviewFrame): void {
    changeInRoom(roomOfFrame(frame.room_name, null), frame.message_id, (list) =>
      applyLatePreview(list, frame),
    );
  }

  /** A member's better translation written or taken back (issue 26). */
  function onTranslationSuggestion(frame: TranslationSuggestionFrame): void {
    changeInRoom(roomOfFrame(frame.room_name, null), frame.message_id, (list) =>
      applyTranslationSuggestion(list, frame),
    );
  }

  /** Issue 29: someone was blocked or unblocked (on any device): their messages collapse or open. */
  function onBlockChanged(frame: BlockChangedFrame): void {
    for (const key of applyBlockChanged(state, frame)) receipts.recount(key);
  }

  /** Pong, calls and connections are for other listeners of the socket's 'frame'. */
  const handlers: FrameHandlers = {
    chat_message: onChatMessage,
    chat_history: onChatHistory,
    message_edited: onMessageEdited,
    message_deleted: onMessageDeleted,
    link_preview: onLinkPreview,
    translation_suggestion: onTranslationSuggestion,
    block_changed: onBlockChanged,
    typing_indicator: presence.typingIndicator,
    recording_indicator: presence.recordingIndicator,
    voice_chunk: presence.voiceChunk,
    reaction: receipts.reaction,
    read_receipt: receipts.readReceipt,
    delivered_receipt: receipts.deliveredReceipt,
    error(frame) {
      if (frame.client_id) outbox.fail(frame.client_id, frame.code, frame.detail);
      else logger.warn('[parley] the server refused a frame', frame.code, frame.detail);
    },
    tier_limit_warning: (frame) => events.emit('tierLimit', frame),
    subscription_required: (frame) => events.emit('subscriptionRequired', frame),
  };

  const offFrame = socket.on('frame', (frame) => dispatchFrame(handlers, frame));
  // Indicators that were true when the socket closed would never hear their false: forget them.
  const offStatus = socket.on('status', (status) => {
    if (status === 'closed') presence.forgetOthers();
    // Frames that may have died with the socket go out again on the next one (outbox.ts).
    if (status === 'closed') outbox.socketClosed();
  });
  const offWritten = socket.on('written', (frame) => outbox.wrote(frame));

  return {
    state,

    openRoom(roomName, openOptions) {
      room(roomName);
      state.currentRoom = canonicalRoomName(roomName);
      receipts.readIfViewing();
      if (openOptions?.groupUsers) this.setGroupUsers(roomName, openOptions.groupUsers);
      socket.joinRoom(roomName);
    },

    leaveRoom() {
      state.currentRoom = null;
      socket.leaveRoom();
    },

    sendMessage(input) {
      presence.stopTyping(input.roomName);
      return outbox.send(input);
    },

    reply(input, quoted) {
      presence.stopTyping(input.roomName);
      return outbox.send({ ...input, replyTo: quoted });
    },

    editMessage: (messageId, text) =>
      socket.send({ type: 'edit_message', message_id: messageId, message: text }) !== 'dropped',

    deleteMessage: (messageId, deleteOptions) =>
      socket.send({
        type: 'delete_message',
        message_id: messageId,
        ...(deleteOptions?.forMe ? { for: 'me' as const } : {}),
      }) !== 'dropped',

    sendVoiceNote: (input) => outbox.sendVoiceNote(input),
    retry: (clientId) => outbox.retry(clientId),

    async loadOlder(roomName, options) {
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
          ...(options?.around !== undefined ? { around: options.around } : {}),
        });
        const current = room(key);
        const older = readList(page?.results).flatMap((item) => readMessage(item, key) ?? []);
        setMessages(current, prependOlder(current.messages, older, me()));
        current.hasMore = Boolean(page.has_more);
        receipts.historyReceipts(key, page.receipts);
      } finally {
        room(key).loadingOlder = false;
      }
    },

    react: (roomName, messageId, emoji) => receipts.react(roomName, messageId, emoji),
    setNewestInView: (roomName, inView) => receipts.setNewestInView(roomName, inView),
    seedUnread: (counts) => receipts.seedUnread(counts),
    setTyping: (roomName) => presence.setTyping(roomName),
    stopTyping: (roomName) => presence.stopTyping(roomName),
    setRecording: (roomName, isRecording) => presence.setRecording(roomName, isRecording),

    setGroupUsers(roomName, users) {
      state.groupUsers = { roomName: canonicalRoomName(roomName), users: [...users] };
    },

    on: (event, listener) => events.on(event, listener),

    reset() {
      gapFills.clear();
      outbox.clear();
      presence.stopTimers();
      state.rooms = {};
      state.currentRoom = null;
      presence.forgetOthers();
      state.groupUsers = { roomName: null, users: [] };
      state.receipts = {};
      state.unread = {};
    },

    dispose() {
      gapFills.clear();
      outbox.stopTimers();
      presence.stopTimers();
      offFrame();
      offStatus();
      offWritten();
      receipts.dispose();
      events.clear();
    },
  };
}
