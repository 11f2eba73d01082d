import type { ParleyClient } from '@parley/chat-sdk';
import type { MessageActionCallbacks } from '../ChatView';

/**
 * Reply, edit and delete in the open room, bound to the sdk's chat store (docs/sdk-api.md,
 * Message actions). The bubbles offer them on stored messages only, so a spec-only backend's
 * messages (no ids) offer none of them.
 */
export function roomMessageActions(
  client: ParleyClient,
  selectedKey: string | null,
  /** Issue 26: my language's name: suggested translations are written into it. */
  myLanguage: string | null = null,
): MessageActionCallbacks {
  return {
    ...(myLanguage
      ? {
          suggestionLanguage: myLanguage,
          onSuggestTranslation: async (messageId: number, text: string) => {
            await client.api.chat.suggestTranslation(messageId, text);
          },
        }
      : {}),
    onReply: (text, file, quote) => {
      if (!selectedKey) return;
      client.chat.reply(
        {
          roomName: selectedKey,
          text,
          ...(file ? { file: { url: file.url, type: file.type, name: file.name } } : {}),
        },
        quote,
      );
    },
    onEditMessage: (messageId, text) => {
      client.chat.editMessage(messageId, text);
    },
    onDeleteMessage: (messageId, forMe) => {
      client.chat.deleteMessage(messageId, { forMe });
    },
    // Issue 29: the sender is reported with the message; 409/429 reject with the server's words.
    onReportMessage: async (messageId, senderId, reason) => {
      await client.api.connections.report({ userId: senderId, reason, messageId });
    },
    // Issue 26: a backend without the route answers 404; the bubble then says it failed.
    onReportTranslation: async (messageId) => {
      await client.api.chat.reportTranslation(messageId);
    },
  };
}
