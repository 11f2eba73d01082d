import type { ConnectionChange } from '@parley/chat-sdk';
import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNull,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { anyOf } from '../../db/anyOf.js';
import { batchedReads } from '../../db/batchedReads.js';
import type { Database } from '../../db/database.js';
import {
  blocks,
  type ConnectionRow,
  connections,
  type MessageRow,
  messages,
  reports,
  type UserRow,
  users,
} from '../../db/schema.js';
import { likePattern } from '../../http/queryParams.js';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Db = Database | Tx;

/** First key of the advisory lock that serialises one reporter's reports. */
const REPORT_LOCK_SPACE = 22_001;

/** The summary columns of a user, for list items and socket frames. */
const summaryColumns = {
  id: users.id,
  username: users.username,
  profileImage: users.profileImage,
  firstName: users.firstName,
  lastName: users.lastName,
  followersCount: users.followersCount,
  // Issue 25: lists show each person's language (docs/protocol.md, Translated bios and languages).
  language: users.language,
};

export type UserSummaryColumns = Pick<
  UserRow,
  'id' | 'username' | 'profileImage' | 'firstName' | 'lastName' | 'followersCount' | 'language'
>;

export type RequestOutcome =
  | { kind: 'requested'; change: ConnectionChange }
  /** The other person had already asked: this request accepts theirs. */
  | { kind: 'accepted-crossing'; change: ConnectionChange }
  | { kind: 'already-pending' }
  | { kind: 'already-connected' };

export interface SummaryPageQuery {
  me: number;
  /** A username substring, matched case-insensitively and literally; '' for all. */
  search: string;
  limit: number;
  offset: number;
}

export interface PendingPageQuery extends SummaryPageQuery {
  /** Only the request of this user. */
  from?: number;
}

export interface BlockedPageQuery {
  blocker: number;
  /** Keyset cursor: the people after this (lowercased name, id); else `offset` pages. */
  after?: { name: string; id: number };
  limit: number;
  offset: number;
}

export interface NewReport {
  reporterId: number;
  reportedUserId: number;
  reason: string;
  messageId: number | null;
  messageText: string | null;
  /** Issue 29: the reported post (its caption in messageText). */
  postId?: number | null;
}

/** Storage of connections (requests and accepted pairs), blocks and reports. */
export interface ConnectionsRepository {
  /** The one connection row between two users, whichever way it was asked, or null. */
  between(a: number, b: number): Promise<ConnectionRow | null>;
  /**
   * Asks `to` to connect. The pair's unique index decides races: of two requests at once (either
   * way round) one row is inserted; the other finds it and is answered from it.
   */
  request(from: number, to: number): Promise<RequestOutcome>;
  /** The receiver accepts the pending request of `requester`; false when there is none. */
  accept(receiver: number, requester: number): Promise<boolean>;
  /**
   * Removes the connection between the two, whatever its state (cancel, reject, remove); the row
   * removed, or null when there was none.
   */
  remove(a: number, b: number): Promise<ConnectionRow | null>;
  /** Of `candidates`, the ids that are accepted connections of `me`. */
  acceptedAmong(me: number, candidates: readonly number[]): Promise<Set<number>>;
  /** Ids of everyone `me` is connected with (accepted), either way round. */
  acceptedIds(me: number): Promise<number[]>;
  /** How many `userId` follows: accepted connections they asked for. */
  followingCount(userId: number): Promise<number>;
  /** The other side of `me`'s accepted connections, by username, and how many there are. */
  acceptedPage(query: SummaryPageQuery): Promise<{ rows: UserSummaryColumns[]; total: number }>;
  /** Requests waiting for `me`, newest first, and how many there are. */
  pendingPage(query: PendingPageQuery): Promise<{ rows: UserSummaryColumns[]; total: number }>;
  /** A user's summary columns as they are now (a frame after their count moved). */
  summary(userId: number): Promise<UserSummaryColumns | null>;

  block(blocker: number, blocked: number): Promise<void>;
  unblock(blocker: number, blocked: number): Promise<void>;
  /** Whether either of the two has blocked the other. */
  isBlockedEitherWay(a: number, b: number): Promise<boolean>;
  /** Whether `blocker` has blocked `blocked`. */
  hasBlocked(blocker: number, blocked: number): Promise<boolean>;
  /** The people `blocker` has blocked. */
  blockedIds(blocker: number): Promise<Set<number>>;
  /** Issue 29: everyone who blocked `blocked` (chat/personCache.ts keeps it for a few seconds). */
  blockersOf(blocked: number): Promise<Set<number>>;
  /** One page of the people `blocker` has blocked, by name then id, one row past the page. */
  blockedPage(query: BlockedPageQuery): Promise<{ rows: UserRow[]; total: number }>;

  /** The message a report quotes, as stored. */
  reportedMessage(id: number): Promise<MessageRow | null>;
  /**
   * Whether `reporter` has a report of `reported` still open (not yet resolved by a moderator);
   * with `postId` (issue 29), their report of that post.
   */
  hasOpenReport(reporter: number, reported: number, postId?: number): Promise<boolean>;
  /**
   * Files a report unless one of the same pair is open; a lock per reporter makes two at once
   * count as one. The new report's id, or null when one was already open.
   */
  fileReport(report: NewReport): Promise<number | null>;
}

