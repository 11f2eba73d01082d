import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { organizationMembers, organizations, subscriptions, users } from '../../db/schema.js';

/** Subscription states that hold the plan (past_due: the provider is still retrying payment). */
export const GRANTING_STATUSES = ['active', 'past_due'] as const;

/**
 * Recomputes a user's plan flags (`subscription_active`, `is_lifetime`, `is_org_admin`,
 * `org_invite_token`, `org_max_users`) from their subscriptions and organisation. The flags are
 * what the rest of the server reads (plan limits, CurrentUser); only this function writes them.
 * Repositories that change a plan (billing, accounts, organisations) call it inside their
 * transaction, so it takes the database (or that transaction).
 */
export async function refreshPlanFlags(db: Database, userId: number): Promise<void> {
  const held = await db
    .select({ plan: subscriptions.plan })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, GRANTING_STATUSES)));
  const [owned] = await db
    .select()
    .from(organizations)
    .where(and(eq(organizations.adminId, userId), eq(organizations.active, true)))
    .limit(1);
  const [joined] = await db
    .select({ inviteToken: organizations.inviteToken, maxUsers: organizations.maxUsers })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(and(eq(organizationMembers.userId, userId), eq(organizations.active, true)))
    .limit(1);
  const organization = owned ?? joined ?? null;
  await db
    .update(users)
    .set({
      subscriptionActive: held.length > 0 || organization !== null,
      isLifetime: held.some((row) => row.plan === 'lifetime'),
      isOrgAdmin: owned !== undefined,
      orgInviteToken: organization?.inviteToken ?? null,
      orgMaxUsers: organization?.maxUsers ?? null,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
}

/** Refreshes the flags of everyone in an organisation (its administrator included). */
export async function refreshOrganizationFlags(
  db: Database,
  organizationId: number,
): Promise<void> {
  const members = await db
    .select({ userId: organizationMembers.userId })
    .from(organizationMembers)
    .where(eq(organizationMembers.organizationId, organizationId));
  for (const member of members) await refreshPlanFlags(db, member.userId);
}
