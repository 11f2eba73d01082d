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

/** Attaches a file name to a stored message (the chat flow keeps the name the sender gave). */
export async function nameMessageFile(query: RunQuery, id: number, fileName: string) {
  await query(
    `update messages set file_type = 'application', file_url = '/chatmessage/files/' || $2,
       file_name = $3 where id = $1`,
    [id, `seed-${id}.pdf`, fileName],
  );
}

/**
 * Stores a voice note as voiceStreams.ts leaves it: the upload with its transcript as recognised,
 * a rendition per other language with the transcript translated, and the message naming the audio.
 */
export async function storeVoiceNote(
  query: RunQuery,
  note: {
    room: string;
    senderId: number;
    transcript: string;
    language: string;
    renditions?: Record<string, string>;
  },
): Promise<number> {
  const storedName = `voice-${note.senderId}-${Math.random().toString(36).slice(2)}.webm`;
  const upload = await query(
    `insert into media_uploads (owner_id, room, kind, stored_name, mime, size, original_name,
       transcript, transcript_status, transcript_language)
     values ($1, $2, 'voice', $3, 'audio/webm', 10, 'voice.webm', $4, 'ok', $5) returning id`,
    [note.senderId, note.room, storedName, note.transcript, note.language],
  );
  const uploadId = Number((upload.rows[0] as { id?: unknown } | undefined)?.id);
  for (const [language, transcript] of Object.entries(note.renditions ?? {})) {
    await query(
      `insert into voice_renditions (upload_id, language, transcript, synth_status)
       values ($1, $2, $3, 'unavailable')`,
      [uploadId, language, transcript],
    );
  }
  const message = await query(
    `insert into messages (room, sender_id, message, original_message, original_language,
       file_type, audio_url)
     values ($1, $2, '', '', $3, 'audio', '/chatmessage/files/' || $4) returning id`,
    [note.room, note.senderId, note.language, storedName],
  );
  return Number((message.rows[0] as { id?: unknown } | undefined)?.id);
}