function pairWhere(a: number, b: number) {
  return or(
    and(eq(connections.fromUserId, a), eq(connections.toUserId, b)),
    and(eq(connections.fromUserId, b), eq(connections.toUserId, a)),
  );
}

async function connectionBetween(
  db: Db,
  a: number,
  b: number,
  forUpdate = false,
): Promise<ConnectionRow | null> {
  const query = db.select().from(connections).where(pairWhere(a, b)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/** The requester follows the receiver once accepted: the receiver's followers count moves. */
async function adjustFollowers(tx: Tx, userId: number, delta: 1 | -1): Promise<void> {
  await tx
    .update(users)
    .set({ followersCount: sql`greatest(${users.followersCount} + ${delta}, 0)` })
    .where(eq(users.id, userId));
}

/**
 * Whether either of the two has blocked the other: the one question every block rule asks (no
 * requests, no private room, no calls). Exported for the rooms repository's access check.
 */
export async function isBlockedEitherWay(db: Database, a: number, b: number): Promise<boolean> {
  const [row] = await blocksBetween(db, a, b).limit(1);
  return row !== undefined;
}

/** The block rows between `a` and `b`, either way round (a query to run or to nest). */
export function blocksBetween(db: Database, a: number, b: number) {
  return db
    .select({ blockerId: blocks.blockerId })
    .from(blocks)
    .where(
      or(
        and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)),
        and(eq(blocks.blockerId, b), eq(blocks.blockedId, a)),
      ),
    );
}

