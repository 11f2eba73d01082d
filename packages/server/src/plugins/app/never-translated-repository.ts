import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { anyOf } from '../../db/anyOf.js';
import { batchedReads } from '../../db/batchedReads.js';
import type { Database } from '../../db/database.js';
import { neverTranslatedWords } from '../../db/schema.js';

/** What adding a word did. */
export type NeverTranslatedAdd = 'added' | 'exists' | 'full';

/**
 * The sender's glossary (issue 26): words a person never wants translated in what they send;
 * `app.neverTranslatedRepository`. Words compare without regard to case.
 */
export interface NeverTranslatedRepository {
  /** The person's words as typed, oldest first. */
  words(userId: number): Promise<string[]>;
  /** The words of several senders at once (history pages translate many people's messages). */
  wordsOf(userIds: readonly number[]): Promise<Map<number, string[]>>;
  /** Adds one unless the person already has it or already has `maxWords`. */
  add(userId: number, word: string, maxWords: number): Promise<NeverTranslatedAdd>;
  /** Removes one; false when the person did not have it. */
  remove(userId: number, word: string): Promise<boolean>;
}

function keyOf(word: string): string {
  return word.toLocaleLowerCase();
}

export function createNeverTranslatedRepository(db: Database): NeverTranslatedRepository {
  async function wordsOf(userIds: readonly number[]): Promise<Map<number, string[]>> {
    const byUser = new Map<number, string[]>();
    if (userIds.length === 0) return byUser;
    const rows = await db
      .select({ userId: neverTranslatedWords.userId, word: neverTranslatedWords.word })
      .from(neverTranslatedWords)
      .where(anyOf(neverTranslatedWords.userId, [...new Set(userIds)]))
      .orderBy(asc(neverTranslatedWords.createdAt), asc(neverTranslatedWords.wordKey));
    for (const row of rows) {
      const words = byUser.get(row.userId) ?? [];
      words.push(row.word);
      byUser.set(row.userId, words);
    }
    return byUser;
  }

  return {
    // The live chat asks for one sender's words per message (cached per sender): the first
    // messages of many senders come together, one statement for them all.
    words: batchedReads(wordsOf, () => []),
    wordsOf,

    async add(userId, word, maxWords) {
      // One statement: the count and the insert cannot be split by a second request at once
      // (two could otherwise both pass the limit).
      const inserted = await db.execute(sql`
        INSERT INTO ${neverTranslatedWords} (user_id, word_key, word)
        SELECT ${userId}, ${keyOf(word)}, ${word}
        WHERE (SELECT count(*) FROM ${neverTranslatedWords} WHERE user_id = ${userId}) < ${maxWords}
        ON CONFLICT DO NOTHING
        RETURNING user_id`);
      if (rowCount(inserted) > 0) return 'added';
      const [existing] = await db
        .select({ word: neverTranslatedWords.word })
        .from(neverTranslatedWords)
        .where(
          and(
            eq(neverTranslatedWords.userId, userId),
            eq(neverTranslatedWords.wordKey, keyOf(word)),
          ),
        );
      return existing ? 'exists' : 'full';
    },

    async remove(userId, word) {
      const removed = await db
        .delete(neverTranslatedWords)
        .where(
          and(
            eq(neverTranslatedWords.userId, userId),
            eq(neverTranslatedWords.wordKey, keyOf(word)),
          ),
        )
        .returning({ userId: neverTranslatedWords.userId });
      return removed.length > 0;
    },
  };
}

/** Rows an `execute` returned, whichever driver (PGlite or node-postgres) ran it. */
function rowCount(result: unknown): number {
  const rows = (result as { rows?: unknown[] }).rows;
  return Array.isArray(rows) ? rows.length : 0;
}

declare module 'fastify' {
  interface FastifyInstance {
    neverTranslatedRepository: NeverTranslatedRepository;
  }
}

/** Attaches `app.neverTranslatedRepository`. */
export const neverTranslatedRepositoryPlugin = fp(
  async (app: FastifyInstance, options: { db: Database }) => {
    app.decorate('neverTranslatedRepository', createNeverTranslatedRepository(options.db));
  },
  { name: 'never-translated-repository' },
);
