import type { BlockChangedFrame } from '../protocol/blockingInGroups';

type Json = Record<string, unknown>;

/**
 * Reader of `block_changed` (issue 29), spread into SERVER_FRAME_READERS: a frame without a
 * positive integer `user_id` or a boolean `blocked` is refused.
 */
export const BLOCKING_IN_GROUPS_READERS = {
  block_changed(raw: Json): BlockChangedFrame | null {
    const id = raw.user_id;
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) return null;
    if (typeof raw.blocked !== 'boolean') return null;
    return { type: 'block_changed', user_id: id, blocked: raw.blocked };
  },
};
