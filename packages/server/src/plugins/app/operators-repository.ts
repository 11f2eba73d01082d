import { MODERATION_ACTIONS, MODERATION_OVERVIEW_WINDOW_DAYS } from '@parley/chat-sdk';
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/database.js';
import { moderationActions, reports, translationReports, users } from '../../db/schema.js';

/** The operators' overview counts (GET /moderation/overview/). */
export interface OverviewCounts {
  openReports: number;
  openTranslationReports: number;
  actionsThisWeek: number;
  suspendedAccounts: number;
}

/** A live account's roles, as POST /moderation/roles/ reads and answers them. */
export interface RoleHolder {
  id: number;
  username: string;
  staff: boolean;
  moderator: boolean;
}

const count = sql<number>`count(*)::int`;

/**
 * Storage of what operators (staff) see and change: the overview's counts and people's roles.
 * Issue 29; the audit rows themselves are the moderation repository's.
 */
export function createOperatorsRepository(db: Database) {
  const holderFields = {
    id: users.id,
    username: users.username,
    staff: users.staff,
    moderator: users.moderator,
  };
  return {
    async overview(now = new Date()): Promise<OverviewCounts> {
      const since = new Date(now.getTime() - MODERATION_OVERVIEW_WINDOW_DAYS * 86_400_000);
      const [open, translation, actions, suspended] = await Promise.all([
        db.select({ n: count }).from(reports).where(isNull(reports.resolvedAt)),
        db
          .select({ n: count })
          .from(translationReports)
          .where(isNull(translationReports.resolvedAt)),
        db
          .select({ n: count })
          .from(moderationActions)
          .where(
            and(
              gt(moderationActions.createdAt, since),
              inArray(moderationActions.action, [...MODERATION_ACTIONS]),
            ),
          ),
        db
          .select({ n: count })
          .from(users)
          .where(and(gt(users.suspendedUntil, now), isNull(users.deletedAt))),
      ]);
      return {
        openReports: open[0]?.n ?? 0,
        openTranslationReports: translation[0]?.n ?? 0,
        actionsThisWeek: actions[0]?.n ?? 0,
        suspendedAccounts: suspended[0]?.n ?? 0,
      };
    },

    /** The live account with this id or (case-insensitive) username, or null. */
    async holder(by: { id: number } | { username: string }): Promise<RoleHolder | null> {
      const match =
        'id' in by
          ? eq(users.id, by.id)
          : eq(sql`lower(${users.username})`, by.username.toLowerCase());
      const [row] = await db
        .select(holderFields)
        .from(users)
        .where(and(match, isNull(users.deletedAt)))
        .limit(1);
      return row ?? null;
    },

    /**
     * Sets a role. Revoking staff succeeds only while another live staff account remains (one
     * statement, so two staff revoking each other at once cannot leave nobody): false otherwise.
     */
    async setRole(userId: number, role: 'staff' | 'moderator', granted: boolean) {
      const keepsStaff =
        role === 'staff' && !granted
          ? sql`exists (select 1 from ${users} u where u.staff and u.deleted_at is null and u.id <> ${userId})`
          : sql`true`;
      const rows = await db
        .update(users)
        .set(role === 'staff' ? { staff: granted } : { moderator: granted })
        .where(and(eq(users.id, userId), isNull(users.deletedAt), keepsStaff))
        .returning(holderFields);
      return rows[0] ?? null;
    },
  };
}

export type OperatorsRepository = ReturnType<typeof createOperatorsRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    operatorsRepository: OperatorsRepository;
  }
}

/** Attaches `app.operatorsRepository`. */
export const operatorsRepositoryPlugin = fp(
  async (app: FastifyInstance, options: { db: Database }) => {
    app.decorate('operatorsRepository', createOperatorsRepository(options.db));
  },
  { name: 'operators-repository' },
);
