import { randomBytes } from 'node:crypto';
import type { OrgInvitePreview, OrgMemberSummary } from '@parley/chat-sdk';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { refreshOrganizationFlags, refreshPlanFlags } from '../billing/planFlags.js';
import type { Database } from '../db/database.js';
import { type OrganizationRow, organizationMembers, organizations, users } from '../db/schema.js';

export const ORGANIZATION_MESSAGES = {
  invalidToken: 'Invalid or expired invite token.',
  full: 'This organization has no free seats. Ask its administrator to add seats.',
  otherOrganization: 'You already belong to another organization.',
  adminOnly: 'Only the organization administrator can manage its members.',
  adminNotRemovable: 'The administrator cannot be removed from the organization.',
  notMember: 'This user is not a member of your organization.',
} as const;

export class OrganizationError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

function newInviteToken(): string {
  return randomBytes(18).toString('base64url');
}

/**
 * Called when an Organization plan is paid: the buyer becomes the administrator of an active
 * organisation with `seats` seats (their existing one is reactivated, its invite link kept).
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

/**
 * Adds the user to the organisation of `token`, holding a lock on the organisation row so two
 * joins at once cannot take the same last seat. Joining one's own organisation again is a no-op.
 */
export async function joinOrganization(db: Database, userId: number, token: string) {
  await db.transaction(async (tx) => {
    const locked = await tx.execute(
      sql`select id, max_users from organizations where invite_token = ${token} and active for update`,
    );
    const row = (locked as unknown as { rows: { id: number; max_users: number }[] }).rows[0];
    if (!row) throw new OrganizationError(400, ORGANIZATION_MESSAGES.invalidToken);
    const [current] = await tx
      .select({ organizationId: organizationMembers.organizationId })
      .from(organizationMembers)
      .where(eq(organizationMembers.userId, userId));
    if (current?.organizationId === row.id) return;
    if (current) throw new OrganizationError(409, ORGANIZATION_MESSAGES.otherOrganization);
    const [count] = await tx
      .select({ used: sql<number>`count(*)::int` })
      .from(organizationMembers)
      .where(eq(organizationMembers.organizationId, row.id));
    if ((count?.used ?? 0) >= row.max_users) {
      throw new OrganizationError(409, ORGANIZATION_MESSAGES.full);
    }
    await tx.insert(organizationMembers).values({ organizationId: row.id, userId });
    await refreshPlanFlags(tx as unknown as Database, userId);
  });
}

/** The active organisation this user administers, or a 403. */
async function administeredOrganization(db: Database, adminId: number): Promise<OrganizationRow> {
  const [row] = await db
    .select()
    .from(organizations)
    .where(and(eq(organizations.adminId, adminId), eq(organizations.active, true)))
    .limit(1);
  if (!row) throw new OrganizationError(403, ORGANIZATION_MESSAGES.adminOnly);
  return row;
}

/** Members, the administrator first, then by joining order. */
export async function listMembers(
  db: Database,
  adminId: number,
): Promise<{ members: OrgMemberSummary[]; max_users: number }> {
  const organization = await administeredOrganization(db, adminId);
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      profile_image: users.profileImage,
      email: users.email,
    })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(eq(organizationMembers.organizationId, organization.id))
    .orderBy(
      sql`case when ${users.id} = ${adminId} then 0 else 1 end`,
      asc(organizationMembers.joinedAt),
      asc(users.id),
    );
  return { members: rows, max_users: organization.maxUsers };
}

export async function removeMember(db: Database, adminId: number, memberId: number) {
  const organization = await administeredOrganization(db, adminId);
  if (memberId === adminId) {
    throw new OrganizationError(400, ORGANIZATION_MESSAGES.adminNotRemovable);
  }
  const removed = await db
    .delete(organizationMembers)
    .where(
      and(
        eq(organizationMembers.organizationId, organization.id),
        eq(organizationMembers.userId, memberId),
      ),
    )
    .returning();
  if (removed.length === 0) throw new OrganizationError(404, ORGANIZATION_MESSAGES.notMember);
  await refreshPlanFlags(db, memberId);
  // The removed member saw the invite link (every member's org_invite_token); a new one keeps
  // them from walking back in. Links handed out before stop working too: the administrator
  // shares the new one (their panel shows it).
  await rotateInviteToken(db, adminId);
}

/**
 * Replaces the organisation's invite token (the administrator's "New invite link", and every
 * removal): the old link stops working at once; members see the new one in org_invite_token.
 */
export async function rotateInviteToken(db: Database, adminId: number): Promise<string> {
  const organization = await administeredOrganization(db, adminId);
  const inviteToken = newInviteToken();
  await db.update(organizations).set({ inviteToken }).where(eq(organizations.id, organization.id));
  await refreshOrganizationFlags(db, organization.id);
  return inviteToken;
}

/**
 * Who invites, for the join screen's confirmation: the administrator's name and the seats, or
 * the spec's invalid-token error. Seeing it needs the token, as joining does.
 */
export async function invitePreview(db: Database, token: string): Promise<OrgInvitePreview> {
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
  if (!row) throw new OrganizationError(400, ORGANIZATION_MESSAGES.invalidToken);
  const [count] = await db
    .select({ used: sql<number>`count(*)::int` })
    .from(organizationMembers)
    .where(eq(organizationMembers.organizationId, row.id));
  return {
    admin_username: row.adminUsername,
    admin_profile_image: row.adminImage,
    members_count: count?.used ?? 0,
    max_users: row.maxUsers,
  };
}

/** The administrator's members for CurrentUser.org_members ([] when the organisation is inactive). */
export async function organizationMembersOf(
  db: Database,
  adminId: number,
): Promise<OrgMemberSummary[]> {
  try {
    return (await listMembers(db, adminId)).members;
  } catch (error) {
    if (error instanceof OrganizationError) return [];
    throw error;
  }
}
