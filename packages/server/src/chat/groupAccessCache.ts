import { canonicalRoomName } from '@parley/chat-sdk';
import type { RoomAccess, RoomsRepository } from '../plugins/app/index.js';

/** As long as a socket trusts its own answer (chatConnection.ts): staleness stays as bounded. */
const GROUP_CACHE_MS = 5_000;
const MAX_GROUPS = 10_000;

/**
 * Group rooms' members, shared by every socket of this process. Each socket re-checks its room
 * every few seconds; before, 500 sockets in rooms of 20 made 200 queries a second for 25 lists
 * (two statements each, about a fifth of the server's time in the profile). A group only grows
 * while its members' sockets are open (an account's deletion closes them), so a fresh list that
 * names the person answers for them; anyone it does not name is asked of the database, and
 * private rooms (a block closes one) are always asked.
 */
export class GroupAccessCache implements Pick<RoomsRepository, 'access'> {
  private readonly groups = new Map<string, { room: RoomAccess; at: number }>();
  /**
   * A group's list being read: members asking meanwhile wait for it rather than each reading it
   * (the sockets of a group joined together re-check together, 5 s later).
   */
  private readonly reading = new Map<string, Promise<RoomAccess | null>>();

  constructor(
    private readonly rooms: Pick<RoomsRepository, 'access'>,
    private readonly now: () => number = Date.now,
  ) {}

  async access(userId: number, roomName: string): Promise<RoomAccess | null> {
    const canonical = canonicalRoomName(roomName);
    const cached = this.groups.get(canonical);
    if (
      cached &&
      this.now() - cached.at < GROUP_CACHE_MS &&
      cached.room.memberIds.includes(userId)
    ) {
      return cached.room;
    }
    const under = this.reading.get(canonical);
    if (under) {
      const shared = await under.catch(() => null);
      // A fresh list naming this person answers for them; anyone else is asked below.
      if (shared?.kind === 'group' && shared.memberIds.includes(userId)) return shared;
    }
    const read = this.rooms.access(userId, roomName);
    this.reading.set(canonical, read);
    try {
      const room = await read;
      if (room?.kind === 'group') {
        if (this.groups.size >= MAX_GROUPS) this.groups.clear();
        this.groups.set(canonical, { room, at: this.now() });
      }
      return room;
    } finally {
      if (this.reading.get(canonical) === read) this.reading.delete(canonical);
    }
  }
}
