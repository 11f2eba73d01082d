import { ACCOUNT_PATHS, LIMITS } from '@parley/chat-sdk';
import type { FastifyPluginAsync } from 'fastify';
import type { RouteOptions } from '../appContext.js';
import { accountOf, requireUser } from '../auth/bearer.js';
import { pagedAnswer, readPage, readSearch } from '../http/paging.js';
import { toListedUser } from './listedUserLanguages.js';

export const userListRoutes: FastifyPluginAsync<RouteOptions> = async (app, { ctx }) => {
  const pageSize = LIMITS.pageSize;

  app.get<{ Querystring: Record<string, unknown> }>(
    ACCOUNT_PATHS.users,
    { preHandler: requireUser(ctx) },
    async (request) => {
      const page = readPage(request.query);
      const search = readSearch(request.query);

      // A page past the end is empty (not 404): an infinite list simply stops there.
      const { rows, total } = await app.usersRepository.page({
        excludeId: accountOf(request).id,
        search,
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });

      return pagedAnswer(ACCOUNT_PATHS.users, page, pageSize, total, rows.map(toListedUser), {
        search,
      });
    },
  );
};
