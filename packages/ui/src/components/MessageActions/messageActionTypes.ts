import { MESSAGE_EDIT_WINDOW_MS, type MessageQuote } from '@parley/chat-sdk';
import type { MessageBubbleMessage } from '../MessageBubble/MessageBubbleMessage';

/**
 * What a bubble may offer (issue 25). Each action is offered only when given, and only on a
 * stored message (one with an `id`): a spec-only backend sends none, so its messages offer just
 * 'Copy text'.
 */
export interface MessageActionHandlers {
  onReply?: (message: MessageBubbleMessage) => void;
  /** Offered on my own text messages within MESSAGE_EDIT_WINDOW_MS. */
  onEdit?: (message: MessageBubbleMessage) => void;
  /** `forMe`: hide it for me only; else delete it for everyone (my own messages). */
  onDelete?: (message: MessageBubbleMessage, forMe: boolean) => void;
  /** Issue 26: offered on messages translated for me; resolves once the report is stored. */
  onReportTranslation?: (message: MessageBubbleMessage) => Promise<void>;
  /** Issue 29: reports someone else's message with my reason (its sender is reported). */
  onReportMessage?: (message: MessageBubbleMessage, reason: string) => Promise<void>;
  /** Issue 26: writes my better translation of a message translated for me. */
  onSuggestTranslation?: (message: MessageBubbleMessage, text: string) => Promise<void>;
  /** Issue 26: the language I suggest into (mine, by name: 'Spanish'). */
  suggestionLanguage?: string;
  /** The quote of a reply was tapped: show the quoted message. */
  onJumpToQuote?: (messageId: number) => void;
}

/** The composer's mode: writing a reply to a quoted message, or editing one of mine. */
export type ComposerMode =
  | { kind: 'reply'; quote: Readonly<MessageQuote> }
  | { kind: 'edit'; messageId: number; text: string };

/** Whether I may still edit this message (the server checks again). */
export function canEdit(message: MessageBubbleMessage, now: number): boolean {
  return (
    message.type === 'sent' &&
    message.id !== null &&
    !message.deleted &&
    !message.call_event &&
    !message.audio_url &&
    now - Date.parse(message.timestamp) < MESSAGE_EDIT_WINDOW_MS
  );
}

/** A bubble's message as the quote a reply to it shows; null before it is stored. */
export function quoteFor(message: MessageBubbleMessage): MessageQuote | null {
  if (message.id === null) return null;
  const sent = message.type === 'sent';
  return {
    id: message.id,
    sender_id: message.sender_id,
    sender_username: message.sender_username,
    message: message.deleted
      ? ''
      : sent
        ? message.original_message || message.message
        : message.message,
    file_type: message.file_type ?? 'text',
    ...(message.deleted ? { deleted: true } : {}),
  };
}
