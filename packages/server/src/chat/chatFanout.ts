import type { ServerFrame } from '@parley/chat-sdk';

/** A frame for some users' sockets, wherever those sockets are connected. */
export interface ChatEvent {
  /** Users whose every socket gets the frame. */
  recipients: number[];
  /** The canonical room the frame is about; `room_name` is rewritten per socket (see below). */
  room: string;
  frame: ServerFrame & { room_name?: string };
  /**
   * For a chat_message translated for its recipients: their language, so an instance that must
   * read a long message back from the database reads that translation (see postgresFanout.ts).
   */
  readerLanguage?: string;
}

/**
 * Delivers chat events to sockets. This process's hub is the only implementation for now; with
 * several server instances a PostgreSQL LISTEN/NOTIFY fan-out implements the same interface by
 * publishing each event on a channel every instance listens to and handing what it hears to its
 * local hub (architecture.md §5).
 */
export interface ChatFanout {
  publish(event: ChatEvent): void;
  close(): Promise<void>;
}

/** What the hub needs from a connected socket. */
export interface HubSocket {
  readonly userId: number;
  /** The room name this socket's client joined with, and its canonical form. */
  readonly joined: { name: string; canonical: string } | null;
  send(text: string): void;
}

/** Sockets of this process by user id: one user may have several (tabs, devices). */
export class LocalChatHub implements ChatFanout {
  private readonly sockets = new Map<number, Set<HubSocket>>();

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
    for (const userId of new Set(event.recipients)) {
      const set = this.sockets.get(userId);
      if (!set) continue;
      for (const socket of set) {
        // Frames echo the name the client used for the room it joined (private_ or private-).
        const name =
          hasRoomName && socket.joined?.canonical === event.room ? socket.joined.name : event.room;
        socket.send(textFor(hasRoomName ? name : undefined));
      }
    }
  }

  async close(): Promise<void> {
    this.sockets.clear();
  }
}
