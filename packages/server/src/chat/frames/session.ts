import type { FrameHandler } from './context.js';

/** `authenticate` (Parley extension): a fresh token keeps the socket open past the old one's expiry. */
export const authenticate: FrameHandler<'authenticate'> = (frame, context) =>
  context.reauthenticate(frame.token);
