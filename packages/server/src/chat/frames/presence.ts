import type { PresenceFrame } from '../clientFrames.js';
import { FRAME_MESSAGES, type FrameContext, type FrameHandler, frameRoom } from './context.js';

/** `typing {is_typing, …}`: relayed to the room's other members as `typing_indicator`. */
export const typing: FrameHandler<'typing'> = (frame, context) => relay(frame, context);

/** `recording {is_recording, …}`: relayed as `recording_indicator`. */
export const recording: FrameHandler<'recording'> = (frame, context) => relay(frame, context);

async function relay(
  frame: PresenceFrame<'typing'> | PresenceFrame<'recording'>,
  context: FrameContext,
): Promise<void> {
  const me = context.user.id;
  if (frame.senderId !== me) return context.refuse('invalid_frame', FRAME_MESSAGES.notSender);
  const others = [...new Set(frame.userIds.filter((id) => id !== me))];
  const roomName = frameRoom(
    context,
    frame.roomName,
    others.length === 1 ? (others[0] ?? null) : null,
  );
  if (!roomName) return context.refuse('invalid_frame', FRAME_MESSAGES.noRoom);
  const room = await context.roomAccess(roomName);
  if (!room) return context.refuse('not_a_member', FRAME_MESSAGES.notAMember);
  // The name comes from the account, never from the frame.
  const username = (await context.sender())?.username ?? context.user.username;
  const base = { sender_id: me, username, room_name: room.canonical };
  const recipients = room.memberIds.filter((id) => id !== me);
  context.services.fanout.publish({
    recipients,
    room: room.canonical,
    frame:
      frame.type === 'typing'
        ? { type: 'typing_indicator', ...base, is_typing: frame.active }
        : { type: 'recording_indicator', ...base, is_recording: frame.active },
  });
  // Issue 28: kept where every instance sees it, so the stop is told if this socket goes away.
  context.services.presence?.indicated(
    { room: room.canonical, userId: me, kind: frame.type, username, recipients },
    frame.active,
  );
}
