import { privateRoomName } from '@parley/chat-sdk';
import { and, eq } from 'drizzle-orm';
import { connectionBetween } from '../connections/connectionStore.js';
import type { Database } from '../db/database.js';
import { messages } from '../db/schema.js';

/**
 * Whether `a` may ring `b` (or exchange call frames with them): they share a conversation (a
 * private room with at least one message) or an accepted connection. Blocks are checked by the
 * caller through room access, which closes a blocked pair's room.
 */
export async function mayCall(db: Database, a: number, b: number): Promise<boolean> {
  if (a === b) return false;
  const connection = await connectionBetween(db, a, b);
  if (connection?.status === 'accepted') return true;
  const [message] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.room, privateRoomName(Math.min(a, b), Math.max(a, b)))))
    .limit(1);
  return message !== undefined;
}
