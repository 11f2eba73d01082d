import {
  CORRECTION_PATHS,
  type CorrectionCheckResponse,
  type CorrectionLanguage,
  type CorrectionLanguagesResponse,
  findLanguage,
  LANGUAGES,
} from '@parley/chat-sdk';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { REGISTRATION_MESSAGES } from '../accounts/registration.js';
import type { AppContext } from '../appContext.js';
import { accountOf, requireUser } from '../auth/bearer.js';
import { FieldCollector, objectBody } from '../http/bodyFields.js';
import { detailError } from '../http/errors.js';
import { perUserLimit } from '../http/perUserLimit.js';
import {
  type Corrector,
  CorrectorUnavailableError,
  MAX_CHECK_LENGTH,
  UnsupportedLanguageError,
} from './corrector.js';
import { correctorFromEnv } from './correctorFromEnv.js';

export const CORRECTION_ROUTE_MESSAGES = {
  unavailable: 'Corrections are unavailable right now. Try again later.',
  throttled: (after: string) => `Too many correction requests. Try again in ${after}.`,
} as const;

/** Checks per minute per client address; the composer asks after each pause in typing. */
export const CHECKS_PER_MINUTE = 120;

export interface CorrectionsPluginOptions {
  /** For the bearer guard: every corrections call needs a signed-in user. */
  ctx: AppContext;
  /** The engine; default `correctorFromEnv(process.env)`. Closed with the server either way. */
  corrector?: Corrector;
}

const codes = new Map(LANGUAGES.map((language) => [language.code, language]));

/** A picker name ('Spanish', any case) or an ISO code from the same table ('es'). */
function resolveLanguage(value: string) {
  return findLanguage(value) ?? codes.get(value.trim().toLowerCase());
}

/**
 * Spelling (and, with LanguageTool, grammar) suggestions for the composer's text. It only
 * suggests: applying one is the client's choice, automatic only with the writer's auto-correct
 * setting.
 */
export const correctionsPlugin: FastifyPluginAsync<CorrectionsPluginOptions> = async (
  app: FastifyInstance,
  options: CorrectionsPluginOptions,
) => {
  const corrector = options.corrector ?? correctorFromEnv(process.env, app.log);
  app.addHook('onClose', () => corrector.close());
  const preHandler = requireUser(options.ctx);

  app.get(
    CORRECTION_PATHS.languages,
    { preHandler },
    async (): Promise<CorrectionLanguagesResponse> => ({
      engine: corrector.engine,
      languages: corrector.languages().flatMap((code): CorrectionLanguage[] => {
        const language = codes.get(code);
        return language ? [{ code, name: language.name }] : [];
      }),
    }),
  );

  app.post(
    CORRECTION_PATHS.check,
    {
      preHandler,
      config: {
        // Only in effect where @fastify/rate-limit is registered (buildServer does so).
        // Counted per person (after requireUser), not per address: people behind one address
        // (an office, a classroom) do not use up each other's checks.
        rateLimit: {
          ...perUserLimit('corrections-check', CHECKS_PER_MINUTE),
          errorResponseBuilder: (
            _request: FastifyRequest,
            context: { after: string; ttl: number },
          ) =>
            detailError(429, CORRECTION_ROUTE_MESSAGES.throttled(context.after), {
              'Retry-After': String(Math.max(1, Math.ceil(context.ttl / 1000))),
            }),
        },
      },
    },
    async (request, reply): Promise<CorrectionCheckResponse> => {
      const body = objectBody(request.body);
      const fields = new FieldCollector();
      const text = fields.string(body, 'text', {
        trim: false,
        allowBlank: true,
        maxLength: MAX_CHECK_LENGTH,
      });
      const languageValue = fields.string(body, 'language');
      const language = languageValue === undefined ? undefined : resolveLanguage(languageValue);
      if (languageValue !== undefined && !language) {
        fields.add('language', REGISTRATION_MESSAGES.unknownLanguage);
      }
      fields.throwIfAny();
      if (text === undefined || !language) throw new Error('validation passed without values');

      const unsupported = { language: language.code, supported: false, corrections: [] };
      if (!corrector.languages().includes(language.code)) return unsupported;
      // A caller that hangs up (the composer aborts the older draft's check) frees its turn.
      const gone = new AbortController();
      const onClose = () => {
        if (!reply.raw.writableEnded) gone.abort();
      };
      reply.raw.once('close', onClose);
      try {
        const corrections = await corrector.check(text, language.code, {
          person: String(accountOf(request).id),
          signal: gone.signal,
        });
        return { language: language.code, supported: true, corrections };
      } catch (error) {
        if (error instanceof UnsupportedLanguageError) return unsupported;
        if (error instanceof CorrectorUnavailableError) {
          request.log.warn({ err: error, language: language.code }, 'corrections unavailable');
          throw detailError(503, CORRECTION_ROUTE_MESSAGES.unavailable, { 'Retry-After': '10' });
        }
        throw error;
      } finally {
        reply.raw.off('close', onClose);
      }
    },
  );
};
