import type { ConnectionsRepository } from '../plugins/app/index.js';

/**
 * What a block means, decided here once (docs/protocol.md, Block and report). A block is one
 * person's choice about another and is never shown to the blocked person. Either way round it
 * separates the two: no connection requests, no private room (so no messages, files or calls —
 * the rooms repository's access check asks the same `isBlockedEitherWay`), and blocking removes
 * their connection (so their posts leave each other's feeds). One way round it hides: the
 * blocker's posts from the blocked person, the blocked person from the blocker's chat list.
 */
export interface BlockingRule {
  /** A block either way: the two cannot reach each other. */
  separates(a: number, b: number): Promise<boolean>;
  /** `author` has blocked `reader` (and is someone else): their posts are hidden, silently. */
  hidesPosts(author: number, reader: number): Promise<boolean>;
  /** `viewer` has blocked `other`: the viewer's side shows Unblock. */
  hasBlocked(viewer: number, other: number): Promise<boolean>;
  /** The people `viewer` has blocked: out of the viewer's chat list until unblocked. */
  hiddenFromChatList(viewer: number): Promise<Set<number>>;
}

type BlockStorage = Pick<ConnectionsRepository, 'isBlockedEitherWay' | 'hasBlocked' | 'blockedIds'>;

export function blockingRule(connections: BlockStorage): BlockingRule {
  return {
    separates: (a, b) => connections.isBlockedEitherWay(a, b),
    hidesPosts: async (author, reader) =>
      author !== reader && (await connections.hasBlocked(author, reader)),
    hasBlocked: async (viewer, other) =>
      viewer !== other && (await connections.hasBlocked(viewer, other)),
    hiddenFromChatList: (viewer) => connections.blockedIds(viewer),
  };
}
