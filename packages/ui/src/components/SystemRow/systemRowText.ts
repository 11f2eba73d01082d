import { type CallEvent, formatDuration, type GroupEvent, interfaceLocale } from '@parley/chat-sdk';
import { SYSTEM_ROW_STRINGS } from '../../systemRowStrings';

const G = SYSTEM_ROW_STRINGS.group;

/**
 * 'ana, bo and carmen' in English, 'ana, bo y carmen' in Spanish (the names as given; a long list
 * keeps every name). English keeps the spec's wording: no serial comma, which CLDR's English adds.
 */
function nameList(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  const locale = interfaceLocale();
  if (locale === 'en') {
    return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  }
  return new Intl.ListFormat([locale], { type: 'conjunction' }).format(names);
}

/**
 * A group event in whole sentences for the reader: 'You added bo', 'ana created the group
 * "Team"'. `byMe` is true when the reader acted (their own record); `meId` turns a member who is
 * the reader into 'you'. Each case is its own sentence, never a name slot filled with 'You'.
 */
export function groupEventText(
  event: Readonly<GroupEvent>,
  byMe: boolean,
  meId?: number | null,
): string {
  const members = nameList(event.members.map((m) => (m.id === meId ? G.you : m.username)));
  const actor = event.actor_username;
  switch (event.event) {
    case 'created':
      return byMe
        ? G.createdByYou(event.group_name ?? null)
        : G.created(actor, event.group_name ?? null);
    case 'member_added':
      return byMe ? G.addedByYou(members) : G.added(actor, members);
    case 'member_removed':
      return byMe ? G.removedByYou(members) : G.removed(actor, members);
    case 'left':
      return byMe ? G.youLeft : G.left(actor);
  }
}

/** A call record for the chat list: 'Missed audio call', 'Audio call 2:13'. */
export function callPreviewText(event: Readonly<CallEvent>): string {
  const P = SYSTEM_ROW_STRINGS.preview;
  if (event.event === 'started') return P.call(event.call_type, null);
  if (event.duration_seconds !== undefined) {
    return P.call(event.call_type, formatDuration(event.duration_seconds));
  }
  return event.reason === 'declined'
    ? P.declinedCall(event.call_type)
    : P.missedCall(event.call_type);
}
