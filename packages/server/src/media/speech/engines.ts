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

/** First engine serving the language wins; capabilities list the union. */
export class CompositeTranscriber implements Transcriber {
  readonly engine: string;
  constructor(private readonly engines: Transcriber[]) {
    this.engine = engines.length === 0 ? 'none' : engines.map((e) => e.engine).join('+');
  }
  languages(): string[] {
    return [...new Set(this.engines.flatMap((e) => e.languages()))].sort();
  }
  serves(language: string): boolean {
    return this.engines.some((e) => e.languages().includes(language));
  }
  transcribe(wav: Uint8Array, language: string): Promise<string> {
    const engine = this.engines.find((e) => e.languages().includes(language));
    if (!engine) return Promise.reject(new Error(`No transcription engine for ${language}`));
    return engine.transcribe(wav, language);
  }
}

export class CompositeSynthesizer implements Synthesizer {
  readonly engine: string;
  constructor(private readonly engines: Synthesizer[]) {
    this.engine = engines.length === 0 ? 'none' : engines.map((e) => e.engine).join('+');
  }
  languages(): string[] {
    return [...new Set(this.engines.flatMap((e) => e.languages()))].sort();
  }
  serves(language: string): boolean {
    return this.engines.some((e) => e.languages().includes(language));
  }
  synthesize(text: string, language: string): Promise<Uint8Array> {
    const engine = this.engines.find((e) => e.languages().includes(language));
    if (!engine) return Promise.reject(new Error(`No voice for ${language}`));
    return engine.synthesize(text, language);
  }
}
