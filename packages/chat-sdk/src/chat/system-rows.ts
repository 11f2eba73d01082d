import type { CallEvent } from '../protocol/calls';
import {
  GROUP_EVENT_KINDS,
  type GroupEvent,
  type GroupEventKind,
  type LastMessageInfo,
} from '../protocol/systemRows';
import type { ReceivedMessage } from './chat-state';

/**
 * System rows (docs/socket-protocol.md, Surface): which messages are records of something that
 * happened (a call, a group event) rather than something someone said, and what a chat list says
 * about a chat's last message. A spec-only backend sends neither field, and everything here then
 * answers as for an ordinary message.
 */

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function person(value: unknown): { id: number; username: string } | null {
  if (!isObject(value)) return null;
  const { id, username } = value;
  if (typeof id !== 'number' || !Number.isInteger(id) || typeof username !== 'string') return null;
  return { id, username };
}

/** A message's record of a group event, or null when absent or malformed. */
export function readGroupEvent(value: unknown): GroupEvent | null {
  if (!isObject(value)) return null;
  const actor = person({ id: value.actor_id, username: value.actor_username });
  if (!(GROUP_EVENT_KINDS as readonly unknown[]).includes(value.event) || !actor) return null;
  const members = Array.isArray(value.members)
    ? value.members.map(person).filter((m): m is { id: number; username: string } => m !== null)
    : [];
  const event: GroupEvent = {
    event: value.event as GroupEventKind,
    actor_id: actor.id,
    actor_username: actor.username,
    members,
  };
  if (typeof value.group_name === 'string') event.group_name = value.group_name;
  return event;
}

/** The message is a record (a call, a group event): shown as a centred row, not a bubble. */
export function isSystemMessage(message: {
  call_event?: Readonly<CallEvent> | null;
  group_event?: Readonly<GroupEvent> | null;
}): boolean {
  return Boolean(message.call_event || message.group_event);
}

/** What the chat list needs to word a message that the chat store holds. */
export function lastMessageInfoOf(message: Readonly<ReceivedMessage>): LastMessageInfo {
  const info: LastMessageInfo = {
    sender_id: message.sender_id,
    file_type: message.file_type,
  };
  if (message.audio_url) info.voice = true;
  if (message.call_event) info.call_event = message.call_event as CallEvent;
  if (message.group_event) info.group_event = message.group_event as GroupEvent;
  if (message.deleted) info.deleted = true;
  return info;
}
