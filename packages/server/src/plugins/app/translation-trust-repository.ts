import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { hiddenMessages, translationReports } from '../../db/schema.js';

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
  reportsOf(messageId: number): Promise<(typeof translationReports.$inferSelect)[]>;
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
    reportsOf(messageId) {
      return db
        .select()
        .from(translationReports)
        .where(eq(translationReports.messageId, messageId));
    },
  };
}
