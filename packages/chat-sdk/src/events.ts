/**
 * Events a client emits to the application. `session:suspended` (Parley extension, issue 29)
 * replaces `session:expired` when the server closed the socket because a moderator suspended
 * the account: the session is cleared the same way, and the app can say why.
 */
export type ParleyClientEvent = 'session:expired' | 'session:changed' | 'session:suspended';

/** A minimal listener set: a throwing listener is logged and never stops the others. */
export class EventHub {
  private readonly listeners = new Map<ParleyClientEvent, Set<() => void>>();

  constructor(private readonly onListenerError: (error: unknown) => void) {}

  on(event: ParleyClientEvent, listener: () => void): () => void {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  }

  emit(event: ParleyClientEvent): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) {
      try {
        listener();
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }

  clear(): void {
    this.listeners.clear();
  }
}
