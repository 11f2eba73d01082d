/**
 * Wire types of Parley's "system rows" extensions (docs/socket-protocol.md, Surface): a group's
 * record of its own events, and what the chat list says about a chat's last message. All optional:
 * a spec-only backend sends none of them and clients keep showing the spec's fields.
 */
import type { CallEvent } from './calls';

export const GROUP_EVENT_KINDS = ['created', 'member_added', 'member_removed', 'left'] as const;
export type GroupEventKind = (typeof GROUP_EVENT_KINDS)[number];

/**
 * Parley extension on a stored chat message: the message is a group's record of one of its own
 * events, written by the server (sender = the person who acted). Its `message` is a plain English
 * sentence for clients that do not know the field; clients that do word it themselves.
 */
export interface GroupEvent {
  event: GroupEventKind;
  /** Who acted (created the group, added or removed someone, left). */
  actor_id: number;
  actor_username: string;
  /** Who was added or removed; empty for 'created' and 'left'. */
  members: readonly { readonly id: number; readonly username: string }[];
  /** The group's name at the time ('created'). */
  group_name?: string;
}

/**
 * Parley extension on chat-list rows (`GET /chatmessage/chats/`, `GET /chatmessage/user/group/`):
 * what the last message is, so the list can say 'Photo', 'Voice message 0:05', 'Missed audio call'
 * or 'You: …' instead of a file name. `last_message` stays the spec's text.
 */
export interface LastMessageInfo {
  sender_id: number;
  /** One of CHAT_FILE_TYPES (spelt out: chat.ts imports this file, not the other way round). */
  file_type: 'text' | 'image' | 'video' | 'application' | 'audio';
  /** A voice note (it has `audio_url`), as opposed to an audio file. */
  voice?: boolean;
  /** A voice note's length, when the server decoded it. */
  duration_seconds?: number | null;
  call_event?: CallEvent | null;
  group_event?: GroupEvent | null;
  /** Deleted for everyone by its sender (issue 25): 'This message was deleted.'. */
  deleted?: boolean;
}
