import type { MessageQuote } from '@parley/chat-sdk';
import { useState } from 'react';
import type { ComposerFile } from '../Composer/private/useAttachmentUpload';
import type { MessageBubbleMessage } from '../MessageBubble/MessageBubbleMessage';
import { type ComposerMode, type MessageActionHandlers, quoteFor } from './messageActionTypes';

export interface MessageActionCallbacks {
  /** Sends a reply quoting `quote` (the sdk's chat.reply). */
  onReply?: (text: string, file: ComposerFile | undefined, quote: MessageQuote) => void;
  /** Sends the new text of my message (the sdk's chat.editMessage). */
  onEditMessage?: (messageId: number, text: string) => void;
  /** Deletes for everyone, or for me only (the sdk's chat.deleteMessage). */
  onDeleteMessage?: (messageId: number, forMe: boolean) => void;
  /** Issue 26: reports the translation of a message I was given (the sdk's reportTranslation). */
  onReportTranslation?: (messageId: number) => Promise<void>;
  /** Issue 29: reports a message of someone else, with its sender (the sdk's connections.report). */
  onReportMessage?: (messageId: number, senderId: number, reason: string) => Promise<void>;
  /** Issue 26: my better translation into my language (the sdk's suggestTranslation). */
  onSuggestTranslation?: (messageId: number, text: string) => Promise<void>;
  /** Issue 26: my language's name, said in the suggestion form. */
  suggestionLanguage?: string;
}

/**
 * The conversation's message-action state: which message the composer replies to or edits (for
 * the open room only), the bubbles' actions, and the composer's send routed by that mode.
 */
export function useMessageActionsMode(
  roomKey: string | null,
  onSend: (text: string, file?: ComposerFile) => void,
  {
    onReply,
    onEditMessage,
    onDeleteMessage,
    onReportTranslation,
    onSuggestTranslation,
    suggestionLanguage,
    onReportMessage,
  }: MessageActionCallbacks,
) {
  const [state, setState] = useState<{ room: string | null; mode: ComposerMode } | null>(null);
  const mode = state && state.room === roomKey ? state.mode : null;
  const setMode = (next: ComposerMode) => setState({ room: roomKey, mode: next });
  const cancel = () => setState(null);

  const listActions: Omit<MessageActionHandlers, 'onJumpToQuote'> | undefined =
    onReply ||
    onEditMessage ||
    onDeleteMessage ||
    onReportTranslation ||
    onSuggestTranslation ||
    onReportMessage
      ? {
          ...(onReply
            ? {
                onReply: (message: MessageBubbleMessage) => {
                  const quote = quoteFor(message);
                  if (quote) setMode({ kind: 'reply', quote });
                },
              }
            : {}),
          ...(onEditMessage
            ? {
                onEdit: (message: MessageBubbleMessage) => {
                  if (message.id === null) return;
                  const text = message.original_message || message.message;
                  setMode({ kind: 'edit', messageId: message.id, text });
                },
              }
            : {}),
          ...(onDeleteMessage
            ? {
                onDelete: (message: MessageBubbleMessage, forMe: boolean) => {
                  if (message.id !== null) onDeleteMessage(message.id, forMe);
                },
              }
            : {}),
          ...(onReportTranslation
            ? {
                onReportTranslation: async (message: MessageBubbleMessage) => {
                  if (message.id !== null) await onReportTranslation(message.id);
                },
              }
            : {}),
          ...(onReportMessage
            ? {
                onReportMessage: async (message: MessageBubbleMessage, reason: string) => {
                  if (message.id !== null) {
                    await onReportMessage(message.id, message.sender_id, reason);
                  }
                },
              }
            : {}),
          ...(onSuggestTranslation && suggestionLanguage
            ? {
                suggestionLanguage,
                onSuggestTranslation: async (message: MessageBubbleMessage, text: string) => {
                  if (message.id !== null) await onSuggestTranslation(message.id, text);
                },
              }
            : {}),
        }
      : undefined;

  function send(text: string, file?: ComposerFile) {
    if (mode?.kind === 'edit') {
      if (text.trim() !== '' && text !== mode.text) onEditMessage?.(mode.messageId, text);
      cancel();
      return;
    }
    if (mode?.kind === 'reply' && onReply) {
      onReply(text, file, mode.quote);
      cancel();
      return;
    }
    onSend(text, file);
  }

  return { mode, cancel, listActions, send };
}
