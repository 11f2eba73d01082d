import type { CurrentUser } from '@parley/chat-sdk';
import type { SessionClient } from '@parley/chat-sdk/auth';
import { notFound } from '@tanstack/react-router';

/** The flags a signed-in user carries (issue 29); a spec-only backend sends neither. */
type Roles = Pick<CurrentUser, 'staff' | 'moderator'> | null | undefined;

const mayModerate = (user: Roles) => user?.staff === true || user?.moderator === true;

/**
 * beforeLoad of /moderation (under the signed-in layout, so a session exists): moderators and
 * staff only; everyone else gets the not-found screen, so the page's existence is not advertised.
 * The stored user may predate a grant: it is asked for again before saying no. The server answers
 * 403 to the page's calls either way; this only keeps the screen from others.
 */
export async function guardModeration({ context }: { context: { client: SessionClient } }) {
  const { session } = context.client;
  if (mayModerate(session.state.user)) return;
  if (mayModerate(await session.refreshUser())) return;
  throw notFound();
}