/** Ids of everyone `me` is connected with (accepted), either way round. */
async function acceptedConnectionIds(db: Database, me: number): Promise<number[]> {
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

export function createConnectionsRepository(db: Database): ConnectionsRepository {
  /** A page of user summaries joined to connections, with the total, under one condition. */
  async function summaryPage(
    joinOn: SQL,
    where: SQL | undefined,
    order: SQL[],
    limit: number,
    offset: number,
  ) {
    const [totals] = await db
      .select({ total: count() })
      .from(connections)
      .innerJoin(users, joinOn)
      .where(where);
    const total = totals?.total ?? 0;
    if (offset > 0 && offset >= total) return { rows: [], total };
    const rows = await db
      .select(summaryColumns)
      .from(connections)
      .innerJoin(users, joinOn)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
    return { rows, total };
  }

  function openReport(database: Db, reporter: number, reported: number) {
    return database
      .select({ id: reports.id })
      .from(reports)
      .where(
        and(
          eq(reports.reporterId, reporter),
          eq(reports.reportedUserId, reported),
          // Issue 29: a report a moderator acted on or dismissed no longer holds the pair back.
          isNull(reports.resolvedAt),
          // A post's report is its own target (one open per reporter and post).
          isNull(reports.postId),
        ),
      )
      .limit(1);
  }

  function openPostReport(database: Db, reporter: number, postId: number) {
    return database
      .select({ id: reports.id })
      .from(reports)
      .where(
        and(
          eq(reports.reporterId, reporter),
          eq(reports.postId, postId),
          isNull(reports.resolvedAt),
        ),
      )
      .limit(1);
  }
  const alreadyOpen = async (database: Db, report: NewReport) =>
    (report.postId
      ? await openPostReport(database, report.reporterId, report.postId)
      : await openReport(database, report.reporterId, report.reportedUserId)
    ).length > 0;

  // A group message's deliveries ask who blocked its sender (blockedInGroups.ts, cached per
  // sender): the first messages of many senders come together, one statement for them all.
  const blockersOf = batchedReads(
    async (ids: readonly number[]) => {
      const rows = await db
        .select({ blockedId: blocks.blockedId, blockerId: blocks.blockerId })
        .from(blocks)
        .where(anyOf(blocks.blockedId, [...ids]));
      const byBlocked = new Map<number, Set<number>>();
      for (const row of rows) {
        const set = byBlocked.get(row.blockedId) ?? new Set<number>();
        set.add(row.blockerId);
        byBlocked.set(row.blockedId, set);
      }
      return byBlocked;
    },
    () => new Set<number>(),
  );

  return {
    between: (a, b) => connectionBetween(db, a, b),
    request(from, to) {
      return db.transaction(async (tx): Promise<RequestOutcome> => {
        const inserted = await tx
          .insert(connections)
          .values({ fromUserId: from, toUserId: to, status: 'pending' })
          .onConflictDoNothing()
          .returning();
        if (inserted.length > 0) {
          return { kind: 'requested', change: { status: 'pending', direction: 'sent' } };
        }
        const existing = await connectionBetween(tx, from, to, true);
        if (!existing) throw new Error('connection conflict without a row');
        if (existing.status === 'accepted') return { kind: 'already-connected' };
        if (existing.fromUserId === from) return { kind: 'already-pending' };
        await tx
          .update(connections)
          .set({ status: 'accepted', acceptedAt: new Date() })
          .where(eq(connections.id, existing.id));
        await adjustFollowers(tx, from, 1);
        return { kind: 'accepted-crossing', change: { status: 'accepted' } };
      });
    },
    accept(receiver, requester) {
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
    },
    remove(a, b) {
      return db.transaction(async (tx) => {
        const [row] = await tx.delete(connections).where(pairWhere(a, b)).returning();
        if (!row) return null;
        if (row.status === 'accepted') await adjustFollowers(tx, row.toUserId, -1);
        return row;
      });
    },
    async acceptedAmong(me, candidates) {
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
    },
    acceptedIds: (me) => acceptedConnectionIds(db, me),
    async followingCount(userId) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(connections)
        .where(and(eq(connections.fromUserId, userId), eq(connections.status, 'accepted')));
      return row?.n ?? 0;
    },
    acceptedPage({ me, search, limit, offset }) {
      const where = and(
        eq(connections.status, 'accepted'),
        or(eq(connections.fromUserId, me), eq(connections.toUserId, me)),
        ne(users.id, me),
        search ? ilike(users.username, likePattern(search)) : undefined,
      );
      const joinOn = or(
        and(eq(connections.fromUserId, me), eq(users.id, connections.toUserId)),
        and(eq(connections.toUserId, me), eq(users.id, connections.fromUserId)),
      ) as SQL;
      return summaryPage(
        joinOn,
        where,
        [asc(sql`lower(${users.username})`), asc(users.id)],
        limit,
        offset,
      );
    },
    pendingPage({ me, from, search, limit, offset }) {
      const where = and(
        eq(connections.toUserId, me),
        eq(connections.status, 'pending'),
        from !== undefined ? eq(connections.fromUserId, from) : undefined,
        search ? ilike(users.username, likePattern(search)) : undefined,
      );
      return summaryPage(
        eq(users.id, connections.fromUserId),
        where,
        [desc(connections.createdAt), desc(connections.id)],
        limit,
        offset,
      );
    },
    async summary(userId) {
      const [row] = await db.select(summaryColumns).from(users).where(eq(users.id, userId));
      return row ?? null;
    },

    async block(blocker, blocked) {
      await db
        .insert(blocks)
        .values({ blockerId: blocker, blockedId: blocked })
        .onConflictDoNothing();
    },
    async unblock(blocker, blocked) {
      await db
        .delete(blocks)
        .where(and(eq(blocks.blockerId, blocker), eq(blocks.blockedId, blocked)));
    },
    isBlockedEitherWay: (a, b) => isBlockedEitherWay(db, a, b),
    async hasBlocked(blocker, blocked) {
      const [row] = await db
        .select({ blockerId: blocks.blockerId })
        .from(blocks)
        .where(and(eq(blocks.blockerId, blocker), eq(blocks.blockedId, blocked)))
        .limit(1);
      return row !== undefined;
    },
    async blockedIds(blocker) {
      const rows = await db
        .select({ blockedId: blocks.blockedId })
        .from(blocks)
        .where(eq(blocks.blockerId, blocker));
      return new Set(rows.map((row) => row.blockedId));
    },
    blockersOf,
    async blockedPage({ blocker, after, limit, offset }) {
      const [totals] = await db
        .select({ total: count() })
        .from(blocks)
        .where(eq(blocks.blockerId, blocker));
      const total = totals?.total ?? 0;
      const name = sql`lower(${users.username})`;
      const rows = await db
        .select({ user: users })
        .from(blocks)
        .innerJoin(users, eq(users.id, blocks.blockedId))
        .where(
          after
            ? and(
                eq(blocks.blockerId, blocker),
                sql`(${name}, ${users.id}) > (${after.name.toLowerCase()}, ${after.id})`,
              )
            : eq(blocks.blockerId, blocker),
        )
        .orderBy(asc(name), asc(users.id))
        .limit(limit)
        .offset(offset);
      return { rows: rows.map((r) => r.user), total };
    },

    async reportedMessage(id) {
      const [row] = await db.select().from(messages).where(eq(messages.id, id)).limit(1);
      return row ?? null;
    },
    async hasOpenReport(reporter, reported, postId) {
      return alreadyOpen(db, {
        reporterId: reporter,
        reportedUserId: reported,
        reason: '',
        messageId: null,
        messageText: null,
        postId: postId ?? null,
      });
    },
    fileReport(report) {
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(${REPORT_LOCK_SPACE}, ${report.reporterId})`,
        );
        if (await alreadyOpen(tx, report)) return null;
        const [inserted] = await tx.insert(reports).values(report).returning({ id: reports.id });
        return inserted?.id ?? null;
      });
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    connectionsRepository: ConnectionsRepository;
  }
}

/** Attaches `app.connectionsRepository`. */
export const connectionsRepositoryPlugin = fp(
  async (app: FastifyInstance, options: { db: Database }) => {
    app.decorate('connectionsRepository', createConnectionsRepository(options.db));
  },
  { name: 'connections-repository' },
);
