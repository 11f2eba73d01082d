import type { Correction, Corrector } from './corrector.js';
import { UnsupportedLanguageError } from './corrector.js';

/** Corrections turned off (CORRECTOR=none): no language is checked, and the route says so. */
export class NoneCorrector implements Corrector {
  readonly engine = 'none';

  languages(): string[] {
    return [];
  }

  async check(_text: string, language: string): Promise<Correction[]> {
    throw new UnsupportedLanguageError(language);
  }

  async close(): Promise<void> {}
}
