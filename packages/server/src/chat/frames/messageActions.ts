import { MESSAGE_EDIT_WINDOW_MS } from '@parley/chat-sdk';
import type { ActionTarget } from '../../plugins/app/index.js';
import type { FrameContext, FrameHandler } from './context.js';
import { REACTION_MESSAGES } from './reactions.js';

/** Refusals of message actions (error frames, docs/socket-protocol.md Message actions). */
export const MESSAGE_ACTION_MESSAGES = {
  /** An unknown id and a message of another room alike (as reactions answer both). */
  noSuchMessage: REACTION_MESSAGES.noMessage,
  replyElsewhere: 'reply_to must name a message of the same room.',
  notYourMessage: 'Only its sender may change or delete a message for everyone.',
  editWindowOver: 'A message can be edited for 15 minutes after it was sent.',
  notEditable: 'Deleted messages, voice messages and call records cannot be edited.',
} as const;

/**
 * The message an action names, if the person may see it (a member of its room). A message that
 * does not exist and one of a room they are not in are refused alike, `not_a_member` as `react`
 * refuses them, so ids cannot be probed.
 */
async function visibleTarget(
  context: FrameContext,
  messageId: number,
): Promise<{ target: ActionTarget; memberIds: number[] } | null> {
  const target = await context.services.actions.target(messageId);
  const room = target ? await context.roomAccess(target.room) : null;
  if (!target || !room) {
    context.refuse('not_a_member', MESSAGE_ACTION_MESSAGES.noSuchMessage);
    return null;
  }
  return { target, memberIds: room.memberIds };
}

/**
 * `edit_message {message_id, message}`: only its sender, within MESSAGE_EDIT_WINDOW_MS, a text
 * message or a file's caption not deleted. Every member gets `message_edited` with the new text
 * in their language (translated like a new message, in the room's delivery order).
 */
export const editMessage: FrameHandler<'edit_message'> = async (frame, context) => {
  const found = await visibleTarget(context, frame.messageId);
  if (!found) return;
  const { target, memberIds } = found;
  if (target.senderId !== context.user.id) {
    return context.refuse('invalid_frame', MESSAGE_ACTION_MESSAGES.notYourMessage);
  }
  if (target.deletedAt || target.audioUrl || target.isCallEvent) {
    return context.refuse('invalid_frame', MESSAGE_ACTION_MESSAGES.notEditable);
  }
  if (Date.now() - target.createdAt.getTime() > MESSAGE_EDIT_WINDOW_MS) {
    return context.refuse('invalid_frame', MESSAGE_ACTION_MESSAGES.editWindowOver);
  }
  const edited = await context.services.actions.edit(target.id, frame.text);
  if (!edited) return context.refuse('invalid_frame', MESSAGE_ACTION_MESSAGES.notEditable);
  context.services.delivery.deliverEdit(
    edited,
    target.room,
    memberIds,
    context.user.id,
    edited.edited_at ?? new Date().toISOString(),
  );
};

/**
 * `delete_message {message_id, for?}`. For everyone (its sender only): the row stays emptied,
 * its files leave the disk, every member gets `message_deleted`. For me (anyone who sees it):
 * hidden from their history, and their own sockets get `message_deleted` with `for: "me"`.
 */
export const deleteMessage: FrameHandler<'delete_message'> = async (frame, context) => {
  const found = await visibleTarget(context, frame.messageId);
  if (!found) return;
  const { target, memberIds } = found;
  const { actions, delivery, files } = context.services;
  if (frame.forMe) {
    await actions.hide(context.user.id, target.id);
    delivery.deliverFrame(
      target.room,
      [context.user.id],
      { type: 'message_deleted', message_id: target.id, room_name: target.room, for: 'me' },
      target.id,
    );
    return;
  }
  if (target.senderId !== context.user.id) {
    return context.refuse('invalid_frame', MESSAGE_ACTION_MESSAGES.notYourMessage);
  }
  const removed = await actions.deleteForEveryone(target.id);
  // Already deleted: nothing changes, and nobody needs telling twice.
  if (removed === null) return;
  for (const name of removed) {
    await files
      ?.remove(name)
      .catch((error: unknown) =>
        context.log.warn({ err: error, name }, 'removing a deleted message file failed'),
      );
  }
  delivery.deliverFrame(
    target.room,
    memberIds,
    { type: 'message_deleted', message_id: target.id, room_name: target.room },
    target.id,
  );
};
