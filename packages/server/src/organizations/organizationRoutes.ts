import {
  BILLING_PATHS,
  type OrgInvitePreview,
  type OrgInviteRotateResponse,
} from '@parley/chat-sdk';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { toCurrentUser } from '../accounts/userViews.js';
import type { AppContext } from '../appContext.js';
import { accountOf, requireUser } from '../auth/bearer.js';
import { users } from '../db/schema.js';
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

/** Joining with an invite token; the administrator's member list and removals. */
export async function organizationRoutes(app: FastifyInstance, options: { ctx: AppContext }) {
  const { ctx } = options;
  const auth = { preHandler: requireUser(ctx) };

  app.post(
    BILLING_PATHS.joinOrg,
    { ...auth, config: { rateLimit: perUserLimit('join') } },
    async (request) => {
      const fields = new FieldCollector();
      const token = fields.string(objectBody(request.body), 'token', { maxLength: 200 });
      fields.throwIfAny();
      const user = accountOf(request);
      await joinOrganization(ctx.db, user.id, token as string).catch(asHttp);
      const [fresh] = await ctx.db.select().from(users).where(eq(users.id, user.id));
      return toCurrentUser(fresh ?? user);
    },
  );

  // Parley extension (issue 22): who invites, shown before the person confirms joining.
  app.post(
    BILLING_PATHS.orgInvitePreview,
    { ...auth, config: { rateLimit: perUserLimit('join') } },
    async (request): Promise<OrgInvitePreview> => {
      const fields = new FieldCollector();
      const token = fields.string(objectBody(request.body), 'token', { maxLength: 200 });
      fields.throwIfAny();
      return invitePreview(ctx.db, token as string).catch(asHttp);
    },
  );

  // Parley extension (issue 22): the administrator replaces the invite link.
  app.post(
    BILLING_PATHS.orgInviteRotate,
    auth,
    async (request): Promise<OrgInviteRotateResponse> => ({
      org_invite_token: await rotateInviteToken(ctx.db, accountOf(request).id).catch(asHttp),
    }),
  );

  app.get(BILLING_PATHS.organizationMembers, auth, async (request) =>
    listMembers(ctx.db, accountOf(request).id).catch(asHttp),
  );

  app.delete<{ Params: { id: string } }>(
    '/accounts/organization/members/:id/',
    auth,
    async (request, reply) => {
      const id = /^\d{1,10}$/.test(request.params.id) ? Number(request.params.id) : Number.NaN;
      if (!Number.isSafeInteger(id)) throw detailError(404, 'Not found.');
      await removeMember(ctx.db, accountOf(request).id, id).catch(asHttp);
      return reply.code(204).send();
    },
  );
}
