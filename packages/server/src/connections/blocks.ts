import { and, eq, or } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { blocks } from '../db/schema.js';

/** Whether either of the two has blocked the other. */
export async function isBlockedEitherWay(db: Database, a: number, b: number): Promise<boolean> {
  const [row] = await db
    .select({ blockerId: blocks.blockerId })
    .from(blocks)
    .where(
      or(
        and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)),
        and(eq(blocks.blockerId, b), eq(blocks.blockedId, a)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Whether `blocker` has blocked `blocked`. */
export async function hasBlocked(db: Database, blocker: number, blocked: number): Promise<boolean> {
  const [row] = await db
    .select({ blockerId: blocks.blockerId })
    .from(blocks)
    .where(and(eq(blocks.blockerId, blocker), eq(blocks.blockedId, blocked)))
    .limit(1);
  return row !== undefined;
}

/** The people `blocker` has blocked. */
export async function blockedIds(db: Database, blocker: number): Promise<Set<number>> {
  const rows = await db
    .select({ blockedId: blocks.blockedId })
    .from(blocks)
    .where(eq(blocks.blockerId, blocker));
  return new Set(rows.map((row) => row.blockedId));
}
