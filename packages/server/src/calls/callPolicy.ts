import { privateRoomName } from '@parley/chat-sdk';
import type { ConnectionsRepository, MessagesRepository } from '../plugins/app/index.js';

export interface CallPolicyStorage {
  connections: Pick<ConnectionsRepository, 'between'>;
  messages: Pick<MessagesRepository, 'latestIn'>;
}

/**
 * Whether `a` may ring `b` (or exchange call frames with them): they share a conversation (a
 * private room with at least one message) or an accepted connection. Blocks are checked by the
 * caller through room access, which closes a blocked pair's room.
 */
export async function mayCall(storage: CallPolicyStorage, a: number, b: number): Promise<boolean> {
  if (a === b) return false;
  const connection = await storage.connections.between(a, b);
  if (connection?.status === 'accepted') return true;
  const room = privateRoomName(Math.min(a, b), Math.max(a, b));
  return (await storage.messages.latestIn([room])).length > 0;
}
