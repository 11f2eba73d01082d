import { ACCOUNT_PATHS } from '@parley/chat-sdk';
import type { FastifyPluginAsync } from 'fastify';
import { toCurrentUser } from '../accounts/userViews.js';
import type { RouteOptions } from '../appContext.js';
import { accountOf, requireUser } from '../auth/bearer.js';
import { FieldCollector, objectBody } from '../http/bodyFields.js';
import { detailError, fieldError } from '../http/errors.js';
import { isValidTimezone } from './userDay.js';

export const INVALID_TIMEZONE = 'Enter a valid IANA time zone name, e.g. "Europe/Madrid".';

/** PATCH /accounts/update-timezone/ `{ "timezone": "Europe/Madrid" | null }` → CurrentUser. */
export const timezoneRoutes: FastifyPluginAsync<RouteOptions> = async (app, { ctx }) => {
  app.patch(ACCOUNT_PATHS.updateTimezone, { preHandler: requireUser(ctx) }, async (request) => {
    const body = objectBody(request.body);
    let timezone: string | null = null;
    if (body.timezone !== null) {
      const fields = new FieldCollector();
      const value = fields.string(body, 'timezone');
      fields.throwIfAny();
      if (!isValidTimezone(value)) throw fieldError({ timezone: [INVALID_TIMEZONE] });
      timezone = value;
    }
    const row = await app.usersRepository.saveTimezone(accountOf(request).id, timezone);
    if (!row) throw detailError(401, 'User no longer exists.');
    return toCurrentUser(row);
  });
};
