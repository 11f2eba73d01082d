import { ACCOUNT_PATHS, INTERFACE_LOCALES } from '@parley/chat-sdk';
import type { FastifyPluginAsync } from 'fastify';
import type { RouteOptions } from '../appContext.js';
import { accountOf, requireUser } from '../auth/bearer.js';
import { FieldCollector, objectBody } from '../http/bodyFields.js';
import { detailError } from '../http/errors.js';

/**
 * PATCH /accounts/update-interface-language/ `{interface_language: 'es' | … | null}` →
 * `{interface_language}` (Parley extension, issue 27). Null forgets the choice: the interface
 * follows the chat language again. The choice decides the language of the person's push texts and,
 * without an Accept-Language header, of the server's answers to them.
 */
export const interfaceLanguageRoutes: FastifyPluginAsync<RouteOptions> = async (app, { ctx }) => {
  app.patch(
    ACCOUNT_PATHS.updateInterfaceLanguage,
    { preHandler: requireUser(ctx) },
    async (request) => {
      const body = objectBody(request.body);
      let interfaceLanguage: string | null = null;
      if (body.interface_language !== null) {
        const fields = new FieldCollector();
        interfaceLanguage = fields.choice(body, 'interface_language', INTERFACE_LOCALES) ?? null;
        fields.throwIfAny();
      }
      const row = await app.usersRepository.update(accountOf(request).id, { interfaceLanguage });
      if (!row) throw detailError(401, 'User no longer exists.');
      return { interface_language: row.interfaceLanguage };
    },
  );
};
