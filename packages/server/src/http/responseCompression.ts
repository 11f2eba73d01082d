import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Below this an answer gains less from compression than the work and headers cost. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * JSON, and JSON only: media, images and audio are already compressed (and a file download's
 * `application/octet-stream`, which the plugin's default list includes, would be squeezed for
 * nothing); the app's text assets are precompressed at build and leave @fastify/static with their
 * own `Content-Encoding`, which the plugin leaves alone.
 */
const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json(?:;|$)/;

/**
 * Compresses JSON answers of 1 KiB or more by the request's Accept-Encoding (brotli, then gzip),
 * with `Vary: Accept-Encoding`. Cache-Control is not touched; request bodies are not
 * decompressed (the API reads small JSON bodies and its limits count the bytes as sent).
 * Socket upgrades never reach onSend, so the chat socket is unaffected.
 */
export async function installResponseCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    customTypes: JSON_TYPE,
  });
}
