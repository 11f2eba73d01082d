import { SOCKET_LIMITS } from '@parley/chat-sdk';
import type { MessageSearchRepository } from '../../plugins/app/index.js';

/** Messages older than the one jumped to that the page still brings, for context. */
const CONTEXT_BEFORE = 10;
/** The most one history page brings when it reaches back to a message. */
export const MAX_AROUND_PAGE = 1_000;

/**
 * The page size of GET /chatmessage/history/?around=<id> (docs/protocol.md, Message search): the
 * usual page, grown to reach back from `before` (or the newest message) to `around` and a few
 * older ones, so the client's list stays one unbroken run from the newest message down. A message
 * further back than MAX_AROUND_PAGE takes several pages (has_more says so).
 */
export async function historyPageSizeAround(
  search: Pick<MessageSearchRepository, 'countSince'>,
  room: string,
  around: number,
  before: number | undefined,
): Promise<number> {
  const since = await search.countSince(room, around, before);
  return Math.min(MAX_AROUND_PAGE, Math.max(SOCKET_LIMITS.historyPageSize, since + CONTEXT_BEFORE));
}
