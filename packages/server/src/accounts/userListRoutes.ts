import { ACCOUNT_PATHS, LIMITS } from '@parley/chat-sdk';
import type { FastifyPluginAsync } from 'fastify';
import type { RouteOptions } from '../appContext.js';
import { accountOf, requireUser } from '../auth/bearer.js';
import { detailError } from '../http/errors.js';
import { firstString } from '../http/queryParams.js';
import { toUserSummary } from './userViews.js';

const INVALID_PAGE = 'Invalid page.';
const SEARCH_MAX = 150;

export const userListRoutes: FastifyPluginAsync<RouteOptions> = async (app, { ctx }) => {
  const pageSize = LIMITS.pageSize;

  app.get<{ Querystring: Record<string, unknown> }>(
    ACCOUNT_PATHS.users,
    { preHandler: requireUser(ctx) },
    async (request) => {
      const pageText = firstString(request.query.page) ?? '1';
      if (!/^\d{1,9}$/.test(pageText) || Number(pageText) < 1) throw detailError(404, INVALID_PAGE);
      const page = Number(pageText);
      const search = (firstString(request.query.search) ?? '')
        .replaceAll('\u0000', '')
        .trim()
        .slice(0, SEARCH_MAX);

      // A page past the end is empty (not 404): an infinite list simply stops there.
      const { rows, total } = await app.usersRepository.page({
        excludeId: accountOf(request).id,
        search,
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });

      let next: string | null = null;
      if (page * pageSize < total) {
        const query = new URLSearchParams({ page: String(page + 1) });
        if (search) query.set('search', search);
        next = `${ACCOUNT_PATHS.users}?${query}`;
      }
      return { results: rows.map(toUserSummary), next, count: total };
    },
  );
};
