import type { TranslationUsageRepository } from '../plugins/app/translation-usage-repository.js';
import type { EngineUsageLedger } from './translationRouter.js';

/** The UTC day of an instant, `YYYY-MM-DD`: engines bill and reset quotas by UTC days. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** The router's usage ledger in the database, so instances sharing it share daily caps. */
export class TranslationUsageLedger implements EngineUsageLedger {
  constructor(
    private readonly repository: TranslationUsageRepository,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  charactersToday(engine: string): Promise<number> {
    return this.repository.charactersOn(engine, utcDay(this.clock()));
  }

  record(engine: string, characters: number): Promise<void> {
    return this.repository.record(engine, utcDay(this.clock()), characters);
  }
}
