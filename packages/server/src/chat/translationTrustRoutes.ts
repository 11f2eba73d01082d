import {
  type ChatMessage,
  languageCodeForName,
  TRANSLATION_TRUST_LIMITS,
  TRANSLATION_TRUST_ROUTES,
  type TranslationReportResponse,
} from '@parley/chat-sdk';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { RouteOptions } from '../appContext.js';
import { accountOf, requireUser } from '../auth/bearer.js';
import { detailError } from '../http/errors.js';
import { perUserLimit } from '../http/perUserLimit.js';
import { createTranslationTrustRepository } from '../plugins/app/translation-trust-repository.js';

const NOT_FOUND = 'No such message.';
const MAX_ID = 2_147_483_647;

/** The `:message_id` of the path as a stored id, or a 404 (ids are never guessable errors). */
function messageIdOf(request: FastifyRequest): number {
  const raw = (request.params as { message_id?: unknown }).message_id;
  const id = typeof raw === 'string' && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(id) || id > MAX_ID) throw detailError(404, NOT_FOUND);
  return id;
}

/**
 * Translation you can trust (issue 26; docs/protocol.md): a reader reports the machine
 * translation they were given of a message. Only a member of the room who still sees the
 * message, and only for a message translated for them; one report per person per message.
 */
export const translationTrustRoutes: FastifyPluginAsync<RouteOptions> = async (app, { ctx }) => {
  const trust = createTranslationTrustRepository(ctx.db);

  /** The message as `me` may see it, or a 404 for anything they cannot (no existence leak). */
  async function visibleMessage(me: number, id: number): Promise<ChatMessage> {
    const message = await app.messagesRepository.byId(id);
    if (!message || message.deleted) throw detailError(404, NOT_FOUND);
    const room = await app.roomsRepository.access(me, message.room_name);
    if (!room || (await trust.hiddenFrom(id, me))) throw detailError(404, NOT_FOUND);
    return message;
  }

  app.post(
    TRANSLATION_TRUST_ROUTES.report,
    {
      preHandler: requireUser(ctx),
      config: {
        rateLimit: perUserLimit('translation-report', TRANSLATION_TRUST_LIMITS.reportsPerMinute),
      },
    },
    async (request, reply: FastifyReply): Promise<TranslationReportResponse> => {
      const account = accountOf(request);
      const id = messageIdOf(request);
      const message = await visibleMessage(account.id, id);
      const language = languageCodeForName(account.language);
      const [row] =
        language && message.sender_id !== account.id
          ? await app.messagesRepository.translations([id], language)
          : [];
      if (!row || row.failed || row.text === message.original_message || !language) {
        throw detailError(409, 'This message was not translated for you.');
      }
      const stored = await trust.report({
        messageId: id,
        reporterId: account.id,
        sourceLanguage: message.original_language ?? 'und',
        targetLanguage: language,
        engine: row.engine,
        originalText: message.original_message,
        translatedText: row.text,
      });
      reply.code(stored ? 201 : 200);
      return { message_id: id, reported: true, already_reported: !stored };
    },
  );
};
