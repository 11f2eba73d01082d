import { REACTION_LIMITS } from '@parley/chat-sdk';
import { FRAME_MESSAGES, type FrameHandler } from './context.js';

export const REACTION_MESSAGES = {
  noMessage: 'message_id must name a message of a room you are a member of.',
  notInRoom: 'message_id must name a message of room_name.',
  tooMany: `At most ${REACTION_LIMITS.maxPerPersonPerMessage} different reactions per message.`,
  unavailable: 'Reactions and read receipts are not served here.',
} as const;

/**
 * `react {message_id, emoji}`: toggles the sender's emoji on a message of a room they are a
 * member of; every member of the room hears `reaction`. A message that does not exist and one of
 * another room are refused alike, so ids cannot be probed.
 */
export const react: FrameHandler<'react'> = async (frame, context) => {
  const { reactions, fanout } = context.services;
  if (!reactions) return context.refuse('unknown_type', REACTION_MESSAGES.unavailable);
  const roomName = await reactions.roomOf(frame.messageId);
  const room = roomName === null ? null : await context.roomAccess(roomName);
  if (!room) return context.refuse('not_a_member', REACTION_MESSAGES.noMessage);
  const outcome = await reactions.toggle(frame.messageId, context.user.id, frame.emoji);
  if ('refused' in outcome) return context.refuse('invalid_frame', REACTION_MESSAGES.tooMany);
  fanout.publish({
    recipients: room.memberIds,
    room: room.canonical,
    frame: {
      type: 'reaction',
      message_id: frame.messageId,
      emoji: frame.emoji,
      user_id: context.user.id,
      added: outcome.added,
      room_name: room.canonical,
    },
  });
};

/** `read {room_name, message_id}`: the reader saw the room up to that message (readReceipts.ts). */
export const read: FrameHandler<'read'> = async (frame, context) => {
  const { reactions, receipts } = context.services;
  if (!reactions || !receipts) {
    return context.refuse('unknown_type', REACTION_MESSAGES.unavailable);
  }
  const room = await context.roomAccess(frame.roomName);
  if (!room) return context.refuse('not_a_member', FRAME_MESSAGES.notAMember);
  if ((await reactions.roomOf(frame.messageId)) !== room.canonical) {
    return context.refuse('invalid_frame', REACTION_MESSAGES.notInRoom);
  }
  await receipts.read(room.canonical, room.memberIds, context.user.id, frame.messageId);
};
