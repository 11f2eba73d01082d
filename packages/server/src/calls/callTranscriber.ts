import type { Transcriber } from '../media/speech/engines.js';

/**
 * What live captions need from speech-to-text: 16 kHz mono 16-bit WAV in, text out. The media
 * slice's engines (PocketSphinx offline, an OpenAI-compatible service) stand behind it, with their
 * shared concurrency cap, so voice notes and captions use one list of engines.
 */
export interface CallTranscriber {
  readonly engine: string;
  /** ISO 639-1 codes of the languages it transcribes. */
  languages(): string[];
  /** The words heard (possibly empty), or a rejection when the engine failed. */
  transcribe(wav: Buffer, language: string): Promise<string>;
}

export const noCallTranscriber: CallTranscriber = {
  engine: 'none',
  languages: () => [],
  transcribe: () => Promise.reject(new Error('no transcriber')),
};

/**
 * Captions use the media transcriber (TRANSCRIBER, TRANSCRIPTION_URL, …) unless
 * CALL_TRANSCRIBER=none switches them off (a deployment that keeps its engines for voice notes).
 */
export function callTranscriberFrom(env: NodeJS.ProcessEnv, media: Transcriber): CallTranscriber {
  const choice = env.CALL_TRANSCRIBER?.trim().toLowerCase();
  if (choice === 'none' || media.engine === 'none') return noCallTranscriber;
  if (choice && choice !== 'media') {
    throw new Error(`Invalid CALL_TRANSCRIBER: ${env.CALL_TRANSCRIBER} (media or none)`);
  }
  return media;
}
