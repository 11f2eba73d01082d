import type { ChatUser } from './chatClients.js';
import type { TestServer } from './testServer.js';

/** Makes two users accepted connections directly in the database (a asked, b accepted). */
export async function connectUsers(server: TestServer, a: ChatUser, b: ChatUser): Promise<void> {
  await server.pglite.query(
    `insert into connections (from_user_id, to_user_id, status, accepted_at)
     values ($1, $2, 'accepted', now())`,
    [a.id, b.id],
  );
  await server.pglite.query(
    'update users set followers_count = followers_count + 1 where id = $1',
    [b.id],
  );
}
