import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import type { RouteOptions } from '../appContext.js';
import { detailError, NOT_FOUND_DETAIL } from '../http/errors.js';
import { MEDIA_CONTENT_TYPES } from './imageSniffing.js';

/**
 * Serves uploaded files. Types come from the extension the store wrote after sniffing, never from
 * the uploader; `nosniff` and a sandboxing CSP stop a browser from running anything as a page.
 */
export const mediaRoutes: FastifyPluginAsync<RouteOptions> = async (app, { ctx }) => {
  app.get<{ Params: { folder: string; name: string } }>(
    '/media/:folder/:name',
    async (request, reply) => {
      const file = ctx.media.resolve(request.params.folder, request.params.name);
      const info = file ? await stat(file).catch(() => null) : null;
      if (!file || !info?.isFile()) throw detailError(404, NOT_FOUND_DETAIL);

      const contentType = MEDIA_CONTENT_TYPES[extname(file).slice(1)];
      reply
        .header('Content-Type', contentType ?? 'application/octet-stream')
        .header('Content-Length', String(info.size))
        .header('Content-Disposition', contentType?.startsWith('image/') ? 'inline' : 'attachment')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        // Names are random and never reused, so the bytes behind one never change.
        .header('Cache-Control', 'public, max-age=31536000, immutable');
      return reply.send(createReadStream(file));
    },
  );
};
