import type { ChatMessage } from '@parley/chat-sdk';
import { sql } from 'drizzle-orm';
import { hiddenMessages, type MessageRow, messages } from '../../db/schema.js';

/**
 * The message-action extensions of a stored row (issue 25): `edited_at`, `deleted`, and the id of
 * the message it replies to. The quote's other fields are filled per reader by chat/messageQuotes.ts
 * (which also drops a quote whose message is gone).
 */
export function messageActionFields(
  row: Pick<MessageRow, 'replyToId' | 'editedAt' | 'deletedAt'>,
): Pick<ChatMessage, 'reply_to' | 'edited_at' | 'deleted'> {
  return {
    ...(row.editedAt ? { edited_at: row.editedAt.toISOString() } : {}),
    ...(row.deletedAt ? { deleted: true } : {}),
    ...(row.replyToId !== null
      ? {
          reply_to: {
            id: row.replyToId,
            sender_id: 0,
            sender_username: '',
            message: '',
            file_type: 'text',
          },
        }
      : {}),
  };
}

/** Leaves out of a history page the messages its reader deleted for themselves. */
export function notHiddenFrom(readerId: number) {
  return sql`not exists (select 1 from ${hiddenMessages} where ${hiddenMessages.userId} = ${readerId} and ${hiddenMessages.messageId} = ${messages.id})`;
}
