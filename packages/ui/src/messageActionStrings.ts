// Kept apart from strings.ts (like mediaStrings.ts) so routes without a conversation do not
// download these words, and so the message-action slice adds lines to no shared catalog.
/** Strings of reply, edit and delete (issue 25): the bubble's actions, quotes, composer modes. */
export const MESSAGE_ACTION_STRINGS = {
  actions: 'Message actions',
  reply: 'Reply',
  edit: 'Edit',
  deleteForEveryone: 'Delete for everyone',
  deleteForMe: 'Delete for me',
  copy: 'Copy text',
  edited: 'Edited',
  deleted: 'This message was deleted.',
  /** The quote in a reply: a button that shows the original. */
  showOriginal: (name: string) => `Reply to ${name}: show the original message`,
  notLoaded: 'The original message is too far back to show.',
  replyingTo: (name: string) => `Replying to ${name}`,
  editing: 'Editing message',
  cancelReply: 'Cancel reply',
  cancelEdit: 'Cancel editing',
  /** 'Delete for everyone' asks first (it cannot be undone; 'Delete for me' does not ask). */
  confirmDeleteTitle: 'Delete this message for everyone?',
  confirmDeleteText: 'Everyone in this chat will see ‘This message was deleted.’ instead.',
  cancel: 'Cancel',
  /** Issue 29: report a message of someone else (the profile report's reason, then 'Report sent'). */
  reportMessage: 'Report message',
  reportMessageTitle: (name: string) => `Report a message from ${name}`,
  reportedMessage: 'The message you report',
  reportSent: 'Report sent',
  reportDone: 'Done',
  /** A quoted message without text, by its kind. */
  kinds: {
    image: 'Photo',
    video: 'Video',
    audio: 'Voice message',
    application: 'File',
    text: '',
  },
} as const;
