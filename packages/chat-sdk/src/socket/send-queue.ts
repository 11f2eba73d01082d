import type { ClientFrame } from '../protocol/socket';

/** Frames only worth sending while fresh: dropped first when the queue is full. */
const TRANSIENT = new Set<ClientFrame['type']>(['typing', 'recording']);

export type EnqueueResult = 'queued' | 'dropped';

function roomOf(frame: ClientFrame): string | undefined {
  return 'room_name' in frame ? frame.room_name : undefined;
}

/**
 * Frames waiting for the socket to open, in send order. A typing or recording frame replaces the
 * queued one of the same room. Bounded: when full, the oldest typing or recording frame makes room; chat messages are never dropped once queued, so a chat message that
 * finds the queue full of chat messages is refused instead (the caller marks it failed).
 */
export class SendQueue {
  private frames: ClientFrame[] = [];

  constructor(private readonly capacity: number) {}

  get size(): number {
    return this.frames.length;
  }

  push(frame: ClientFrame): EnqueueResult {
    if (TRANSIENT.has(frame.type)) {
      // Only the latest typing (or recording) state of a room is worth sending after a reconnect.
      this.remove((queued) => queued.type === frame.type && roomOf(queued) === roomOf(frame));
    }
    if (this.frames.length >= this.capacity) {
      const transient = this.frames.findIndex((queued) => TRANSIENT.has(queued.type));
      if (transient !== -1) {
        this.frames.splice(transient, 1);
      } else if (frame.type !== 'chat_message') {
        return 'dropped';
      } else {
        const other = this.frames.findIndex((queued) => queued.type !== 'chat_message');
        if (other === -1) return 'dropped';
        this.frames.splice(other, 1);
      }
    }
    this.frames.push(frame);
    return 'queued';
  }

  /** Removes the frames matching `predicate` (e.g. a chat message given up as failed). */
  remove(predicate: (frame: ClientFrame) => boolean): number {
    const before = this.frames.length;
    this.frames = this.frames.filter((frame) => !predicate(frame));
    return before - this.frames.length;
  }

  /** The first `count` frames, taken out of the queue. */
  take(count: number): ClientFrame[] {
    return this.frames.splice(0, count);
  }

  clear(): void {
    this.frames = [];
  }
}
