import { randomUUID } from 'node:crypto';
import { firstLinkIn, MESSAGE_REQUEST_ERROR_CODE, SOCKET_CLOSE_CODES } from '@parley/chat-sdk';
import { storedNameOf } from '../../media/chatFiles.js';
import { resolveMentions } from '../mentions.js';
import { SOCKET_CLOSE_REASONS } from '../socketCloseReasons.js';
import { FRAME_MESSAGES, type FrameHandler, frameRoom } from './context.js';
import { MESSAGE_ACTION_MESSAGES } from './messageActions.js';

/**
 * `chat_message`: stored once (idempotent by `client_id` when the client sent one), then handed
 * to delivery, which translates and fans out in the room's order.
 */
export const chatMessage: FrameHandler<'chat_message'> = async (frame, context) => {
  const clientId = frame.clientId ?? undefined;
  if (frame.senderId !== context.user.id) {
    return context.refuse('invalid_frame', FRAME_MESSAGES.notSender, clientId);
  }
  const roomName = frameRoom(context, frame.roomName, frame.receiverId);
  if (!roomName) return context.refuse('invalid_frame', FRAME_MESSAGES.noRoom, clientId);
  const room = await context.roomAccess(roomName);
  if (!room) return context.refuse('not_a_member', FRAME_MESSAGES.notAMember, clientId);
  // Only the sender's own uploads to this room: never a tracking pixel or someone else's file.
  for (const url of [frame.fileUrl, frame.audioUrl]) {
    if (url === null) continue;
    const name = storedNameOf(url);
    const upload =
      name && context.services.files ? await context.services.files.byName(name) : null;
    if (!upload || upload.ownerId !== context.user.id || upload.room !== room.canonical) {
      return context.refuse('invalid_frame', FRAME_MESSAGES.notYourFile, clientId);
    }
  }
  // A reply quotes a message of the same room only (never one the sender cannot see).
  if (frame.replyTo !== null) {
    const quoted = await context.services.actions.target(frame.replyTo);
    if (quoted?.room !== room.canonical) {
      return context.refuse('invalid_frame', MESSAGE_ACTION_MESSAGES.replyElsewhere, clientId);
    }
  }
  // Issue 29: a new account's messages to strangers, over its first day's budget, are refused.
  const stranger = await context.services.strangerMessages?.beforeSend(
    room,
    context.user,
    frame.clientId,
  );
  if (stranger) return context.refuse('rate_limited', stranger.detail, clientId);
  // Message requests (issue 25): over the allowance, refused before anything is stored.
  const gate = await context.services.requests?.beforeSend(room, context.user.id, frame.clientId);
  if (gate && !gate.allowed) {
    return context.refuse(MESSAGE_REQUEST_ERROR_CODE, FRAME_MESSAGES.requestPending, clientId);
  }
  const sender = await context.sender();
  if (!sender) {
    context.close(SOCKET_CLOSE_CODES.policyViolation, SOCKET_CLOSE_REASONS.unauthenticated);
    return;
  }
  const recipients = gate?.recipients ?? room.memberIds;
  // The readers' language and plan, and the sender's glossary and blockers, are read while the
  // message is stored, not after it.
  const members = context.services.delivery.readMembers(recipients, sender.id);
  const stored = await context.services.messages.store(sender, {
    room: room.canonical,
    // Without the client's id the send cannot be idempotent: a fresh one per frame.
    clientId: frame.clientId ?? randomUUID(),
    text: frame.text,
    fileType: frame.fileType,
    fileUrl: frame.fileUrl,
    fileName: frame.fileName,
    audioUrl: frame.audioUrl,
    transcript: frame.transcript,
    replyToId: frame.replyTo,
    mentions: await resolveMentions(frame.mentions, room, sender.id, context.services.users),
  });
  // The card of the first link, unless the sender removed it or turned previews off.
  const linkPreviewUrl =
    frame.linkPreview && sender.linkPreviews !== false ? firstLinkIn(frame.text) : null;
  // Translation and fan-out continue in the room's queue: this socket's next frames (and other
  // rooms) do not wait for the engine.
  context.services.delivery.deliver(stored, room.canonical, recipients, context.user.id, {
    linkPreviewUrl,
    members,
  });
};
