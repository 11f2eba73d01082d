import { extname } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import type { RouteOptions } from '../appContext.js';
import { detailError, NOT_FOUND_DETAIL } from '../http/errors.js';
import { MEDIA_CONTENT_TYPES } from './imageSniffing.js';
import { sendStoredObject } from './store/storedObjectResponse.js';

/**
 * Serves uploaded files. Types come from the extension the store wrote after sniffing, never from
 * the uploader; `nosniff` and a sandboxing CSP stop a browser from running anything as a page.
 */
export const mediaRoutes: FastifyPluginAsync<RouteOptions> = async (app, { ctx }) => {
  app.get<{ Params: { folder: string; name: string } }>(
    '/media/:folder/:name',
    async (request, reply) => {
      const key = ctx.media.resolve(request.params.folder, request.params.name);
      if (!key) throw detailError(404, NOT_FOUND_DETAIL);

      const contentType = MEDIA_CONTENT_TYPES[extname(key).slice(1)];
      const headers = {
        'Content-Type': contentType ?? 'application/octet-stream',
        'Content-Disposition': contentType?.startsWith('image/') ? 'inline' : 'attachment',
        'Content-Security-Policy': "default-src 'none'; sandbox",
        // Names are random and never reused, so the bytes behind one never change.
        'Cache-Control': 'public, max-age=31536000, immutable',
      };
      if (!(await sendStoredObject(request, reply, ctx.media.objects, key, headers))) {
        throw detailError(404, NOT_FOUND_DETAIL);
      }
      return reply;
    },
  );
};
