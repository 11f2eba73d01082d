import { chatFileKind, type MessageQuote } from '../protocol/chat';
import type { MessageDeletedFrame, MessageEditedFrame } from '../protocol/message-actions';
import { readId } from '../socket/server-frame-readers';
import type { ReceivedMessage, RoomMessage } from './chat-state';

/**
 * Reply, edit and delete in the message list (issue 25, docs/socket-protocol.md "Message
 * actions"): reading the optional fields of incoming messages and applying `message_edited` and
 * `message_deleted`. A backend that sends none of them leaves messages as they were.
 */

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A message's `reply_to` when it is a readable quote, else null. */
export function readQuote(value: unknown): MessageQuote | null {
  if (!isObject(value)) return null;
  const id = readId(value.id);
  const senderId = readId(value.sender_id);
  if (id === null || senderId === null) return null;
  const quote: MessageQuote = {
    id,
    sender_id: senderId,
    sender_username: typeof value.sender_username === 'string' ? value.sender_username : '',
    message: typeof value.message === 'string' ? value.message : '',
    file_type: chatFileKind(value.file_type, false) ?? 'text',
  };
  if (value.deleted === true) quote.deleted = true;
  return quote;
}

/** Copies the message-action fields of a raw message (reply_to, edited_at, deleted) when valid. */
export function readMessageActionFields(raw: Json, message: ReceivedMessage): void {
  const quote = readQuote(raw.reply_to);
  if (quote) message.reply_to = quote;
  if (typeof raw.edited_at === 'string' && !Number.isNaN(Date.parse(raw.edited_at))) {
    message.edited_at = raw.edited_at;
  }
  if (raw.deleted === true) message.deleted = true;
}

/** The quote a reply to `message` shows until the server's own arrives; null before it is
 * stored (or from a backend that sends no ids: nothing to reply to). */
export function quoteOf(message: RoomMessage): MessageQuote | null {
  if (message.id === null) return null;
  const quote: MessageQuote = {
    id: message.id,
    sender_id: message.sender_id,
    sender_username: message.sender_username,
    message: message.deleted ? '' : message.message,
    file_type: message.file_type,
  };
  if (message.deleted) quote.deleted = true;
  return quote;
}

/** Applies an edit: the message's new text, and the quotes of it in replies. */
export function applyEdited(list: RoomMessage[], frame: MessageEditedFrame): boolean {
  let changed = false;
  for (const item of list) {
    if (item.id === frame.message_id) {
      item.message = frame.message;
      item.original_message = frame.original_message;
      item.edited_at = frame.edited_at;
      item.translated = frame.translated === true;
      delete item.translation_failed;
      // The edited text is translated again: the engine and its unknown words were the old text's.
      delete item.translated_by;
      delete item.untranslated_words;
      delete item.translation_suggestion;
      changed = true;
    } else if (item.reply_to?.id === frame.message_id) {
      item.reply_to.message = frame.message;
      changed = true;
    }
  }
  return changed;
}

/**
 * Applies a deletion: for me, the message leaves the list; for everyone, it stays emptied
 * ('This message was deleted.') and replies quoting it say so.
 */
export function applyDeleted(list: RoomMessage[], frame: MessageDeletedFrame): RoomMessage[] {
  if (frame.for === 'me') return list.filter((item) => item.id !== frame.message_id);
  for (const item of list) {
    if (item.id === frame.message_id) {
      item.deleted = true;
      item.message = '';
      item.original_message = '';
      item.file_url = null;
      item.file_name = null;
      item.audio_url = null;
      item.transcript = null;
      delete item.thumbnail_url;
      delete item.synth_audio_url;
      delete item.synth_audio_url_mp4;
      delete item.translation_suggestion;
    } else if (item.reply_to?.id === frame.message_id) {
      item.reply_to.message = '';
      item.reply_to.deleted = true;
    }
  }
  return list;
}
