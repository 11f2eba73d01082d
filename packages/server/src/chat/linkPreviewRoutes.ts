import { LINK_PREVIEW_PATHS, LINK_PREVIEW_URL_MAX, type LinkPreviewAnswer } from '@parley/chat-sdk';
import type { FastifyPluginAsync } from 'fastify';
import type { RouteOptions } from '../appContext.js';
import { accountOf, requireUser } from '../auth/bearer.js';
import { charCount } from '../http/bodyFields.js';
import { fieldError } from '../http/errors.js';
import { hasForbiddenControl } from '../http/inputGuard.js';
import { perUserLimit } from '../http/perUserLimit.js';
import { firstString } from '../http/queryParams.js';
import type { LinkPreviews } from './linkPreviews.js';

export const LINK_PREVIEW_MESSAGES = {
  url: 'url must be an http(s) address of at most 2048 characters.',
} as const;

/** Previews a person may ask for per minute (each may make the server fetch a page). */
const PREVIEWS_PER_MINUTE = 30;

/**
 * GET /chatmessage/link-preview/?url= (docs/protocol.md, Link previews and mentions): the card
 * the composer shows before sending. A person who turned previews off, or a URL the guard will
 * not fetch (http, private address), gets `{link_preview: null}`, not an error.
 */
export const linkPreviewRoutes: FastifyPluginAsync<
  RouteOptions & { previews: LinkPreviews }
> = async (app, { ctx, previews }) => {
  app.get<{ Querystring: Record<string, unknown> }>(
    LINK_PREVIEW_PATHS.linkPreview,
    {
      preHandler: requireUser(ctx),
      config: { rateLimit: perUserLimit('link-preview', PREVIEWS_PER_MINUTE) },
    },
    async (request): Promise<LinkPreviewAnswer> => {
      const url = firstString(request.query.url)?.trim() ?? '';
      if (
        url === '' ||
        charCount(url) > LINK_PREVIEW_URL_MAX ||
        hasForbiddenControl(url, 'name') ||
        !/^https?:\/\//i.test(url) ||
        !URL.canParse(url)
      ) {
        throw fieldError({ url: [LINK_PREVIEW_MESSAGES.url] });
      }
      if (!accountOf(request).linkPreviews) return { link_preview: null };
      return { link_preview: await previews.preview(url) };
    },
  );
};
