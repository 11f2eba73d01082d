import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Below this an answer gains less from compression than the work and headers cost. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** @fastify/static's catch-all route for the built app (src/app/staticApp.ts, `wildcard: true`). */
const APP_FILES_ROUTE = '/*';

/**
 * JSON, and the plugin adds every type mime-db calls compressible (never images, audio or video,
 * which are compressed already). The app's own files are left to @fastify/static: the build
 * precompressed every one worth it, and the rest are too small to gain.
 */
const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json(?:;|$)/;

/**
 * Compresses API answers of 1 KiB or more by the request's Accept-Encoding (brotli, then gzip),
 * with `Vary: Accept-Encoding`. Cache-Control is not touched; request bodies are not
 * decompressed (the API reads small JSON bodies and its limits count the bytes as sent).
 * Socket upgrades never reach onSend, so the chat socket is unaffected. Must be installed before
 * any route: the plugin attaches itself to each route as it is added.
 */
export async function installResponseCompression(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route) => {
    if (route.url === APP_FILES_ROUTE) route.compress = false;
  });
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    customTypes: JSON_TYPE,
  });
}
