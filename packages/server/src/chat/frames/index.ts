import type { ValidFrame } from '../clientFrames.js';
import { callAudio, callSignal, liveTranscript } from './calls.js';
import type { FrameContext, FrameHandler, FrameHandlers } from './context.js';
import { deleteMessage, editMessage } from './messageActions.js';
import { chatMessage } from './messages.js';
import { recording, typing } from './presence.js';
import { react, read } from './reactions.js';
import { joinRoom, leaveRoom, ping } from './rooms.js';
import { authenticate } from './session.js';
import { chunkEnd, chunkInit } from './voice.js';

export type { CallServices, ChatServices, FrameContext, JoinedRoom } from './context.js';

/** The one dispatch table: each client frame type the server serves and its handler. */
export const FRAME_HANDLERS: FrameHandlers = {
  ping,
  join_room: joinRoom,
  leave_room: leaveRoom,
  chat_message: chatMessage,
  typing,
  recording,
  chunk_init: chunkInit,
  chunk_end: chunkEnd,
  call_signal: callSignal,
  live_transcript: liveTranscript,
  call_audio: callAudio,
  authenticate,
  edit_message: editMessage,
  delete_message: deleteMessage,
  react,
  read,
};

/** Runs the frame's handler. */
export function dispatchFrame(frame: ValidFrame, context: FrameContext): Promise<void> | void {
  const handler = FRAME_HANDLERS[frame.type] as FrameHandler<ValidFrame['type']>;
  return handler(frame as never, context);
}
