import { proxy } from 'valtio/vanilla';
import type { Logger } from '../logger';
import type { ModerationNotice } from '../protocol/moderation';
import type { ServerFrame } from '../protocol/socket';
import type { ChatSocket } from '../socket/chat-socket';
import type { StorageLike } from '../storage';
import type { ModerationApi } from './moderation-api';

/** Notices waiting to be shown to the signed-in person (issue 29), oldest first. */
export interface ModerationNoticeState {
  notices: ModerationNotice[];
}

export interface ModerationNoticeStore {
  /** Bind with `subscribeToState`/`snapshotOfState`. */
  state: ModerationNoticeState;
  /**
   * Reads GET /moderation/notices/ and queues those newer than the last one shown on this
   * device. Runs by itself each time the socket opens (sign-in, a new visit, a reconnect).
   */
  check(): Promise<void>;
  /** The person saw this notice: it leaves the queue and is never shown again on this device. */
  acknowledge(id: number): void;
  /** Another session: forget the queue. */
  reset(): void;
  dispose(): void;
}

/** At most this many notices that came while the person was away are shown on return. */
export const NOTICES_SHOWN_ON_RETURN = 5;

const seenKey = (userId: number) => `parley.moderationNoticeSeen.${userId}`;

/**
 * The notices moderators sent the signed-in person: live from the `moderation_notice` frame, and
 * on their next visit from GET /moderation/notices/. Which were shown is remembered per person
 * in the client's storage (the newest id shown), so the server needs no 'seen' call; a new
 * device shows the latest few again, which errs on the side of the person knowing.
 */
export function createModerationNoticeStore(options: {
  socket: ChatSocket;
  api: ModerationApi;
  storage: StorageLike;
  me: () => number | null;
  logger: Logger;
}): ModerationNoticeStore {
  const { socket, api, storage, me, logger } = options;
  const state = proxy<ModerationNoticeState>({ notices: [] });

  // What this client acknowledged, so a slow (async) storage never lets one show twice.
  const acknowledged = new Map<number, number>();

  async function lastSeen(userId: number): Promise<number> {
    const here = acknowledged.get(userId) ?? 0;
    try {
      const value = Number(await storage.getItem(seenKey(userId)));
      return Number.isFinite(value) ? Math.max(value, here) : here;
    } catch {
      return here;
    }
  }

  function queue(notice: ModerationNotice, seen: number) {
    if (notice.id <= seen || state.notices.some((n) => n.id === notice.id)) return;
    state.notices.push(notice);
    state.notices.sort((a, b) => a.id - b.id);
  }

  async function check() {
    const userId = me();
    if (userId === null) return;
    let results: ModerationNotice[];
    try {
      results = (await api.notices()).results;
    } catch (error) {
      // A backend without moderation (404) or offline: the live frames still arrive.
      logger.debug('[parley] moderation notices not loaded', error);
      return;
    }
    if (me() !== userId) return;
    const seen = await lastSeen(userId);
    const unseen = results
      .filter((n) => n.id > seen)
      .sort((a, b) => b.id - a.id)
      .slice(0, NOTICES_SHOWN_ON_RETURN);
    for (const notice of unseen) queue(notice, seen);
  }

  function onFrame(frame: ServerFrame) {
    if (frame.type !== 'moderation_notice') return;
    const userId = me();
    if (userId === null) return;
    const { type: _type, ...notice } = frame;
    void lastSeen(userId).then((seen) => queue(notice, seen));
  }

  const offFrame = socket.on('frame', onFrame);
  const offStatus = socket.on('status', (status) => {
    if (status === 'open') void check();
  });

  return {
    state,
    check,
    acknowledge(id) {
      state.notices = state.notices.filter((n) => n.id !== id);
      const userId = me();
      if (userId === null) return;
      if (id <= (acknowledged.get(userId) ?? 0)) return;
      acknowledged.set(userId, id);
      void lastSeen(userId).then((seen) => {
        if (id >= seen) return storage.setItem(seenKey(userId), String(id));
      });
    },
    reset() {
      state.notices = [];
    },
    dispose() {
      offFrame();
      offStatus();
    },
  };
}
