import type { DeliveredReceiptsFrame, ServerFrame } from '@parley/chat-sdk';

/** A frame for some users' sockets, wherever those sockets are connected. */
export interface ChatEvent {
  /** Users whose every socket gets the frame. */
  recipients: number[];
  /** The canonical room the frame is about; `room_name` is rewritten per socket (see below). */
  room: string;
  frame: (ServerFrame | DeliveredReceiptsFrame) & { room_name?: string };
  /**
   * For a chat_message translated for its recipients: their language, so an instance that must
   * read a long message back from the database reads that translation (see postgresFanout.ts).
   */
  readerLanguage?: string;
  /**
   * For a frame about someone's message that only they are pushed for (translation_suggestion):
   * that message's sender. Only the instance that publishes uses it: pushes are decided there.
   */
  messageSenderId?: number;
}

/**
 * Delivers chat events to sockets. On embedded PGlite (one instance) this process's hub
 * (`LocalChatHub` below) does it; on PostgreSQL, where several instances may share the database,
 * `PostgresChatFanout` (postgresFanout.ts) publishes each event on a LISTEN/NOTIFY channel every
 * instance listens to and hands what it hears to its local hub (architecture.md §5). Either is
 * wrapped by `PushingFanout` (push/pushingFanout.ts), which adds push notifications.
 */
export interface ChatFanout {
  publish(event: ChatEvent): void;
  close(): Promise<void>;
}

/**
 * Sessions that ended (auth/sessionEnding.ts): one session (refresh-token family), or every
 * session of a user but one. Their sockets are closed wherever they are connected.
 */
export type EndedSessions = (
  | { sessionId: string }
  | { userId: number; exceptSessionId?: string }
) & {
  /** Why, when the close reason should say more than 'signed out' (issue 29: suspension). */
  reason?: EndedSessionReason;
};

/** Reasons an ended session's sockets are told (socketCloseReasons.ts words them). */
export type EndedSessionReason = 'suspended';

/** Closes the sockets of ended sessions: on this process, or on every instance. */
export interface SessionSocketCloser {
  /** Settles once every instance has been told (never rejects). */
  endSessions(ended: EndedSessions): Promise<void>;
}

/** What the hub needs from a connected socket. */
export interface HubSocket {
  readonly userId: number;
  /** The session the socket's token belongs to; null for a token issued without one. */
  readonly sessionId: string | null;
  /** The room name this socket's client joined with, and its canonical form. */
  readonly joined: { name: string; canonical: string } | null;
  send(text: string): void;
  /**
   * Its client asked for `delivered_receipts` frames (SOCKET_FEATURES.groupedReceipts); one that
   * did not gets each receipt of such a frame as its own `delivered_receipt`.
   */
  readonly groupedReceipts?: boolean;
  /** Its session ended: closed with SOCKET_CLOSE_CODES.signedOut, nothing more is sent. */
  endSession(reason?: EndedSessionReason): void;
}

/** Whether a socket belongs to sessions that ended. */
export function belongsTo(socket: HubSocket, ended: EndedSessions): boolean {
  if ('sessionId' in ended) return socket.sessionId === ended.sessionId;
  return (
    socket.userId === ended.userId &&
    (ended.exceptSessionId === undefined || socket.sessionId !== ended.exceptSessionId)
  );
}

/**
 * A `delivered_receipts` frame as the `delivered_receipt` frames a socket that did not ask for
 * grouped ones reads (a spec client, an older sdk), with the room name that socket uses.
 */
function singleReceipts(frame: DeliveredReceiptsFrame, roomName: string): string[] {
  return frame.receipts.map((receipt) =>
    JSON.stringify({ type: 'delivered_receipt', room_name: roomName, ...receipt }),
  );
}

/** Sockets of this process by user id: one user may have several (tabs, devices). */
export class LocalChatHub implements ChatFanout, SessionSocketCloser {
  private readonly sockets = new Map<number, Set<HubSocket>>();
  /** Told when a chat_message reached a socket of a member other than its sender (receipts). */
  onDelivered:
    | ((room: string, userId: number, messageId: number, senderId: number) => void)
    | null = null;
  /**
   * Told of every `block_changed` event (`blocked`: the person blocked or unblocked), whoever it
   * is for: every instance's hub sees every event, so caches of blocks forget them everywhere.
   */
  onBlockChanged: ((blocked: number) => void) | null = null;

  add(socket: HubSocket): void {
    let set = this.sockets.get(socket.userId);
    if (!set) {
      set = new Set();
      this.sockets.set(socket.userId, set);
    }
    set.add(socket);
  }

  remove(socket: HubSocket): void {
    const set = this.sockets.get(socket.userId);
    if (!set) return;
    set.delete(socket);
    if (set.size === 0) this.sockets.delete(socket.userId);
  }

  /** Whether this user has a socket open on this process. */
  hasSockets(userId: number): boolean {
    return (this.sockets.get(userId)?.size ?? 0) > 0;
  }

  get socketCount(): number {
    let total = 0;
    for (const set of this.sockets.values()) total += set.size;
    return total;
  }

  publish(event: ChatEvent): void {
    if (event.frame.type === 'block_changed') this.onBlockChanged?.(event.frame.user_id);
    // Serialised at most twice: with the canonical name, and with the name a joined client used.
    const texts = new Map<string, string>();
    const textFor = (roomName: string | undefined) => {
      const key = roomName ?? '';
      let text = texts.get(key);
      if (text === undefined) {
        text = JSON.stringify(
          roomName === undefined ? event.frame : { ...event.frame, room_name: roomName },
        );
        texts.set(key, text);
      }
      return text;
    };
    const hasRoomName = 'room_name' in event.frame;
    const grouped = event.frame.type === 'delivered_receipts' ? event.frame : null;
    const singles = new Map<string, string[]>();
    const singlesFor = (frame: DeliveredReceiptsFrame, roomName: string) => {
      let list = singles.get(roomName);
      if (list === undefined) {
        list = singleReceipts(frame, roomName);
        singles.set(roomName, list);
      }
      return list;
    };
    for (const userId of new Set(event.recipients)) {
      const set = this.sockets.get(userId);
      if (!set) continue;
      for (const socket of set) {
        // Frames echo the name the client used for the room it joined (private_ or private-).
        const name =
          hasRoomName && socket.joined?.canonical === event.room ? socket.joined.name : event.room;
        if (grouped && !socket.groupedReceipts) {
          for (const text of singlesFor(grouped, name)) socket.send(text);
        } else {
          socket.send(textFor(hasRoomName ? name : undefined));
        }
      }
      const frame = event.frame;
      if (frame.type === 'chat_message' && frame.sender_id !== userId && set.size > 0) {
        this.onDelivered?.(event.room, userId, frame.id, frame.sender_id);
      }
    }
  }

  async endSessions(ended: EndedSessions): Promise<void> {
    // A whole session's sockets are found by scanning: sessions end rarely (logout, password).
    const sets = 'sessionId' in ended ? this.sockets.values() : [this.sockets.get(ended.userId)];
    const ending: HubSocket[] = [];
    for (const set of sets) {
      for (const socket of set ?? []) if (belongsTo(socket, ended)) ending.push(socket);
    }
    for (const socket of ending) {
      this.remove(socket);
      socket.endSession(ended.reason);
    }
  }

  async close(): Promise<void> {
    this.sockets.clear();
  }
}
