import {
  NEVER_TRANSLATED_LIMITS,
  NEVER_TRANSLATED_PATHS,
  type NeverTranslatedResponse,
  normalizeNeverTranslatedWord,
} from '@parley/chat-sdk';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { RouteOptions } from '../appContext.js';
import { accountOf, requireUser } from '../auth/bearer.js';
import { FieldCollector, objectBody } from '../http/bodyFields.js';
import { detailError } from '../http/errors.js';
import { perUserLimit } from '../http/perUserLimit.js';

/** Glossary changes a person may make per minute. */
const CHANGES_PER_MINUTE = 60;

/** The `word` of a POST body, normalised, or a 400 saying why it cannot be one. */
function wordOf(request: FastifyRequest): string {
  const fields = new FieldCollector();
  // Room for spaces the normaliser folds; the limit that counts is checked after.
  const raw = fields.string(objectBody(request.body), 'word', {
    maxLength: NEVER_TRANSLATED_LIMITS.wordMaxLength * 4,
  });
  fields.throwIfAny();
  const word = normalizeNeverTranslatedWord(raw as string);
  if (word === null) {
    fields.add(
      'word',
      `Enter a word or phrase of 1 to ${NEVER_TRANSLATED_LIMITS.wordMaxLength} characters on one line.`,
    );
  }
  fields.throwIfAny();
  return word as string;
}

/**
 * The sender's glossary (docs/protocol.md, Never translated): each signed-in person reads and
 * changes only their own list; the chat keeps those words as typed in what they send.
 */
export const neverTranslatedRoutes: FastifyPluginAsync<
  RouteOptions & { onChange?: (userId: number) => void }
> = async (app, { ctx, onChange }) => {
  const repository = app.neverTranslatedRepository;
  const changes = {
    preHandler: requireUser(ctx),
    config: { rateLimit: perUserLimit('never-translated', CHANGES_PER_MINUTE) },
  };

  app.get(
    NEVER_TRANSLATED_PATHS.words,
    { preHandler: requireUser(ctx) },
    async (request): Promise<NeverTranslatedResponse> => ({
      words: await repository.words(accountOf(request).id),
    }),
  );

  app.post(
    NEVER_TRANSLATED_PATHS.words,
    changes,
    async (request, reply): Promise<NeverTranslatedResponse> => {
      const word = wordOf(request);
      const me = accountOf(request).id;
      const added = await repository.add(me, word, NEVER_TRANSLATED_LIMITS.maxWords);
      if (added === 'added') onChange?.(me);
      if (added === 'full') {
        throw detailError(
          400,
          `You can keep at most ${NEVER_TRANSLATED_LIMITS.maxWords} words never translated.`,
        );
      }
      if (added === 'added') reply.code(201);
      return { words: await repository.words(me) };
    },
  );

  app.post(
    NEVER_TRANSLATED_PATHS.remove,
    changes,
    async (request): Promise<NeverTranslatedResponse> => {
      const word = wordOf(request);
      const me = accountOf(request).id;
      if (await repository.remove(me, word)) onChange?.(me);
      return { words: await repository.words(me) };
    },
  );
};
