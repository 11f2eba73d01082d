import type { MessageDeletedFrame, MessageEditedFrame } from '../protocol/message-actions';

/**
 * Readers of the message-action frames (issue 25), spread into SERVER_FRAME_READERS: a frame
 * without the message's id or (for an edit) its new text is refused.
 */
type Json = Record<string, unknown>;

function messageId(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null;
}

export const MESSAGE_ACTION_READERS = {
  message_edited(raw: Json): MessageEditedFrame | null {
    const id = messageId(raw.message_id);
    if (id === null || typeof raw.message !== 'string') return null;
    return {
      type: 'message_edited',
      message_id: id,
      message: raw.message,
      original_message:
        typeof raw.original_message === 'string' ? raw.original_message : raw.message,
      edited_at: typeof raw.edited_at === 'string' ? raw.edited_at : new Date().toISOString(),
      room_name: typeof raw.room_name === 'string' ? raw.room_name : '',
      ...(raw.translated === true ? { translated: true } : {}),
    };
  },

  message_deleted(raw: Json): MessageDeletedFrame | null {
    const id = messageId(raw.message_id);
    if (id === null) return null;
    return {
      type: 'message_deleted',
      message_id: id,
      room_name: typeof raw.room_name === 'string' ? raw.room_name : '',
      ...(raw.for === 'me' ? { for: 'me' as const } : {}),
    };
  },
};
