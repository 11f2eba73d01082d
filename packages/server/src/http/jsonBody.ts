import type { FastifyInstance } from 'fastify';

export const JSON_BODY_LIMIT = 64 * 1024;

/**
 * JSON is the only non-multipart body the API reads. An empty JSON body counts as no body (some
 * clients send the header with nothing after it), and text/plain is not accepted at all, so a
 * cross-site form cannot post a "simple" request that parses.
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: JSON_BODY_LIMIT },
    (request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') {
        done(null, undefined);
        return;
      }
      parseJson(request, text, done);
    },
  );
}
