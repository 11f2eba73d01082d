import type { ServerFrame, ServerFrameType } from '../protocol/socket';

type FrameOf<K extends ServerFrameType> = Extract<ServerFrame, { type: K }>;

/**
 * One handler per server frame type a listener serves (the frame already checked by its reader,
 * socket/server-frame-readers.ts); types without one are for other listeners of the socket.
 */
export type FrameHandlers = { [K in ServerFrameType]?: (frame: FrameOf<K>) => void };

/** Runs the frame's handler, if the table has one. */
export function dispatchFrame(handlers: FrameHandlers, frame: ServerFrame): void {
  const handler = handlers[frame.type] as ((frame: ServerFrame) => void) | undefined;
  handler?.(frame);
}
