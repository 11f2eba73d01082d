import {
  type CheckOptions,
  type Correction,
  type Corrector,
  UnsupportedLanguageError,
} from './corrector.js';

/**
 * Several offline engines as one: each language is checked by the first engine that offers it
 * (nspell for en/es/fr/de, Hunspell for the others). `engine` names those that offer a language,
 * joined by '+' like the translators' ('nspell+hunspell'); one alone keeps its own name.
 */
export class CombinedCorrector implements Corrector {
  readonly engine: string;

  constructor(private readonly engines: readonly Corrector[]) {
    const serving = engines.filter((engine) => engine.languages().length > 0);
    this.engine = (serving.length > 0 ? serving : engines.slice(0, 1))
      .map((engine) => engine.engine)
      .join('+');
  }

  languages(): string[] {
    return [...new Set(this.engines.flatMap((engine) => engine.languages()))].sort();
  }

  check(text: string, language: string, options?: CheckOptions): Promise<Correction[]> {
    const engine = this.engines.find((candidate) => candidate.languages().includes(language));
    if (!engine) return Promise.reject(new UnsupportedLanguageError(language));
    return engine.check(text, language, options);
  }

  async close(): Promise<void> {
    await Promise.all(this.engines.map((engine) => engine.close()));
  }
}
