import { ACCOUNT_PATHS } from '@parley/chat-sdk';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { toCurrentUser } from '../accounts/userViews.js';
import type { AppContext } from '../appContext.js';
import { accountOf, requireUser } from '../auth/bearer.js';
import type { Database } from '../db/database.js';
import { users } from '../db/schema.js';
import { FieldCollector, objectBody } from '../http/bodyFields.js';
import { detailError, fieldError } from '../http/errors.js';
import { isValidTimezone } from './userDay.js';

export const INVALID_TIMEZONE = 'Enter a valid IANA time zone name, e.g. "Europe/Madrid".';

/** Stores the zone that decides the user's day for plan limits (null goes back to UTC). */
export async function saveTimezone(
  db: Database,
  userId: number,
  timezone: string | null,
): Promise<void> {
  await db.update(users).set({ timezone }).where(eq(users.id, userId));
}

/** PATCH /accounts/update-timezone/ `{ "timezone": "Europe/Madrid" | null }` → CurrentUser. */
export function registerTimezoneRoutes(app: FastifyInstance, ctx: AppContext): void {
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
    const [row] = await ctx.db
      .update(users)
      .set({ timezone, updatedAt: new Date() })
      .where(eq(users.id, accountOf(request).id))
      .returning();
    if (!row) throw detailError(401, 'User no longer exists.');
    return toCurrentUser(row);
  });
}
