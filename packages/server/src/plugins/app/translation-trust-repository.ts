import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/database.js';
import {
  hiddenMessages,
  type TranslationSuggestionRow,
  translationReports,
  translationSuggestions,
  users,
} from '../../db/schema.js';

/** What a reader reports: the pair, the engine and both texts as they saw them (issue 26). */
export interface NewTranslationReport {
  messageId: number;
  reporterId: number;
  sourceLanguage: string;
  targetLanguage: string;
  engine: string | null;
  originalText: string;
  translatedText: string;
}

/** Reports of bad translations (issue 26); built by the trust routes from the database. */
export interface TranslationTrustRepository {
  /** Stores the report; false when this reader had already reported this message. */
  report(report: NewTranslationReport): Promise<boolean>;
  /** Whether the reader deleted the message for themselves (they no longer see it). */
  hiddenFrom(messageId: number, userId: number): Promise<boolean>;
  /** The suggestion of a message in one language, with its author's name. */
  suggestion(messageId: number, language: string): Promise<StoredSuggestion | null>;
  /** The suggestions of these messages in one language (history), by message id. */
  suggestionsFor(ids: readonly number[], language: string): Promise<Map<number, StoredSuggestion>>;
  /**
   * Writes `authorId`'s suggestion; an existing one by someone else is left as it is (null: only
   * its author edits it).
   */
  suggest(
    messageId: number,
    language: string,
    authorId: number,
    text: string,
  ): Promise<TranslationSuggestionRow | null>;
  /** Removes the author's suggestion; false when there was none of theirs. */
  withdraw(messageId: number, language: string, authorId: number): Promise<boolean>;
  reportsOf(messageId: number): Promise<(typeof translationReports.$inferSelect)[]>;
}

export interface StoredSuggestion extends TranslationSuggestionRow {
  authorUsername: string;
}

export function createTranslationTrustRepository(db: Database): TranslationTrustRepository {
  return {
    async report(report) {
      const stored = await db
        .insert(translationReports)
        .values(report)
        .onConflictDoNothing({
          target: [translationReports.messageId, translationReports.reporterId],
        })
        .returning({ id: translationReports.id });
      return stored.length > 0;
    },
    async hiddenFrom(messageId, userId) {
      const rows = await db
        .select({ id: hiddenMessages.messageId })
        .from(hiddenMessages)
        .where(and(eq(hiddenMessages.messageId, messageId), eq(hiddenMessages.userId, userId)))
        .limit(1);
      return rows.length > 0;
    },
    async suggestion(messageId, language) {
      const found = await this.suggestionsFor([messageId], language);
      return found.get(messageId) ?? null;
    },
    async suggestionsFor(ids, language) {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ row: translationSuggestions, authorUsername: users.username })
        .from(translationSuggestions)
        .innerJoin(users, eq(users.id, translationSuggestions.authorId))
        .where(
          and(
            inArray(translationSuggestions.messageId, [...ids]),
            eq(translationSuggestions.language, language),
          ),
        );
      return new Map(
        rows.map(({ row, authorUsername }) => [row.messageId, { ...row, authorUsername }]),
      );
    },
    async suggest(messageId, language, authorId, text) {
      // One statement: two authors writing at once cannot both win; the later one gets null.
      const [row] = await db
        .insert(translationSuggestions)
        .values({ messageId, language, authorId, text })
        .onConflictDoUpdate({
          target: [translationSuggestions.messageId, translationSuggestions.language],
          set: { text, updatedAt: new Date() },
          setWhere: eq(translationSuggestions.authorId, authorId),
        })
        .returning();
      return row ?? null;
    },
    async withdraw(messageId, language, authorId) {
      const removed = await db
        .delete(translationSuggestions)
        .where(
          and(
            eq(translationSuggestions.messageId, messageId),
            eq(translationSuggestions.language, language),
            eq(translationSuggestions.authorId, authorId),
          ),
        )
        .returning({ id: translationSuggestions.messageId });
      return removed.length > 0;
    },
    reportsOf(messageId) {
      return db
        .select()
        .from(translationReports)
        .where(eq(translationReports.messageId, messageId));
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    translationTrustRepository: TranslationTrustRepository;
  }
}

/** Attaches `app.translationTrustRepository`. */
export const translationTrustRepositoryPlugin = fp(
  async (app: FastifyInstance, options: { db: Database }) => {
    app.decorate('translationTrustRepository', createTranslationTrustRepository(options.db));
  },
  { name: 'translation-trust-repository' },
);
