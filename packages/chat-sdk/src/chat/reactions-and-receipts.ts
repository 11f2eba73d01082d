import type { CurrentUser } from '../protocol/accounts';
import type {
  DeliveredReceiptFrame,
  MessageReaction,
  ReactionFrame,
  ReadReceiptFrame,
  RoomReceipt,
} from '../protocol/reactions';
import { canonicalRoomName } from '../rooms';
import type { ChatSocket } from '../socket/chat-socket';
import type { ChatState, MemberReceipt, RoomMessage } from './chat-state';
import { changeMessageAt } from './room-messages';

/**
 * Reactions, read and delivered receipts and unread counts (issue 25) on the chat store's state.
 * A backend that sends none of these frames leaves `receipts` empty: no ticks are shown, and
 * unread counts only grow with incoming messages, as before.
 */
export interface ReactionsAndReceipts {
  /** Toggles my `emoji` on a stored message; the server's `reaction` frame updates the list. */
  react(roomName: string, messageId: number, emoji: string): void;
  /**
   * Whether the newest message of the open room is in view (the message list tells). With the
   * page visible too, everything up to it is marked read (`read`), now and as messages arrive.
   */
  setNewestInView(roomName: string, inView: boolean): void;
  reaction(frame: ReactionFrame): void;
  readReceipt(frame: ReadReceiptFrame): void;
  deliveredReceipt(frame: DeliveredReceiptFrame): void;
  /** A history's `receipts` (chat_history or a page). */
  historyReceipts(roomName: string, receipts: RoomReceipt[] | undefined): void;
  /** A message from someone else was added to a room: read now, or counted unread. */
  incoming(roomName: string): void;
  /** Counts a room's unread messages again from what this device holds (issue 29: a block). */
  recount(roomName: string): void;
  /** The open room changed or the page became visible: read what is in view. */
  readIfViewing(): void;
  /** The server's unread counts by room (chat-list `unread_count`); see ChatStore.seedUnread. */
  seedUnread(counts: Readonly<Record<string, number>>): void;
  dispose(): void;
}

export interface ReactionsAndReceiptsOptions {
  socket: ChatSocket;
  state: ChatState;
  getUser(): CurrentUser | null;
  /** The document whose visibility counts (absent outside a browser: always visible). */
  doc?: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;
}

/** My newest received message of a room with a server id. */
function newestReceivedId(messages: readonly RoomMessage[]): number | null {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index];
    if (message?.type === 'received' && message.id !== null) return message.id;
  }
  return null;
}

/** Toggles one person's emoji in a message's reaction list (kept in first-use order). */
export function applyReaction(
  reactions: readonly MessageReaction[] | undefined,
  emoji: string,
  userId: number,
  added: boolean,
): MessageReaction[] {
  const list = (reactions ?? []).map((reaction) => ({
    ...reaction,
    user_ids: [...reaction.user_ids],
  }));
  const entry = list.find((reaction) => reaction.emoji === emoji);
  if (added) {
    if (entry?.user_ids.includes(userId)) return list;
    if (entry) {
      entry.user_ids.push(userId);
      entry.count = entry.user_ids.length;
    } else list.push({ emoji, count: 1, user_ids: [userId] });
    return list;
  }
  if (!entry?.user_ids.includes(userId)) return list;
  entry.user_ids = entry.user_ids.filter((id) => id !== userId);
  entry.count = entry.user_ids.length;
  return list.filter((reaction) => reaction.count > 0);
}

