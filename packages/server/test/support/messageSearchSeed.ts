/** Any client that runs a parameterised query (PGlite or node-postgres). */
export type RunQuery = (text: string, params: unknown[]) => Promise<{ rows: unknown[] }>;

/**
 * Stores a message as the chat flow leaves it: the original with its language and, per reader
 * language, the translation stored at send time (messageTranslation.ts, translateForReaders).
 */
export async function storeSearchableMessage(
  query: RunQuery,
  message: {
    room: string;
    senderId: number;
    text: string;
    language: string;
    translations?: Record<string, string>;
  },
): Promise<number> {
  const result = await query(
    `insert into messages (room, sender_id, message, original_message, original_language)
     values ($1, $2, $3, $3, $4) returning id`,
    [message.room, message.senderId, message.text, message.language],
  );
  const id = Number((result.rows[0] as { id?: unknown } | undefined)?.id);
  for (const [language, text] of Object.entries(message.translations ?? {})) {
    await query(
      `insert into message_translations (message_id, language, text, engine) values ($1, $2, $3, 'test')`,
      [id, language, text],
    );
  }
  return id;
}
