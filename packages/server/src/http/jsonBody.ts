import type { FastifyInstance } from 'fastify';
import { bodyControlCharacterError } from './inputGuard.js';

export const JSON_BODY_LIMIT = 64 * 1024;

/**
 * JSON is the only non-multipart body the API reads. An empty JSON body counts as no body (some
 * clients send the header with nothing after it), and text/plain is not accepted at all, so a
 * cross-site form cannot post a "simple" request that parses. Control characters are refused here,
 * once for every route (http/inputGuard.ts).
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
      parseJson(request, text, (error, parsed) => {
        if (error) {
          done(error, undefined);
          return;
        }
        const refusal = bodyControlCharacterError(parsed);
        if (refusal) done(refusal, undefined);
        else done(null, parsed);
      });
    },
  );
}
