/**
 * Speech engines behind two small interfaces (architecture.md §5): a Transcriber turns 16 kHz mono
 * WAV into text in one language, a Synthesizer turns text into WAV speech. Each says which
 * languages it serves; the composites pick the first engine that serves a language.
 */

export interface Transcriber {
  readonly engine: string;
  /** ISO 639-1 codes this engine transcribes. */
  languages(): string[];
  /** The recognised text (may be empty: nothing recognised). Throws when the engine fails. */
  transcribe(wav: Uint8Array, language: string): Promise<string>;
  close?(): Promise<void>;
}

export interface Synthesizer {
  readonly engine: string;
  languages(): string[];
  /** Speech as audio bytes ffmpeg can decode (WAV, or MP3 from a hosted API). */
  synthesize(text: string, language: string): Promise<Uint8Array>;
}

/**
 * At most `limit` engine runs at once (each PocketSphinx run holds ~120 MB and a core); the rest
 * wait their turn in arrival order.
 */
export class EngineLimiter {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(readonly limit: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else this.running += 1;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}

/** Engine runs at once per composite (MEDIA_ENGINE_CONCURRENCY overrides it in speechFromEnv). */
export const DEFAULT_ENGINE_CONCURRENCY = 2;

/**
 * The engine choice shared by both composites: the first engine serving a language wins, and
 * capabilities list the union.
 */
abstract class EngineList<E extends { readonly engine: string; languages(): string[] }> {
  readonly engine: string;
  constructor(
    protected readonly engines: E[],
    protected readonly limiter = new EngineLimiter(DEFAULT_ENGINE_CONCURRENCY),
  ) {
    this.engine = engines.length === 0 ? 'none' : engines.map((e) => e.engine).join('+');
  }
  languages(): string[] {
    return [...new Set(this.engines.flatMap((e) => e.languages()))].sort();
  }
  serves(language: string): boolean {
    return this.engines.some((e) => e.languages().includes(language));
  }
  /** Runs `work` on the first engine for `language`, under the shared limit of engine runs. */
  protected run<T>(language: string, missing: string, work: (engine: E) => Promise<T>): Promise<T> {
    const engine = this.engines.find((e) => e.languages().includes(language));
    if (!engine) return Promise.reject(new Error(missing));
    return this.limiter.run(() => work(engine));
  }
}

export class CompositeTranscriber extends EngineList<Transcriber> implements Transcriber {
  transcribe(wav: Uint8Array, language: string): Promise<string> {
    return this.run(language, `No transcription engine for ${language}`, (engine) =>
      engine.transcribe(wav, language),
    );
  }
}

export class CompositeSynthesizer extends EngineList<Synthesizer> implements Synthesizer {
  synthesize(text: string, language: string): Promise<Uint8Array> {
    return this.run(language, `No voice for ${language}`, (engine) =>
      engine.synthesize(text, language),
    );
  }
}
