import { MEDIA_LIMITS, NO_TRANSCRIPT_MARKER, type TranscriptStatus } from '@parley/chat-sdk';
import type { FastifyBaseLogger } from 'fastify';
import type { MediaUploadRow } from '../db/schema.js';
import { DEFAULT_TRANSLATION_TIMEOUT_MS, translateSafely } from '../translation/index.js';
import type { Translator } from '../translation/translator.js';
import { NotAudioError } from './audio.js';
import { type ChatFileStore, fileUrlPath } from './chatFiles.js';
import type { MediaEngines } from './speech/speechFromEnv.js';

export interface VoiceTranscript {
  status: TranscriptStatus;
  /** Null unless status is ok. */
  text: string | null;
  durationMs: number | null;
}

/** Timings of one run, for the benchmark. */
export interface VoiceTimings {
  decodeMs: number;
  transcribeMs: number;
}

/**
 * Decode (16 kHz mono) and transcribe a voice note in the speaker's language. Never throws and
 * never invents text: no engine for the language → `unavailable`; a decoder or engine failure →
 * `failed`; nothing recognised → `empty`.
 */
export async function transcribeVoice(
  engines: MediaEngines,
  bytes: Uint8Array,
  language: string | null,
  log?: FastifyBaseLogger,
  timings?: VoiceTimings,
): Promise<VoiceTranscript> {
  let started = performance.now();
  let normalized: Awaited<ReturnType<MediaEngines['codec']['normalize']>>;
  try {
    normalized = await engines.codec.normalize(bytes, MEDIA_LIMITS.voiceMaxSeconds);
  } catch (error) {
    // Bytes that are no audio container are the sender's mistake: no stack for them.
    if (error instanceof NotAudioError)
      log?.info({ reason: error.message }, 'voice note is not audio');
    else log?.warn({ err: error }, 'voice note could not be decoded');
    return { status: 'failed', text: null, durationMs: null };
  }
  if (timings) timings.decodeMs = performance.now() - started;
  const durationMs = normalized.durationMs;
  if (!language || !engines.transcriber.serves(language)) {
    return { status: 'unavailable', text: null, durationMs };
  }
  started = performance.now();
  try {
    const text = (await engines.transcriber.transcribe(normalized.wav, language)).trim();
    if (timings) timings.transcribeMs = performance.now() - started;
    return text === ''
      ? { status: 'empty', text: null, durationMs }
      : { status: 'ok', text, durationMs };
  } catch (error) {
    log?.warn({ err: error, language }, 'voice note transcription failed');
    return { status: 'failed', text: null, durationMs };
  }
}

/** What a voice note's transcript field says when there is no text. */
export function transcriptOrMarker(text: string | null): string {
  return text ?? NO_TRANSCRIPT_MARKER;
}

export interface VoiceServices {
  engines: MediaEngines;
  files: ChatFileStore;
  translator: Translator;
  log: FastifyBaseLogger;
  translationTimeoutMs?: number;
}

export type SynthStatus = 'ok' | 'unavailable' | 'failed';

export interface Rendition {
  language: string;
  /** The transcript in the reader's language; null when there is none to translate. */
  transcript: string | null;
  translated: boolean;
  translationFailed: boolean;
  synthWebm: string | null;
  synthMp4: string | null;
  synthStatus: SynthStatus;
}

export interface RenditionTimings {
  translateMs: number;
  synthesizeMs: number;
  encodeMs: number;
}

/** Speech for `text` in `language`: WAV from the synthesizer, then Opus/WebM and AAC/MP4. */
export async function synthesizeSpeech(
  engines: MediaEngines,
  text: string,
  language: string,
  timings?: RenditionTimings,
) {
  let started = performance.now();
  const wav = await engines.synthesizer.synthesize(text, language);
  if (timings) timings.synthesizeMs = performance.now() - started;
  started = performance.now();
  const encoded = await engines.codec.encodeSpeech(wav);
  if (timings) timings.encodeMs = performance.now() - started;
  return encoded;
}

/**
 * Stores both renditions of synthesized speech (Opus/WebM and AAC/MP4, so every browser plays one)
 * as `synth` uploads of `room` owned by `ownerId`; their URL paths.
 */
