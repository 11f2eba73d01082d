import type { CurrentUser } from '../protocol/accounts';
import type { SocketUserObject } from '../protocol/user-objects';
import type { ChatSocket } from '../socket/chat-socket';

/** Spec §4 typing: true on the first keystroke, false after `idleMs` without one. */
export class TypingSender {
  /** roomName as the caller named it → the idle timer, while typing true is out. */
  private readonly active = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(
    private readonly socket: ChatSocket,
    private readonly getUser: () => CurrentUser | null,
    private readonly userObjects: (roomName: string) => SocketUserObject[],
    private readonly idleMs: number,
  ) {}

  start(roomName: string): void {
    const timer = this.active.get(roomName);
    if (timer !== undefined) clearTimeout(timer);
    else this.send(roomName, true);
    this.active.set(
      roomName,
      setTimeout(() => this.stop(roomName), this.idleMs),
    );
  }

  stop(roomName: string): void {
    const timer = this.active.get(roomName);
    if (timer === undefined) return;
    clearTimeout(timer);
    this.active.delete(roomName);
    this.send(roomName, false);
  }

  /** Forgets every timer without sending (sign-out, dispose). */
  clear(): void {
    for (const timer of this.active.values()) clearTimeout(timer);
    this.active.clear();
  }

  private send(roomName: string, isTyping: boolean): void {
    const user = this.getUser();
    if (!user) return;
    this.socket.send({
      type: 'typing',
      is_typing: isTyping,
      sender_id: user.id,
      username: user.username,
      user_objects: this.userObjects(roomName),
      room_name: roomName,
    });
  }
}
