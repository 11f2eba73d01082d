import type { ConnectionChange, ConnectionStatus } from '@parley/chat-sdk';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { type ConnectionRow, connections, users } from '../db/schema.js';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Db = Database | Tx;

function pairWhere(a: number, b: number) {
  return or(
    and(eq(connections.fromUserId, a), eq(connections.toUserId, b)),
    and(eq(connections.fromUserId, b), eq(connections.toUserId, a)),
  );
}

/** The one connection row between two users, whichever way it was asked, or null. */
export async function connectionBetween(
  db: Db,
  a: number,
  b: number,
  forUpdate = false,
): Promise<ConnectionRow | null> {
  const query = db.select().from(connections).where(pairWhere(a, b)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/** The status of spec §4 as `me` sees it, with the direction of a pending request. */
export function statusFor(me: number, row: ConnectionRow | null): ConnectionStatus {
  if (!row) return { status: 'No connection' };
  if (row.status === 'accepted') return { status: 'accepted' };
  return { status: 'pending', direction: row.fromUserId === me ? 'sent' : 'received' };
}

/** The requester follows the receiver once accepted: the receiver's followers count moves. */
async function adjustFollowers(tx: Tx, userId: number, delta: 1 | -1): Promise<void> {
  await tx
    .update(users)
    .set({ followersCount: sql`greatest(${users.followersCount} + ${delta}, 0)` })
    .where(eq(users.id, userId));
}

export type RequestOutcome =
  | { kind: 'requested'; change: ConnectionChange }
  /** The other person had already asked: this request accepts theirs. */
  | { kind: 'accepted-crossing'; change: ConnectionChange }
  | { kind: 'already-pending' }
  | { kind: 'already-connected' };

/**
 * Asks `to` to connect. The pair's unique index decides races: of two requests at once (either
 * way round) one row is inserted; the other finds it and is answered from it.
 */
export function requestConnection(db: Database, from: number, to: number): Promise<RequestOutcome> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(connections)
      .values({ fromUserId: from, toUserId: to, status: 'pending' })
      .onConflictDoNothing()
      .returning();
    if (inserted.length > 0) {
      return { kind: 'requested', change: { status: 'pending', direction: 'sent' } } as const;
    }
    const existing = await connectionBetween(tx, from, to, true);
    if (!existing) throw new Error('connection conflict without a row');
    if (existing.status === 'accepted') return { kind: 'already-connected' } as const;
    if (existing.fromUserId === from) return { kind: 'already-pending' } as const;
    await tx
      .update(connections)
      .set({ status: 'accepted', acceptedAt: new Date() })
      .where(eq(connections.id, existing.id));
    await adjustFollowers(tx, from, 1);
    return { kind: 'accepted-crossing', change: { status: 'accepted' } } as const;
  });
}

/** The receiver accepts the pending request of `requester`; false when there is none. */
export function acceptConnection(db: Database, receiver: number, requester: number) {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(connections)
      .set({ status: 'accepted', acceptedAt: new Date() })
      .where(
        and(
          eq(connections.fromUserId, requester),
          eq(connections.toUserId, receiver),
          eq(connections.status, 'pending'),
        ),
      )
      .returning({ id: connections.id });
    if (updated.length === 0) return false;
    await adjustFollowers(tx, receiver, 1);
    return true;
  });
}

/**
 * Removes the connection between the two, whatever its state (cancel, reject, remove); the row
 * removed, or null when there was none.
 */
export function removeConnection(
  db: Database,
  a: number,
  b: number,
): Promise<ConnectionRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(connections).where(pairWhere(a, b)).returning();
    if (!row) return null;
    if (row.status === 'accepted') await adjustFollowers(tx, row.toUserId, -1);
    return row;
  });
}

/** Of `candidates`, the ids that are accepted connections of `me`. */
export async function acceptedAmong(
  db: Database,
  me: number,
  candidates: readonly number[],
): Promise<Set<number>> {
  if (candidates.length === 0) return new Set();
  const rows = await db
    .select({ from: connections.fromUserId, to: connections.toUserId })
    .from(connections)
    .where(
      and(
        eq(connections.status, 'accepted'),
        or(
          and(eq(connections.fromUserId, me), inArray(connections.toUserId, [...candidates])),
          and(eq(connections.toUserId, me), inArray(connections.fromUserId, [...candidates])),
        ),
      ),
    );
  return new Set(rows.map((r) => (r.from === me ? r.to : r.from)));
}

/** Ids of everyone `me` is connected with (accepted), either way round. */
export async function acceptedConnectionIds(db: Database, me: number): Promise<number[]> {
  const rows = await db
    .select({ from: connections.fromUserId, to: connections.toUserId })
    .from(connections)
    .where(
      and(
        eq(connections.status, 'accepted'),
        or(eq(connections.fromUserId, me), eq(connections.toUserId, me)),
      ),
    );
  return rows.map((r) => (r.from === me ? r.to : r.from));
}

/** How many `userId` follows: accepted connections they asked for. */
export async function followingCount(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(connections)
    .where(and(eq(connections.fromUserId, userId), eq(connections.status, 'accepted')));
  return row?.n ?? 0;
}
