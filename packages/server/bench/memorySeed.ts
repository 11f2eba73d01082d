import { privateRoomName } from '@parley/chat-sdk';
import { openDatabase, openEmbeddedDatabase } from '../src/db/database.js';

export interface SeedCounts {
  users: number;
  /** Spread over private rooms of consecutive people, mixed lengths, a quarter translated. */
  messages: number;
}

/**
 * Fills the embedded database in `dir` (created and migrated by the server's own code when new)
 * in a few set-based statements, so 100,000 messages take seconds rather than minutes.
 */
export async function seedBenchDatabase(
  dir: string,
  counts: SeedCounts,
): Promise<{ userIds: number[] }> {
  const pglite = await openEmbeddedDatabase(dir);
  const handle = await openDatabase({ pglite });
  try {
    const users = await pglite.query<{ id: number }>(
      `insert into users (username, email, phone, gender, password_hash, language)
       select 'idle' || n, 'idle' || n || '@example.com', '1', 'OTHER', 'x', 'English'
       from generate_series(1, $1::int) as n returning id`,
      [counts.users],
    );
    const userIds = users.rows.map((row) => row.id);
    if (counts.messages > 0) {
      const pairs = userIds.slice(1).map((id, i) => [userIds[i] ?? id, id] as const);
      await pglite.query(
        `insert into messages (room, sender_id, message, original_message, original_language, created_at)
         select ($1::text[])[1 + n % $3::int],
                case when n % 2 = 0 then ($2::int[])[1 + n % $3::int] else ($2::int[])[2 + n % $3::int] end,
                left(repeat('Bonjour, on se voit demain à la bibliothèque ? ', 1 + n % 12), 20 + (n * 37) % 500),
                left(repeat('Bonjour, on se voit demain à la bibliothèque ? ', 1 + n % 12), 20 + (n * 37) % 500),
                'fr',
                now() - ($4::int - n) * interval '1 minute'
         from generate_series(1, $4::int) as n`,
        [pairs.map(([a, b]) => privateRoomName(a, b)), userIds, pairs.length, counts.messages],
      );
      await pglite.query(
        `insert into message_translations (message_id, language, text)
         select id, 'en', 'See you tomorrow at the library? ' || id from messages where id % 4 = 0`,
      );
    }
    return { userIds };
  } finally {
    await handle.close();
  }
}
