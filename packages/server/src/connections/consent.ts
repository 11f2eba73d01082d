import type { ConnectionsRepository } from '../plugins/app/index.js';

/**
 * Whether any of `userIds` (the creator aside) is not an accepted connection of the creator: a
 * group enrols only people who agreed to hear from its creator.
 */
export async function notConnectedAmong(
  connections: ConnectionsRepository,
  creatorId: number,
  userIds: readonly number[],
): Promise<boolean> {
  const others = [...new Set(userIds)].filter((id) => id !== creatorId);
  if (others.length === 0) return false;
  const accepted = await connections.acceptedAmong(creatorId, others);
  return others.some((id) => !accepted.has(id));
}
