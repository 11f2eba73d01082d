import { and, desc, eq, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/database.js';
import {
  groupMembers,
  groups,
  hiddenMessages,
  messages,
  moderationActions,
  moderationNotices,
  organizationMembers,
  organizations,
  reports,
  translationReports,
  users,
} from '../../db/schema.js';

export type AuditRow = typeof moderationActions.$inferSelect;
export type NewAuditRow = typeof moderationActions.$inferInsert;

/** An open report with the names the queue shows. */
export interface OpenReportRow {
  id: number;
  reporterId: number;
  reporterUsername: string;
  reportedUserId: number;
  reason: string;
  messageId: number | null;
  messageText: string | null;
  /** Issue 29: the reported post, if the report names one. */
  postId: number | null;
  createdAt: Date;
}

/** The reported person's standing. */
export interface SubjectRow {
  id: number;
  username: string;
  language: string;
  suspendedUntil: Date | null;
  deletedAt: Date | null;
}

export type OpenTranslationReportRow = typeof translationReports.$inferSelect & {
  reporterUsername: string;
};

export interface AuditFilter {
  actorId?: number;
  targetId?: number;
  action?: string;
  beforeId?: number;
  limit: number;
}

export type Role = 'staff' | 'moderator';

/** How many open reports the queue reads at most (groups are built from them). */
const OPEN_REPORTS_READ = 2_000;

/**
 * Storage of issue 29's moderation: open reports, their context, the audit log, roles and
 * suspensions. Built from the database by the moderation routes and the `admin` command.
 */
export function createModerationRepository(db: Database) {
  return {
    async openReports(): Promise<OpenReportRow[]> {
      return db
        .select({
          id: reports.id,
          reporterId: reports.reporterId,
          reporterUsername: users.username,
          reportedUserId: reports.reportedUserId,
          reason: reports.reason,
          messageId: reports.messageId,
          messageText: reports.messageText,
          postId: reports.postId,
          createdAt: reports.createdAt,
        })
        .from(reports)
        .innerJoin(users, eq(users.id, reports.reporterId))
        .where(isNull(reports.resolvedAt))
        .orderBy(desc(reports.createdAt))
        .limit(OPEN_REPORTS_READ);
    },

    async subjects(ids: readonly number[]): Promise<SubjectRow[]> {
      if (ids.length === 0) return [];
      return db
        .select({
          id: users.id,
          username: users.username,
          language: users.language,
          suspendedUntil: users.suspendedUntil,
          deletedAt: users.deletedAt,
        })
        .from(users)
        .where(inArray(users.id, [...ids]));
    },

    /** Resolved reports about each person, by id. */
    async earlierReportCounts(ids: readonly number[]): Promise<Map<number, number>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: reports.reportedUserId, n: sql<number>`count(*)::int` })
        .from(reports)
        .where(
          and(inArray(reports.reportedUserId, [...ids]), sql`${reports.resolvedAt} is not null`),
        )
        .groupBy(reports.reportedUserId);
      return new Map(rows.map((row) => [row.id, row.n]));
    },

    /** The latest actions about each person (at most `each`), newest first. */
    async actionsAbout(ids: readonly number[], each: number): Promise<Map<number, AuditRow[]>> {
      const out = new Map<number, AuditRow[]>();
      if (ids.length === 0) return out;
      const rows = await db
        .select()
        .from(moderationActions)
        .where(inArray(moderationActions.targetUserId, [...ids]))
        .orderBy(desc(moderationActions.id))
        .limit(ids.length * each);
      for (const row of rows) {
        if (row.targetUserId === null) continue;
        const list = out.get(row.targetUserId) ?? [];
        if (list.length < each) list.push(row);
        out.set(row.targetUserId, list);
      }
      return out;
    },

    /** A message's room, sender and time (deleted ones too), or null. */
    async messageInfo(id: number) {
      const [row] = await db
        .select({
          id: messages.id,
          room: messages.room,
          senderId: messages.senderId,
          originalMessage: messages.originalMessage,
          createdAt: messages.createdAt,
          deletedAt: messages.deletedAt,
        })
        .from(messages)
        .where(eq(messages.id, id))
        .limit(1);
      return row ?? null;
    },

    /**
     * Ids of the messages around `messageId` in its room (`each` before and after, and itself)
     * that one of `readers` could see: a private room's two people always; a group's member
     * only from when they joined; never one a reader deleted for themselves.
     */
    async contextIds(
      room: string,
      messageId: number,
      readers: readonly number[],
      each: number,
    ): Promise<number[]> {
      if (readers.length === 0) return [];
      const readerIds = [...readers];
      const visible = or(
        and(
          sql`${messages.room} like 'private-%'`,
          sql`${messages.id} not in (select ${hiddenMessages.messageId} from ${hiddenMessages}
            where ${inArray(hiddenMessages.userId, readerIds)})`,
        ),
        sql`exists (select 1 from ${groupMembers} join ${groups} on ${groups.id} = ${groupMembers.groupId}
          where ${groups.slug} = ${messages.room}
            and ${inArray(groupMembers.userId, readerIds)}
            and ${groupMembers.joinedAt} <= ${messages.createdAt}
            and not exists (select 1 from ${hiddenMessages}
              where ${hiddenMessages.userId} = ${groupMembers.userId}
                and ${hiddenMessages.messageId} = ${messages.id}))`,
      ) as SQL;
      const around = (before: boolean) =>
        db
          .select({ id: messages.id })
          .from(messages)
          .where(
            and(
              eq(messages.room, room),
              before ? lt(messages.id, messageId) : sql`${messages.id} > ${messageId}`,
              visible,
            ),
          )
          .orderBy(before ? desc(messages.id) : messages.id)
          .limit(each);
      const [before, after] = await Promise.all([around(true), around(false)]);
      return [...before.map((r) => r.id).reverse(), messageId, ...after.map((r) => r.id)];
    },

    async openTranslationReports(limit: number): Promise<OpenTranslationReportRow[]> {
      const rows = await db
        .select({ report: translationReports, reporterUsername: users.username })
        .from(translationReports)
        .innerJoin(users, eq(users.id, translationReports.reporterId))
        .where(isNull(translationReports.resolvedAt))
        .orderBy(desc(translationReports.createdAt))
        .limit(limit);
      return rows.map((row) => ({ ...row.report, reporterUsername: row.reporterUsername }));
    },

    /** The open reports among `ids` (others' ids and closed ones are left out). */
    async openReportsByIds(ids: readonly number[]) {
      if (ids.length === 0) return [];
      return db
        .select({
          id: reports.id,
          reporterId: reports.reporterId,
          reportedUserId: reports.reportedUserId,
          messageId: reports.messageId,
        })
        .from(reports)
        .where(and(inArray(reports.id, [...ids]), isNull(reports.resolvedAt)));
    },

    async openTranslationReportsByIds(ids: readonly number[]) {
      if (ids.length === 0) return [];
      return db
        .select({
          id: translationReports.id,
          reporterId: translationReports.reporterId,
          messageId: translationReports.messageId,
        })
        .from(translationReports)
        .where(
          and(inArray(translationReports.id, [...ids]), isNull(translationReports.resolvedAt)),
        );
    },

    /** Writes one audit row and closes the named reports with it, in one transaction. */
    async record(
      entry: NewAuditRow,
      close: { reportIds?: readonly number[]; translationReportIds?: readonly number[] } = {},
    ): Promise<{ entry: AuditRow; reporterIds: number[]; resolved: number }> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(moderationActions).values(entry).returning();
        if (!row) throw new Error('audit row not written');
        const reporterIds = new Set<number>();
        let resolved = 0;
        if (close.reportIds && close.reportIds.length > 0) {
          const closed = await tx
            .update(reports)
            .set({ resolvedAt: sql`now()`, resolvedByActionId: row.id })
            .where(and(inArray(reports.id, [...close.reportIds]), isNull(reports.resolvedAt)))
            .returning({ reporterId: reports.reporterId });
          for (const c of closed) reporterIds.add(c.reporterId);
          resolved += closed.length;
        }
        if (close.translationReportIds && close.translationReportIds.length > 0) {
          const closed = await tx
            .update(translationReports)
            .set({ resolvedAt: sql`now()` })
            .where(
              and(
                inArray(translationReports.id, [...close.translationReportIds]),
                isNull(translationReports.resolvedAt),
              ),
            )
            .returning({ reporterId: translationReports.reporterId });
          for (const c of closed) reporterIds.add(c.reporterId);
          resolved += closed.length;
        }
        return { entry: row, reporterIds: [...reporterIds], resolved };
      });
    },

    async auditPage(filter: AuditFilter): Promise<AuditRow[]> {
      const where: SQL[] = [];
      if (filter.actorId !== undefined) where.push(eq(moderationActions.actorId, filter.actorId));
      if (filter.targetId !== undefined) {
        where.push(eq(moderationActions.targetUserId, filter.targetId));
      }
      if (filter.action !== undefined) where.push(eq(moderationActions.action, filter.action));
      if (filter.beforeId !== undefined) where.push(lt(moderationActions.id, filter.beforeId));
      return db
        .select()
        .from(moderationActions)
        .where(where.length > 0 ? and(...where) : undefined)
        .orderBy(desc(moderationActions.id))
        .limit(filter.limit);
    },

    /** Sets or clears a suspension; false when the account does not exist (or was deleted). */
    async setSuspension(userId: number, until: Date | null): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ suspendedUntil: until })
        .where(and(eq(users.id, userId), isNull(users.deletedAt)))
        .returning({ id: users.id });
      return rows.length > 0;
    },

    /** The live account named `username` (case-insensitive), or null. */
    async byUsername(username: string) {
      const [row] = await db
        .select({ id: users.id, username: users.username, staff: users.staff })
        .from(users)
        .where(
          and(eq(sql`lower(${users.username})`, username.toLowerCase()), isNull(users.deletedAt)),
        )
        .limit(1);
      return row ?? null;
    },

    async setRole(userId: number, role: Role, value: boolean): Promise<void> {
      await db
        .update(users)
        .set(role === 'staff' ? { staff: value } : { moderator: value })
        .where(eq(users.id, userId));
    },

    /** Makes `userId` staff when it is the first account ever registered (set-up). */
    async makeStaffIfFirst(userId: number): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ staff: true })
        .where(
          and(
            eq(users.id, userId),
            sql`not exists (select 1 from ${users} u where u.id < ${userId})`,
          ),
        )
        .returning({ id: users.id });
      return rows.length > 0;
    },

    /**
     * The people of the active organisation `adminId` administers (its members and the admin),
     * or null when they administer none: an organisation administrator's moderation scope.
     */
    async organisationOf(adminId: number): Promise<Set<number> | null> {
      const [org] = await db
        .select({ id: organizations.id })
        .from(organizations)
        .where(and(eq(organizations.adminId, adminId), eq(organizations.active, true)))
        .limit(1);
      if (!org) return null;
      const rows = await db
        .select({ userId: organizationMembers.userId })
        .from(organizationMembers)
        .where(eq(organizationMembers.organizationId, org.id));
      return new Set([adminId, ...rows.map((row) => row.userId)]);
    },

    /** Stores a notice to one person; its row (with id and time). */
    async addNotice(userId: number, kind: string, message: string) {
      const [row] = await db
        .insert(moderationNotices)
        .values({ userId, kind, message })
        .returning();
      if (!row) throw new Error('notice not stored');
      return row;
    },

    /** A person's latest notices, newest first. */
    async noticesOf(userId: number, limit: number) {
      return db
        .select()
        .from(moderationNotices)
        .where(eq(moderationNotices.userId, userId))
        .orderBy(desc(moderationNotices.id))
        .limit(limit);
    },

    /** Everyone who can read a room now (a private room's two people, a group's members). */
    async roomMemberIds(room: string): Promise<number[]> {
      const match = /^private-(\d+)-(\d+)$/.exec(room);
      if (match) return [Number(match[1]), Number(match[2])];
      const rows = await db
        .select({ userId: groupMembers.userId })
        .from(groupMembers)
        .innerJoin(groups, eq(groups.id, groupMembers.groupId))
        .where(eq(groups.slug, room));
      return rows.map((row) => row.userId);
    },
  };
}

export type ModerationRepository = ReturnType<typeof createModerationRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    moderationRepository: ModerationRepository;
  }
}

/** Attaches `app.moderationRepository`. */
export const moderationRepositoryPlugin = fp(
  async (app: FastifyInstance, options: { db: Database }) => {
    app.decorate('moderationRepository', createModerationRepository(options.db));
  },
  { name: 'moderation-repository' },
);
