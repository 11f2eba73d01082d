import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/database.js';

/**
 * Issue 28: speech answers kept for every instance (table speech_answers): one rendition of a
 * message per reader language while it is young enough to hand out. The answer is opaque here.
 */
export interface SpeechAnswersRepository {
  /** The kept answer, when one was made less than `maxAgeMs` ago. */
  kept(messageId: number, language: string, maxAgeMs: number): Promise<unknown | null>;
  /** Keeps an answer (replacing an older one) and forgets answers older than `maxAgeMs`. */
  keep(messageId: number, language: string, answer: object, maxAgeMs: number): Promise<void>;
}

const ago = (ms: number) =>
  sql`now() - ${Math.max(1, Math.round(ms))}::float8 * interval '1 millisecond'`;

export function createSpeechAnswersRepository(db: Database): SpeechAnswersRepository {
  return {
    async kept(messageId, language, maxAgeMs) {
      const result = await db.execute(sql`
        select answer from speech_answers
        where message_id = ${messageId} and language = ${language} and made_at > ${ago(maxAgeMs)}`);
      const row = (result as unknown as { rows: { answer: unknown }[] }).rows[0];
      if (!row) return null;
      return typeof row.answer === 'string' ? JSON.parse(row.answer) : row.answer;
    },
    async keep(messageId, language, answer, maxAgeMs) {
      await db.execute(sql`
        with old as (delete from speech_answers where made_at <= ${ago(maxAgeMs)})
        insert into speech_answers (message_id, language, answer, made_at)
        values (${messageId}, ${language}, ${JSON.stringify(answer)}::jsonb, now())
        on conflict (message_id, language) do update set
          answer = excluded.answer, made_at = excluded.made_at`);
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    speechAnswersRepository: SpeechAnswersRepository;
  }
}

/** Attaches `app.speechAnswersRepository`. */
export const speechAnswersRepositoryPlugin = fp(
  async (app: FastifyInstance, options: { db: Database }) => {
    app.decorate('speechAnswersRepository', createSpeechAnswersRepository(options.db));
  },
  { name: 'speech-answers-repository' },
);
