import type { ChatUser } from './chatClients.js';
import type { TestServer } from './testServer.js';

/**
 * Makes two users accepted connections directly in the database (a asked, b accepted); a pair
 * already connected (or pending) is left as it is.
 */
export async function connectUsers(server: TestServer, a: ChatUser, b: ChatUser): Promise<void> {
  const inserted = await server.pglite.query(
    `insert into connections (from_user_id, to_user_id, status, accepted_at)
     values ($1, $2, 'accepted', now()) on conflict do nothing returning id`,
    [a.id, b.id],
  );
  if (inserted.rows.length === 0) return;
  await server.pglite.query(
    'update users set followers_count = followers_count + 1 where id = $1',
    [b.id],
  );
}
