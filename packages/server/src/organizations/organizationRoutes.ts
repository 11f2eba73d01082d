import {
  BILLING_PATHS,
  type OrgInvitePreview,
  type OrgInviteRotateResponse,
} from '@parley/chat-sdk';
import type { FastifyPluginAsync } from 'fastify';
import { toCurrentUser } from '../accounts/userViews.js';
import type { RouteOptions } from '../appContext.js';
import { accountOf, requireUser } from '../auth/bearer.js';
import { FieldCollector, objectBody } from '../http/bodyFields.js';
import { detailError } from '../http/errors.js';
import { perUserLimit } from '../http/perUserLimit.js';
import {
  invitePreview,
  joinOrganization,
  listMembers,
  OrganizationError,
  removeMember,
  rotateInviteToken,
} from './organizationStore.js';

function asHttp(error: unknown): never {
  if (error instanceof OrganizationError) throw detailError(error.statusCode, error.message);
  throw error;
}

/** The invite token of a body. */
function tokenOf(body: unknown): string {
  const fields = new FieldCollector();
  const token = fields.string(objectBody(body), 'token', { maxLength: 200 });
  fields.throwIfAny();
  return token as string;
}

/** Joining with an invite token; the administrator's member list and removals. */
export const organizationRoutes: FastifyPluginAsync<RouteOptions> = async (app, { ctx }) => {
  const organizations = app.organizationsRepository;
  const auth = { preHandler: requireUser(ctx) };
  const joinLimit = { ...auth, config: { rateLimit: perUserLimit('join') } };

  app.post(BILLING_PATHS.joinOrg, joinLimit, async (request) => {
    const token = tokenOf(request.body);
    const user = accountOf(request);
    await joinOrganization(organizations, user.id, token).catch(asHttp);
    const fresh = await app.usersRepository.byId(user.id);
    return toCurrentUser(fresh ?? user);
  });

  // Parley extension (issue 22): who invites, shown before the person confirms joining.
  app.post(
    BILLING_PATHS.orgInvitePreview,
    joinLimit,
    async (request): Promise<OrgInvitePreview> =>
      invitePreview(organizations, tokenOf(request.body)).catch(asHttp),
  );

  // Parley extension (issue 22): the administrator replaces the invite link.
  app.post(
    BILLING_PATHS.orgInviteRotate,
    auth,
    async (request): Promise<OrgInviteRotateResponse> => ({
      org_invite_token: await rotateInviteToken(organizations, accountOf(request).id).catch(asHttp),
    }),
  );

  app.get(BILLING_PATHS.organizationMembers, auth, async (request) =>
    listMembers(organizations, accountOf(request).id).catch(asHttp),
  );

  app.delete<{ Params: { id: string } }>(
    '/accounts/organization/members/:id/',
    auth,
    async (request, reply) => {
      const id = /^\d{1,10}$/.test(request.params.id) ? Number(request.params.id) : Number.NaN;
      if (!Number.isSafeInteger(id)) throw detailError(404, 'Not found.');
      await removeMember(organizations, accountOf(request).id, id).catch(asHttp);
      return reply.code(204).send();
    },
  );
};
