import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { translationUsage } from '../../db/schema.js';

/** One engine's day in `translation_usage`. */
export interface EngineDayUsage {
  engine: string;
  /** UTC day, `YYYY-MM-DD`. */
  day: string;
  characters: number;
  requests: number;
}

/** Characters and requests per translation engine per UTC day (issue 26). */
export interface TranslationUsageRepository {
  /** Adds one request of `characters` characters: one upsert, safe across instances. */
  record(engine: string, day: string, characters: number): Promise<void>;
  /** Characters the engine translated that day (0 when none). */
  charactersOn(engine: string, day: string): Promise<number>;
  /** Every engine's figures for the day, by engine name. */
  listDay(day: string): Promise<EngineDayUsage[]>;
}

export function createTranslationUsageRepository(db: Database): TranslationUsageRepository {
  return {
    async record(engine, day, characters) {
      await db
        .insert(translationUsage)
        .values({ engine, day, characters, requests: 1 })
        .onConflictDoUpdate({
          target: [translationUsage.engine, translationUsage.day],
          set: {
            characters: sql`${translationUsage.characters} + ${characters}`,
            requests: sql`${translationUsage.requests} + 1`,
          },
        });
    },
    async charactersOn(engine, day) {
      const [row] = await db
        .select({ characters: translationUsage.characters })
        .from(translationUsage)
        .where(and(eq(translationUsage.engine, engine), eq(translationUsage.day, day)))
        .limit(1);
      return row?.characters ?? 0;
    },
    async listDay(day) {
      return db
        .select()
        .from(translationUsage)
        .where(eq(translationUsage.day, day))
        .orderBy(translationUsage.engine);
    },
  };
}
