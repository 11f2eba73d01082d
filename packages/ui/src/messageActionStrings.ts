// Kept apart from strings.ts (like mediaStrings.ts) so routes without a conversation do not
// download these words, and so the message-action slice adds lines to no shared catalog.
import { icu, localize } from '@parley/chat-sdk/i18n';
import { uiCatalog } from './i18n/ui-catalog';

/** Strings of reply, edit and delete (issue 25): the bubble's actions, quotes, composer modes. */
export const MESSAGE_ACTION_SOURCE = {
  actions: 'Message actions',
  reply: 'Reply',
  edit: 'Edit',
  deleteForEveryone: 'Delete for everyone',
  deleteForMe: 'Delete for me',
  copy: 'Copy text',
  edited: 'Edited',
  deleted: 'This message was deleted.',
  /** The quote in a reply: a button that shows the original. */
  showOriginal: icu('Reply to {name}: show the original message', (name: string) => ({ name })),
  notLoaded: 'The original message is too far back to show.',
  replyingTo: icu('Replying to {name}', (name: string) => ({ name })),
  editing: 'Editing message',
  cancelReply: 'Cancel reply',
  cancelEdit: 'Cancel editing',
  /** 'Delete for everyone' asks first (it cannot be undone; 'Delete for me' does not ask). */
  confirmDeleteTitle: 'Delete this message for everyone?',
  confirmDeleteText: 'Everyone in this chat will see ‘This message was deleted.’ instead.',
  cancel: 'Cancel',
  /** Issue 29: report a message of someone else (the profile report's reason, then 'Report sent'). */
  reportMessage: 'Report message',
  reportMessageTitle: icu('Report a message from {name}', (name: string) => ({ name })),
  reportedMessage: 'The message you report',
  reportSent: 'Report sent',
  reportDone: 'Done',
  /**
   * A quoted message without text, by its kind (a text message without text shows nothing: no
   * entry, as an empty message cannot be translated).
   */
  kinds: {
    image: 'Photo',
    video: 'Video',
    audio: 'Voice message',
    application: 'File',
  },
} as const;

export const MESSAGE_ACTION_STRINGS = localize(
  'ui.messageAction',
  MESSAGE_ACTION_SOURCE,
  uiCatalog(),
);
