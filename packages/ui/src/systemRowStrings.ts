// Kept apart from strings.ts (as callStrings.ts is): the words of system rows and chat-list
// previews, which only the signed-in chat needs.
import { icu, localize } from '@parley/chat-sdk/i18n';
import { uiCatalog } from './i18n/ui-catalog';

/** Strings of system rows (calls, group events) and of the chat list's last-message previews. */
export const SYSTEM_ROW_SOURCE = {
  /** A group event, worded for the reader ('You' when they acted or were the one added). */
  group: {
    created: icu(
      '{hasGroup, select, yes {{actor} created the group "{group}"} other {{actor} created the group}}',
      (actor: string, group: string | null) => ({
        actor,
        group: group ?? '',
        hasGroup: group ? 'yes' : 'no',
      }),
    ),
    createdByYou: icu(
      '{hasGroup, select, yes {You created the group "{group}"} other {You created the group}}',
      (group: string | null) => ({ group: group ?? '', hasGroup: group ? 'yes' : 'no' }),
    ),
    added: icu('{actor} added {members}', (actor: string, members: string) => ({
      actor,
      members,
    })),
    addedByYou: icu('You added {members}', (members: string) => ({ members })),
    removed: icu('{actor} removed {members}', (actor: string, members: string) => ({
      actor,
      members,
    })),
    removedByYou: icu('You removed {members}', (members: string) => ({ members })),
    left: icu('{actor} left', (actor: string) => ({ actor })),
    youLeft: 'You left',
    /** A member named in an event who is the reader. */
    you: 'you',
  },
  /** The chat list's line for the last message. */
  preview: {
    /** Before one's own last message: 'You: See you at five'. */
    mine: icu('You: {text}', (text: string) => ({ text })),
    /** A last message deleted for everyone (issue 25), as WhatsApp words it. */
    deleted: 'This message was deleted.',
    deletedMine: 'You deleted this message.',
    photo: 'Photo',
    video: 'Video',
    file: 'File',
    audio: 'Audio',
    voice: icu(
      '{hasDuration, select, yes {Voice message {duration}} other {Voice message}}',
      (duration: string | null) => ({
        duration: duration ?? '',
        hasDuration: duration ? 'yes' : 'no',
      }),
    ),
    call: icu(
      '{type, select, video {{hasDuration, select, yes {Video call {duration}} other {Video call}}} other {{hasDuration, select, yes {Audio call {duration}} other {Audio call}}}}',
      (type: 'audio' | 'video', duration: string | null) => ({
        type,
        duration: duration ?? '',
        hasDuration: duration ? 'yes' : 'no',
      }),
    ),
    missedCall: icu(
      '{type, select, video {Missed video call} other {Missed audio call}}',
      (type: 'audio' | 'video') => ({ type }),
    ),
    declinedCall: icu(
      '{type, select, video {Declined video call} other {Declined audio call}}',
      (type: 'audio' | 'video') => ({ type }),
    ),
  },
  /** Accessible name of the list of system rows' kind, read before the words. */
  callRecord: 'Call',
  groupEvent: 'Group event',
} as const;

export const SYSTEM_ROW_STRINGS = localize('ui.systemRow', SYSTEM_ROW_SOURCE, uiCatalog());