export async function storeSpeech(
  files: ChatFileStore,
  owner: { ownerId: number; room: string },
  speech: { webm: Uint8Array; mp4: Uint8Array },
  language: string,
): Promise<{ webm: string; mp4: string }> {
  const common = { ...owner, kind: 'synth' as const };
  const webm = await files.save({
    ...common,
    mime: 'audio/webm',
    extension: 'webm',
    bytes: speech.webm,
    originalName: `speech-${language}.webm`,
  });
  const mp4 = await files.save({
    ...common,
    mime: 'audio/mp4',
    extension: 'm4a',
    bytes: speech.mp4,
    originalName: `speech-${language}.m4a`,
  });
  return { webm: fileUrlPath(webm.storedName), mp4: fileUrlPath(mp4.storedName) };
}

/**
 * A voice note for readers of `language` (stored once per note and language): the transcript
 * translated on the same path as text, and speech of the translation. Failures degrade to the
 * original audio with `synthStatus` saying why; it never throws.
 */
export async function renderVoice(
  services: VoiceServices,
  upload: MediaUploadRow,
  language: string,
  timings?: RenditionTimings,
): Promise<Rendition> {
  const [stored] = await services.files.renditions(upload.id, [language]).catch(() => []);
  if (stored) {
    return {
      language,
      transcript: stored.transcript,
      translated: stored.transcript !== null && stored.transcript !== upload.transcript,
      translationFailed: stored.translationFailed,
      synthWebm: stored.synthWebm && fileUrlPath(stored.synthWebm),
      synthMp4: stored.synthMp4 && fileUrlPath(stored.synthMp4),
      synthStatus: stored.synthStatus as SynthStatus,
    };
  }
  const rendition = await renderFresh(services, upload, language, timings);
  await services.files
    .saveRendition({
      uploadId: upload.id,
      language,
      transcript: rendition.transcript,
      translationFailed: rendition.translationFailed,
      synthWebm: rendition.synthWebm?.slice(rendition.synthWebm.lastIndexOf('/') + 1) ?? null,
      synthMp4: rendition.synthMp4?.slice(rendition.synthMp4.lastIndexOf('/') + 1) ?? null,
      synthStatus: rendition.synthStatus,
    })
    .catch((error: unknown) =>
      services.log.warn({ err: error, uploadId: upload.id }, 'storing a voice rendition failed'),
    );
  return rendition;
}

async function renderFresh(
  services: VoiceServices,
  upload: MediaUploadRow,
  language: string,
  timings?: RenditionTimings,
): Promise<Rendition> {
  const none: Rendition = {
    language,
    transcript: null,
    translated: false,
    translationFailed: false,
    synthWebm: null,
    synthMp4: null,
    synthStatus: 'unavailable',
  };
  const source = upload.transcriptLanguage;
  if (upload.transcriptStatus !== 'ok' || !upload.transcript || !source) return none;
  const started = performance.now();
  const result = await translateSafely(services.translator, upload.transcript, source, language, {
    timeoutMs: services.translationTimeoutMs ?? DEFAULT_TRANSLATION_TIMEOUT_MS,
    onFailure: (error) =>
      services.log.warn(
        { err: error, from: source, to: language },
        'transcript translation failed',
      ),
  });
  if (timings) timings.translateMs = performance.now() - started;
  if (!result.translated) {
    // Speaking the original words in another voice would not help: the original audio stays.
    return {
      ...none,
      transcript: upload.transcript,
      translationFailed: true,
      synthStatus: 'failed',
    };
  }
  const translated: Rendition = {
    ...none,
    transcript: result.text,
    translated: result.text !== upload.transcript,
  };
  if (!services.engines.synthesizer.serves(language)) return translated;
  try {
    const speech = await synthesizeSpeech(services.engines, result.text, language, timings);
    const urls = await storeSpeech(
      services.files,
      { ownerId: upload.ownerId, room: upload.room },
      speech,
      language,
    );
    return { ...translated, synthWebm: urls.webm, synthMp4: urls.mp4, synthStatus: 'ok' };
  } catch (error) {
    services.log.warn({ err: error, language }, 'speech synthesis failed');
    return { ...translated, synthStatus: 'failed' };
  }
}
