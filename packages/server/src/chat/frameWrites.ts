/** The raw stream under a WebSocket (its net.Socket): writes to it can be held and let go. */
export interface CorkableStream {
  cork(): void;
  uncork(): void;
}

/**
 * Frames written to one socket in the same turn of the event loop leave in one write. A socket is
 * corked at its first frame of the turn and uncorked once the turn's work is done (process.nextTick
 * runs after the promise continuations already queued, so a group commit's whole batch of messages
 * is in). Under load a member of a busy room gets several frames per turn; written one by one,
 * each frame was its own writev system call, the largest single cost of fan-out in the profile
 * (docs/performance.md, Fan-out). Frames are unchanged and keep their order; only the system
 * calls are fewer.
 */
export class FrameWrites {
  private corked = new Set<CorkableStream>();
  private scheduled = false;

  /** Call before writing a frame to `stream`. */
  hold(stream: CorkableStream): void {
    if (this.corked.has(stream)) return;
    stream.cork();
    this.corked.add(stream);
    if (this.scheduled) return;
    this.scheduled = true;
    process.nextTick(() => this.flush());
  }

  private flush(): void {
    const corked = this.corked;
    this.corked = new Set();
    this.scheduled = false;
    for (const stream of corked) stream.uncork();
  }
}
