import { randomUUID } from 'node:crypto';
import type { StoredGroupEvent } from '../db/schema.js';
import { type MessagesRepository, type StoredMessage, textMessage } from '../plugins/app/index.js';
import type { MessageSender } from '../plugins/app/users-repository.js';

/**
 * Language-neutral text of a group event for clients that know only the spec's fields (as a call
 * record's '📞 2:13'); Parley's clients read `group_event` and word it in the reader's language.
 */
export function groupEventText(event: StoredGroupEvent): string {
  const names = event.members.map((m) => m.username).join(', ');
  switch (event.event) {
    case 'created':
      return `👥 ${event.group_name ?? ''}`.trimEnd();
    case 'member_added':
      return `👥 + ${names}`;
    case 'member_removed':
      return `👥 − ${names}`;
    case 'left':
      return `👥 − ${event.actor_username}`;
  }
}

/**
 * Writes a group's record of one of its own events into its room, sent by the person who acted
 * (docs/socket-protocol.md, Surface). Never translated (messageTranslation skips records).
 */
export function recordGroupEvent(
  messages: Pick<MessagesRepository, 'store'>,
  actor: MessageSender,
  room: string,
  event: StoredGroupEvent,
): Promise<StoredMessage> {
  return messages.store(
    actor,
    textMessage(room, `group:${randomUUID()}`, groupEventText(event), { groupEvent: event }),
  );
}
