import {
  type ChatMessage,
  languageCodeForName,
  TRANSLATION_TRUST_LIMITS,
  TRANSLATION_TRUST_ROUTES,
  type TranslationReportResponse,
  type TranslationSuggestion,
  type TranslationSuggestionResponse,
} from '@parley/chat-sdk';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { RouteOptions } from '../appContext.js';
import { accountOf, requireUser } from '../auth/bearer.js';
import { FieldCollector, objectBody } from '../http/bodyFields.js';
import { detailError } from '../http/errors.js';
import { perUserLimit } from '../http/perUserLimit.js';
import type {
  StoredSuggestion,
  TranslationTrustRepository,
} from '../plugins/app/translation-trust-repository.js';
import type { ChatFanout } from './chatFanout.js';

const NOT_FOUND = 'No such message.';

export const TRANSLATION_TRUST_MESSAGES = {
  notFound: NOT_FOUND,
  notTranslated: 'This message was not translated for you.',
  sameLanguage: 'This message is already in your language.',
  notYours: 'Only its author may change this suggestion.',
  noSuggestion: 'You have no suggestion for this message.',
} as const;

/** A stored suggestion as the wire carries it. */
export function suggestionOnWire(row: StoredSuggestion): TranslationSuggestion {
  return {
    language: row.language,
    text: row.text,
    author_id: row.authorId,
    author_username: row.authorUsername,
    updated_at: row.updatedAt.toISOString(),
  };
}

export interface TranslationTrustRouteOptions extends RouteOptions {
  /** Tells the room's readers of the language (and the sender) about a suggestion. */
  fanout: ChatFanout;
}
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
export const translationTrustRoutes: FastifyPluginAsync<TranslationTrustRouteOptions> = async (
  app,
  { ctx, fanout },
) => {
  const trust = app.translationTrustRepository;

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
        throw detailError(409, TRANSLATION_TRUST_MESSAGES.notTranslated);
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

  /**
   * Who hears a suggestion: the room's members who read `language` (they see it) and the
   * message's sender (told that someone improved how their words read).
   */
  async function tell(
    message: ChatMessage,
    language: string,
    suggestion: TranslationSuggestion | null,
  ) {
    const room = await app.roomsRepository.access(message.sender_id, message.room_name);
    const memberIds = room?.memberIds ?? [];
    const members = await app.usersRepository.byIds(memberIds);
    const readers = members
      .filter((user) => languageCodeForName(user.language) === language)
      .map((user) => user.id);
    const recipients = [...new Set([...readers, message.sender_id])];
    fanout.publish({
      recipients,
      room: room?.canonical ?? message.room_name,
      messageSenderId: message.sender_id,
      frame: {
        type: 'translation_suggestion',
        message_id: message.id,
        room_name: room?.canonical ?? message.room_name,
        language,
        suggestion,
      },
    });
  }

  /** The suggester's language, and that the message is one they read translated into it. */
  async function suggestable(request: FastifyRequest) {
    const account = accountOf(request);
    const id = messageIdOf(request);
    const message = await visibleMessage(account.id, id);
    const language = languageCodeForName(account.language);
    // A call or group record is worded by the client; a file without words has nothing to fix.
    if (
      !language ||
      message.call_event ||
      message.group_event ||
      message.original_message.trim() === ''
    ) {
      throw detailError(409, TRANSLATION_TRUST_MESSAGES.notTranslated);
    }
    if (message.original_language === null || message.original_language === language) {
      throw detailError(409, TRANSLATION_TRUST_MESSAGES.sameLanguage);
    }
    return { account, id, message, language };
  }

  const suggestionLimit = {
    preHandler: requireUser(ctx),
    config: {
      rateLimit: perUserLimit(
        'translation-suggestion',
        TRANSLATION_TRUST_LIMITS.suggestionsPerMinute,
      ),
    },
  };

  app.post(
    TRANSLATION_TRUST_ROUTES.suggestion,
    suggestionLimit,
    async (request): Promise<TranslationSuggestionResponse> => {
      const body = objectBody(request.body);
      const fields = new FieldCollector();
      const text = fields.string(body, 'text', {
        maxLength: TRANSLATION_TRUST_LIMITS.maxSuggestionChars,
      });
      fields.throwIfAny();
      const { account, id, message, language } = await suggestable(request);
      const row = await trust.suggest(id, language, account.id, text as string);
      if (!row) throw detailError(403, TRANSLATION_TRUST_MESSAGES.notYours);
      const suggestion = suggestionOnWire({ ...row, authorUsername: account.username });
      await tell(message, language, suggestion);
      return { message_id: id, language, suggestion };
    },
  );

  app.delete(
    TRANSLATION_TRUST_ROUTES.suggestion,
    suggestionLimit,
    async (request): Promise<TranslationSuggestionResponse> => {
      const { account, id, message, language } = await suggestable(request);
      if (!(await trust.withdraw(id, language, account.id))) {
        throw detailError(404, TRANSLATION_TRUST_MESSAGES.noSuggestion);
      }
      await tell(message, language, null);
      return { message_id: id, language, suggestion: null };
    },
  );
};

/** History's lookup of suggestions (ChatTranslation.suggestions), on the wire's shape. */
export function translationSuggestionsFor(trust: TranslationTrustRepository) {
  return async (ids: readonly number[], language: string) => {
    const rows = await trust.suggestionsFor(ids, language);
    return new Map([...rows].map(([id, row]) => [id, suggestionOnWire(row)]));
  };
}
