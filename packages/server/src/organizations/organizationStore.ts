import type { OrgInvitePreview, OrgMemberSummary } from '@parley/chat-sdk';
import type { OrganizationRow } from '../db/schema.js';
import type { OrganizationsRepository } from '../plugins/app/organizations-repository.js';

export const ORGANIZATION_MESSAGES = {
  invalidToken: 'Invalid or expired invite token.',
  full: 'This organization has no free seats. Ask its administrator to add seats.',
  otherOrganization: 'You already belong to another organization.',
  adminOnly: 'Only the organization administrator can manage its members.',
  adminNotRemovable: 'The administrator cannot be removed from the organization.',
  notMember: 'This user is not a member of your organization.',
} as const;

/** A refusal the routes answer as `{detail}` with this status. */
export class OrganizationError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

/** Joins the organisation of `token`; joining one's own organisation again is a no-op. */
export async function joinOrganization(
  repository: OrganizationsRepository,
  userId: number,
  token: string,
): Promise<void> {
  switch (await repository.join(userId, token)) {
    case 'invalid-token':
      throw new OrganizationError(400, ORGANIZATION_MESSAGES.invalidToken);
    case 'other-organization':
      throw new OrganizationError(409, ORGANIZATION_MESSAGES.otherOrganization);
    case 'full':
      throw new OrganizationError(409, ORGANIZATION_MESSAGES.full);
    case 'joined':
    case 'already-member':
      return;
  }
}

/** The active organisation this user administers, or a 403. */
async function administeredOrganization(
  repository: OrganizationsRepository,
  adminId: number,
): Promise<OrganizationRow> {
  const row = await repository.administeredBy(adminId);
  if (!row) throw new OrganizationError(403, ORGANIZATION_MESSAGES.adminOnly);
  return row;
}

/** Members, the administrator first, then by joining order. */
export async function listMembers(
  repository: OrganizationsRepository,
  adminId: number,
): Promise<{ members: OrgMemberSummary[]; max_users: number }> {
  const organization = await administeredOrganization(repository, adminId);
  const members = await repository.members(organization.id, adminId);
  return { members, max_users: organization.maxUsers };
}

export async function removeMember(
  repository: OrganizationsRepository,
  adminId: number,
  memberId: number,
): Promise<void> {
  const organization = await administeredOrganization(repository, adminId);
  if (memberId === adminId) {
    throw new OrganizationError(400, ORGANIZATION_MESSAGES.adminNotRemovable);
  }
  if (!(await repository.removeMember(organization.id, memberId))) {
    throw new OrganizationError(404, ORGANIZATION_MESSAGES.notMember);
  }
  // The removed member saw the invite link (every member's org_invite_token); a new one keeps
  // them from walking back in. Links handed out before stop working too: the administrator
  // shares the new one (their panel shows it).
  await rotateInviteToken(repository, adminId);
}

/**
 * Replaces the organisation's invite token (the administrator's "New invite link", and every
 * removal): the old link stops working at once; members see the new one in org_invite_token.
 */
export async function rotateInviteToken(
  repository: OrganizationsRepository,
  adminId: number,
): Promise<string> {
  const organization = await administeredOrganization(repository, adminId);
  return repository.rotateInviteToken(organization.id);
}

/**
 * Who invites, for the join screen's confirmation: the administrator's name and the seats, or
 * the spec's invalid-token error. Seeing it needs the token, as joining does.
 */
export async function invitePreview(
  repository: OrganizationsRepository,
  token: string,
): Promise<OrgInvitePreview> {
  const invite = await repository.invite(token);
  if (!invite) throw new OrganizationError(400, ORGANIZATION_MESSAGES.invalidToken);
  return {
    admin_username: invite.adminUsername,
    admin_profile_image: invite.adminImage,
    members_count: invite.membersCount,
    max_users: invite.maxUsers,
  };
}

/** The administrator's members for CurrentUser.org_members ([] when the organisation is inactive). */
export async function organizationMembersOf(
  repository: OrganizationsRepository,
  adminId: number,
): Promise<OrgMemberSummary[]> {
  try {
    return (await listMembers(repository, adminId)).members;
  } catch (error) {
    if (error instanceof OrganizationError) return [];
    throw error;
  }
}