export function createReactionsAndReceipts(
  options: ReactionsAndReceiptsOptions,
): ReactionsAndReceipts {
  const { socket, state, getUser } = options;
  const doc = options.doc ?? (typeof document === 'undefined' ? undefined : document);
  let viewing: { room: string; inView: boolean } | null = null;
  const me = () => getUser()?.id ?? null;

  function receiptOf(room: string, userId: number): MemberReceipt {
    state.receipts[room] ??= {};
    const members = state.receipts[room];
    members[userId] ??= { delivered_up_to: 0, read_up_to: 0, read_at: null };
    return members[userId];
  }

  /**
   * Unread = messages from others after my read mark, among those this device holds. While the
   * held messages do not reach back to the mark (older pages not loaded), the count the server
   * gave (seedUnread, plus live messages since) may be the larger and is kept.
   */
  function recount(room: string): void {
    const mine = me();
    const mark = mine === null ? 0 : (state.receipts[room]?.[mine]?.read_up_to ?? 0);
    const entry = state.rooms[room];
    const messages = entry?.messages ?? [];
    let count = messages.filter(
      (message) =>
        message.type === 'received' &&
        message.id !== null &&
        message.id > mark &&
        // Issue 29: a blocked person's messages in a group are never counted unread.
        message.from_blocked !== true,
    ).length;
    const oldest = messages.find((message) => message.id !== null)?.id;
    const partial =
      entry?.hasMore === true && oldest !== undefined && oldest !== null && oldest > mark;
    if (partial) count = Math.max(count, state.unread[room] ?? 0);
    if (count > 0) state.unread[room] = count;
    else delete state.unread[room];
  }

  function isReading(room: string): boolean {
    return (
      viewing !== null &&
      viewing.room === room &&
      viewing.inView &&
      state.currentRoom === room &&
      (doc === undefined || doc.visibilityState === 'visible')
    );
  }

  function readIfViewing(): void {
    const room = viewing?.room;
    const mine = me();
    if (!room || mine === null || !isReading(room)) return;
    const newest = newestReceivedId(state.rooms[room]?.messages ?? []);
    // A backend that sent no receipts for the room (spec only) is not sent `read` either: the
    // count clears on this device, as before.
    if (newest === null || !state.receipts[room]) {
      delete state.unread[room];
      return;
    }
    const own = receiptOf(room, mine);
    if (own.read_up_to >= newest) return;
    // Marked here at once so the count clears now; the server's read_receipt confirms it.
    own.read_up_to = newest;
    own.read_at = new Date().toISOString();
    delete state.unread[room];
    socket.send({ type: 'read', room_name: room, message_id: newest });
  }

  const onVisibility = () => readIfViewing();
  doc?.addEventListener('visibilitychange', onVisibility);

  function forward(
    room: string,
    userId: number,
    field: 'delivered_up_to' | 'read_up_to',
    id: number,
  ) {
    const receipt = receiptOf(room, userId);
    if (receipt[field] >= id) return false;
    receipt[field] = id;
    // A read is a delivery too.
    if (field === 'read_up_to' && receipt.delivered_up_to < id) receipt.delivered_up_to = id;
    return true;
  }

  return {
    react(roomName, messageId, emoji) {
      socket.send({ type: 'react', message_id: messageId, emoji });
      void roomName;
    },

    setNewestInView(roomName, inView) {
      viewing = { room: canonicalRoomName(roomName), inView };
      readIfViewing();
    },

    reaction(frame) {
      const room = frame.room_name ? canonicalRoomName(frame.room_name) : null;
      const rooms = room ? [room] : Object.keys(state.rooms);
      for (const key of rooms) {
        const entry = state.rooms[key];
        const at = entry?.messages.findLastIndex((message) => message.id === frame.message_id);
        if (!entry || at === undefined || at < 0) continue;
        // On a copy: the store's messages are immutable (issue 24, room-messages.ts).
        changeMessageAt(entry, at, (message) => {
          message.reactions = applyReaction(
            message.reactions,
            frame.emoji,
            frame.user_id,
            frame.added,
          );
        });
        return;
      }
    },

    readReceipt(frame) {
      if (!frame.room_name) return;
      const room = canonicalRoomName(frame.room_name);
      if (!forward(room, frame.user_id, 'read_up_to', frame.message_id)) return;
      receiptOf(room, frame.user_id).read_at = frame.read_at;
      // My read on another device: this one's count follows.
      if (frame.user_id === me()) recount(room);
    },

    deliveredReceipt(frame) {
      if (!frame.room_name) return;
      forward(
        canonicalRoomName(frame.room_name),
        frame.user_id,
        'delivered_up_to',
        frame.message_id,
      );
    },

    historyReceipts(roomName, receipts) {
      if (!receipts) return;
      const room = canonicalRoomName(roomName);
      state.receipts[room] ??= {};
      for (const receipt of receipts) {
        forward(room, receipt.user_id, 'delivered_up_to', receipt.delivered_up_to);
        if (forward(room, receipt.user_id, 'read_up_to', receipt.read_up_to)) {
          receiptOf(room, receipt.user_id).read_at = receipt.read_at;
        }
      }
      recount(room);
      readIfViewing();
    },

    incoming(roomName) {
      const room = canonicalRoomName(roomName);
      if (isReading(room)) readIfViewing();
      else state.unread[room] = (state.unread[room] ?? 0) + 1;
    },

    readIfViewing,

    recount(roomName) {
      recount(canonicalRoomName(roomName));
    },

    seedUnread(counts) {
      for (const [name, count] of Object.entries(counts)) {
        const room = canonicalRoomName(name);
        // The open chat in view is being read: its count stays cleared.
        if (isReading(room)) continue;
        if (count > 0) state.unread[room] = count;
        else delete state.unread[room];
      }
    },

    dispose() {
      doc?.removeEventListener('visibilitychange', onVisibility);
    },
  };
}
