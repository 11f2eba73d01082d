import type { ChatMessage, MessageQuote } from '@parley/chat-sdk';
import type { MessageActionsRepository } from '../plugins/app/index.js';
import { type ChatTranslation, type HistoryReader, localizeHistory } from './messageTranslation.js';

/** What quoting needs: the quoted rows and the translation flow history uses. */
export interface QuoteDeps {
  translation: ChatTranslation;
  actions: MessageActionsRepository;
}

/** A quoted message as its quote: a deleted one keeps only who sent it. */
export function quoteOf(message: ChatMessage): MessageQuote {
  return {
    id: message.id,
    sender_id: message.sender_id,
    sender_username: message.sender_username,
    message: message.deleted ? '' : message.message,
    file_type: message.file_type,
    ...(message.deleted ? { deleted: true } : {}),
  };
}

/**
 * Fills the `reply_to` of replies for one reader: the quoted text in the reader's language
 * (stored translations, else translated now and stored — the same flow as history), the
 * original for its own sender. A quote whose message no longer exists is dropped.
 */
export async function quoteForReader(
  deps: QuoteDeps,
  page: ChatMessage[],
  reader: HistoryReader,
): Promise<ChatMessage[]> {
  const ids = [...new Set(page.flatMap((m) => (m.reply_to ? [m.reply_to.id] : [])))];
  if (ids.length === 0) return page;
  const quoted = await deps.actions.byIds(ids);
  const localized = await localizeHistory(deps.translation, quoted, reader, new Set());
  const quotes = new Map(localized.map((m) => [m.id, quoteOf(m)]));
  return page.map((message) => {
    if (!message.reply_to) return message;
    const { reply_to: _placeholder, ...rest } = message;
    const quote = quotes.get(message.reply_to.id);
    return quote ? { ...rest, reply_to: quote } : rest;
  });
}
