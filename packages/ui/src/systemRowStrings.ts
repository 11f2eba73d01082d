// Kept apart from strings.ts (as callStrings.ts is): the words of system rows and chat-list
// previews, which only the signed-in chat needs.
/** Strings of system rows (calls, group events) and of the chat list's last-message previews. */
export const SYSTEM_ROW_STRINGS = {
  /** A group event, worded for the reader ('You' when they acted or were the one added). */
  group: {
    created: (actor: string, group: string | null) =>
      group ? `${actor} created the group "${group}"` : `${actor} created the group`,
    createdByYou: (group: string | null) =>
      group ? `You created the group "${group}"` : 'You created the group',
    added: (actor: string, members: string) => `${actor} added ${members}`,
    addedByYou: (members: string) => `You added ${members}`,
    removed: (actor: string, members: string) => `${actor} removed ${members}`,
    removedByYou: (members: string) => `You removed ${members}`,
    left: (actor: string) => `${actor} left`,
    youLeft: 'You left',
    /** A member named in an event who is the reader. */
    you: 'you',
  },
  /** The chat list's line for the last message. */
  preview: {
    /** Before one's own last message: 'You: See you at five'. */
    mine: (text: string) => `You: ${text}`,
    /** A last message deleted for everyone (issue 25), as WhatsApp words it. */
    deleted: 'This message was deleted.',
    deletedMine: 'You deleted this message.',
    photo: 'Photo',
    video: 'Video',
    file: 'File',
    audio: 'Audio',
    voice: (duration: string | null) => (duration ? `Voice message ${duration}` : 'Voice message'),
    call: (type: 'audio' | 'video', duration: string | null) => {
      const name = type === 'video' ? 'Video call' : 'Audio call';
      return duration ? `${name} ${duration}` : name;
    },
    missedCall: (type: 'audio' | 'video') =>
      type === 'video' ? 'Missed video call' : 'Missed audio call',
    declinedCall: (type: 'audio' | 'video') =>
      type === 'video' ? 'Declined video call' : 'Declined audio call',
  },
  /** Accessible name of the list of system rows' kind, read before the words. */
  callRecord: 'Call',
  groupEvent: 'Group event',
} as const;
