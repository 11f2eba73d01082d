import type { SocketUserObject } from './protocol/user-objects';

/**
 * Room names of spec §7. The sidebar and the profile page name a private room differently; the
 * server treats both as the same conversation, so both forms are produced and parsed here.
 */

/** 'private-{min}-{max}', the sidebar's form. */
export function privateRoomName(a: number, b: number): string {
  return `private-${Math.min(a, b)}-${Math.max(a, b)}`;
}

/** 'private_{min}_{max}', the form used when navigating from a profile. */
export function profileRoomName(a: number, b: number): string {
  return `private_${Math.min(a, b)}_${Math.max(a, b)}`;
}

/** A group's room: its name trimmed, lowercased, each run of whitespace turned into '-'. */
export function groupRoomName(groupName: string): string {
  return groupName.trim().toLowerCase().replace(/\s+/g, '-');
}

export type ParsedRoom =
  | { kind: 'private'; userIds: [number, number] }
  | { kind: 'group'; slug: string };

const PRIVATE_ROOM = /^private(?:-(\d+)-(\d+)|_(\d+)_(\d+))$/;

/** Reads a room name back; both private forms parse alike. Null for an empty or malformed name. */
export function parseRoomName(room: string): ParsedRoom | null {
  const match = PRIVATE_ROOM.exec(room);
  if (match) {
    const a = Number(match[1] ?? match[3]);
    const b = Number(match[2] ?? match[4]);
    return { kind: 'private', userIds: [Math.min(a, b), Math.max(a, b)] };
  }
  if (room === '' || /\s/.test(room) || room !== room.toLowerCase()) return null;
  return { kind: 'group', slug: room };
}

/** The server's name for a room: a private room in its 'private-{min}-{max}' form, else as is. */
export function canonicalRoomName(room: string): string {
  const parsed = parseRoomName(room);
  return parsed?.kind === 'private' ? privateRoomName(...parsed.userIds) : room;
}

/**
 * A group's people as `user_objects` (spec §7): from `members` when the server sends them (a
 * Parley extension), else from the spec's `user_ids`.
 */
export function groupUserObjects(group: {
  user_ids?: readonly (number | string)[] | null;
  members?: readonly { id: number; username: string }[] | null;
}): SocketUserObject[] {
  if (Array.isArray(group.members)) {
    return group.members.map((member) => ({ id: member.id, username: member.username }));
  }
  if (!Array.isArray(group.user_ids)) return [];
  return group.user_ids.flatMap((id) => {
    const number = Number(id);
    return Number.isSafeInteger(number) && number > 0 ? [{ id: number }] : [];
  });
}
