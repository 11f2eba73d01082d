import { randomBytes } from 'node:crypto';
import type { OrgMemberSummary } from '@parley/chat-sdk';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/database.js';
import {
  type OrganizationRow,
  organizationMembers,
  organizations,
  users,
} from '../../db/schema.js';
import { refreshOrganizationFlags, refreshPlanFlags } from './plan-flags.js';

/** What joining with an invite token came to (the rules are decided under the seat lock). */
export type JoinOutcome =
  | 'joined'
  | 'already-member'
  | 'invalid-token'
  | 'other-organization'
  | 'full';

/** Who invites, for the join screen's confirmation. */
export interface InviteSummary {
  adminUsername: string;
  adminImage: string | null;
  membersCount: number;
  maxUsers: number;
}

/** Storage of organisations and their members. */
export interface OrganizationsRepository {
  /**
   * Adds the user to the organisation of `token`, holding a lock on the organisation row so two
   * joins at once cannot take the same last seat. Joining one's own organisation again is a no-op.
   */
  join(userId: number, token: string): Promise<JoinOutcome>;
  /** The active organisation this user administers, or null. */
  administeredBy(adminId: number): Promise<OrganizationRow | null>;
  /** Members, the administrator first, then by joining order. */
  members(organizationId: number, adminId: number): Promise<OrgMemberSummary[]>;
  /** Removes a member and their plan flags; false when they were not a member. */
  removeMember(organizationId: number, memberId: number): Promise<boolean>;
  /** Replaces the invite token (members' flags carry it) and returns the new one. */
  rotateInviteToken(organizationId: number): Promise<string>;
  /** The active organisation of `token`, or null. */
  invite(token: string): Promise<InviteSummary | null>;
}

function newInviteToken(): string {
  return randomBytes(18).toString('base64url');
}

/**
 * Called when an Organization plan is paid: the buyer becomes the administrator of an active
 * organisation with `seats` seats (their existing one is reactivated, its invite link kept).
 * Takes the billing ledger's transaction, hence a function of the database rather than a method.
 */
export async function activateOrganization(
  db: Database,
  adminId: number,
  seats: number,
): Promise<OrganizationRow> {
  const [existing] = await db
    .select()
    .from(organizations)
    .where(eq(organizations.adminId, adminId))
    .limit(1);
  let organization: OrganizationRow;
  if (existing) {
    const [row] = await db
      .update(organizations)
      .set({ active: true, maxUsers: seats })
      .where(eq(organizations.id, existing.id))
      .returning();
    organization = row as OrganizationRow;
  } else {
    const [row] = await db
      .insert(organizations)
      .values({ adminId, inviteToken: newInviteToken(), maxUsers: seats })
      .returning();
    organization = row as OrganizationRow;
  }
  // An administrator sits in their own organisation, and only there.
  const [previous] = await db
    .select({ organizationId: organizationMembers.organizationId })
    .from(organizationMembers)
    .where(
      and(
        eq(organizationMembers.userId, adminId),
        ne(organizationMembers.organizationId, organization.id),
      ),
    );
  await db.delete(organizationMembers).where(eq(organizationMembers.userId, adminId));
  await db.insert(organizationMembers).values({ organizationId: organization.id, userId: adminId });
  if (previous) await refreshOrganizationFlags(db, previous.organizationId);
  await refreshOrganizationFlags(db, organization.id);
  return organization;
}

/** The Organization plan ended: members keep their membership but lose the plan. */
export async function deactivateOrganization(db: Database, adminId: number): Promise<void> {
  const [row] = await db
    .update(organizations)
    .set({ active: false })
    .where(eq(organizations.adminId, adminId))
    .returning();
  if (row) await refreshOrganizationFlags(db, row.id);
}

export function createOrganizationsRepository(db: Database): OrganizationsRepository {
  async function memberCount(organizationId: number): Promise<number> {
    const [row] = await db
      .select({ used: sql<number>`count(*)::int` })
      .from(organizationMembers)
      .where(eq(organizationMembers.organizationId, organizationId));
    return row?.used ?? 0;
  }

  return {
    join(userId, token) {
      return db.transaction(async (tx): Promise<JoinOutcome> => {
        const locked = await tx.execute(
          sql`select id, max_users from organizations where invite_token = ${token} and active for update`,
        );
        const row = (locked as unknown as { rows: { id: number; max_users: number }[] }).rows[0];
        if (!row) return 'invalid-token';
        const [current] = await tx
          .select({ organizationId: organizationMembers.organizationId })
          .from(organizationMembers)
          .where(eq(organizationMembers.userId, userId));
        if (current?.organizationId === row.id) return 'already-member';
        if (current) return 'other-organization';
        const [count] = await tx
          .select({ used: sql<number>`count(*)::int` })
          .from(organizationMembers)
          .where(eq(organizationMembers.organizationId, row.id));
        if ((count?.used ?? 0) >= row.max_users) return 'full';
        await tx.insert(organizationMembers).values({ organizationId: row.id, userId });
        await refreshPlanFlags(tx as unknown as Database, userId);
        return 'joined';
      });
    },
    async administeredBy(adminId) {
      const [row] = await db
        .select()
        .from(organizations)
        .where(and(eq(organizations.adminId, adminId), eq(organizations.active, true)))
        .limit(1);
      return row ?? null;
    },
    members(organizationId, adminId) {
      return db
        .select({
          id: users.id,
          username: users.username,
          profile_image: users.profileImage,
          email: users.email,
        })
        .from(organizationMembers)
        .innerJoin(users, eq(users.id, organizationMembers.userId))
        .where(eq(organizationMembers.organizationId, organizationId))
        .orderBy(
          sql`case when ${users.id} = ${adminId} then 0 else 1 end`,
          asc(organizationMembers.joinedAt),
          asc(users.id),
        );
    },
    async removeMember(organizationId, memberId) {
      const removed = await db
        .delete(organizationMembers)
        .where(
          and(
            eq(organizationMembers.organizationId, organizationId),
            eq(organizationMembers.userId, memberId),
          ),
        )
        .returning();
      if (removed.length === 0) return false;
      await refreshPlanFlags(db, memberId);
      return true;
    },
    async rotateInviteToken(organizationId) {
      const inviteToken = newInviteToken();
      await db
        .update(organizations)
        .set({ inviteToken })
        .where(eq(organizations.id, organizationId));
      await refreshOrganizationFlags(db, organizationId);
      return inviteToken;
    },
    async invite(token) {
      const [row] = await db
        .select({
          id: organizations.id,
          adminUsername: users.username,
          adminImage: users.profileImage,
          maxUsers: organizations.maxUsers,
        })
        .from(organizations)
        .innerJoin(users, eq(users.id, organizations.adminId))
        .where(and(eq(organizations.inviteToken, token), eq(organizations.active, true)))
        .limit(1);
      if (!row) return null;
      return {
        adminUsername: row.adminUsername,
        adminImage: row.adminImage,
        membersCount: await memberCount(row.id),
        maxUsers: row.maxUsers,
      };
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    organizationsRepository: OrganizationsRepository;
  }
}

/** Attaches `app.organizationsRepository`. */
export const organizationsRepositoryPlugin = fp(
  async (app: FastifyInstance, options: { db: Database }) => {
    app.decorate('organizationsRepository', createOrganizationsRepository(options.db));
  },
  { name: 'organizations-repository' },
);
