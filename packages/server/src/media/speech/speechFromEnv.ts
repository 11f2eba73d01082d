import { LANGUAGES } from '@parley/chat-sdk';
import { EgressGuard } from '../../http/egressGuard.js';
import {
  type EngineEgressLog,
  engineEgressFromEnv,
  VOICE_ENDPOINT_SETTINGS,
} from '../../http/engineEgress.js';
import { isOnPath } from '../../translation/translatorFromEnv.js';
import { type AudioCodec, FfmpegCodec, NoneCodec } from '../audio.js';
import {
  CompositeSynthesizer,
  CompositeTranscriber,
  DEFAULT_ENGINE_CONCURRENCY,
  EngineLimiter,
  type Synthesizer,
  type Transcriber,
} from './engines.js';
import { EspeakSynthesizer, FliteSynthesizer, PocketSphinxTranscriber } from './localEngines.js';
import { OpenAiSynthesizer, OpenAiTranscriber } from './openAiEngines.js';

/** Everything voice needs: a codec and the two composites. */
export interface MediaEngines {
  codec: AudioCodec;
  transcriber: CompositeTranscriber;
  synthesizer: CompositeSynthesizer;
}

function list(text: string | undefined): string[] | null {
  if (text === undefined || text.trim() === '') return null;
  return text
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter((item) => item !== '');
}

const PICKER_CODES = LANGUAGES.map((language) => language.code);

/**
 * The engines the environment asks for (README, "Media and voice engines"):
 * MEDIA_DECODER=ffmpeg|none (default ffmpeg when on PATH);
 * TRANSCRIBER=openai,pocketsphinx|none (default: openai when TRANSCRIPTION_URL is set, then
 * pocketsphinx when installed) with TRANSCRIPTION_URL, TRANSCRIPTION_API_KEY,
 * TRANSCRIPTION_MODEL (whisper-1), TRANSCRIPTION_LANGUAGES (default every picker language);
 * SYNTHESIZER=openai,flite,espeak-ng|none (default: openai when SPEECH_URL is set, then flite
 * and espeak-ng when installed) with SPEECH_URL, SPEECH_API_KEY, SPEECH_MODEL (tts-1),
 * SPEECH_VOICE (alloy), SPEECH_LANGUAGES. Earlier engines in a list win for a language.
 * MEDIA_ENGINE_CONCURRENCY (2): transcriptions, and syntheses, running at once.
 * The OpenAI-compatible services connect through `egress` (the server passes its one guard;
 * default a guard that refuses private and loopback addresses), with the hosts
 * ENGINE_PRIVATE_HOSTS names let through (http/engineEgress.ts).
 */
export function mediaEnginesFromEnv(
  env: NodeJS.ProcessEnv = process.env,
  egress: EgressGuard = new EgressGuard(),
  log?: EngineEgressLog,
): MediaEngines {
  let engineEgress: EgressGuard | undefined;
  // Made once, and only when a service is configured (its start warning with it).
  const servicesEgress = () => {
    engineEgress ??= engineEgressFromEnv(env, egress, VOICE_ENDPOINT_SETTINGS, log);
    return engineEgress;
  };
  const decoder = env.MEDIA_DECODER?.trim().toLowerCase() || undefined;
  if (decoder && decoder !== 'ffmpeg' && decoder !== 'none') {
    throw new Error(`Invalid MEDIA_DECODER: ${env.MEDIA_DECODER} (ffmpeg or none)`);
  }
  const codec =
    (decoder ?? (isOnPath('ffmpeg', env.PATH) ? 'ffmpeg' : 'none')) === 'ffmpeg'
      ? new FfmpegCodec()
      : new NoneCodec();
  // Without a decoder nothing reaches a recogniser, and no speech can be encoded.
  const canDecode = codec.engine !== 'none';

  const transcriptionUrl = env.TRANSCRIPTION_URL?.trim();
  const transcriberNames =
    list(env.TRANSCRIBER) ??
    [
      transcriptionUrl ? 'openai' : null,
      isOnPath('pocketsphinx_continuous', env.PATH) && PocketSphinxTranscriber.modelInstalled()
        ? 'pocketsphinx'
        : null,
    ].filter((name): name is string => name !== null);
  const transcribers: Transcriber[] = [];
  for (const name of transcriberNames) {
    if (name === 'none') continue;
    if (name === 'pocketsphinx') transcribers.push(new PocketSphinxTranscriber());
    else if (name === 'openai') {
      if (!transcriptionUrl) throw new Error('TRANSCRIBER=openai needs TRANSCRIPTION_URL');
      transcribers.push(
        new OpenAiTranscriber({
          baseUrl: transcriptionUrl,
          egress: servicesEgress(),
          apiKey: env.TRANSCRIPTION_API_KEY,
          model: env.TRANSCRIPTION_MODEL?.trim() || 'whisper-1',
          languages: list(env.TRANSCRIPTION_LANGUAGES) ?? PICKER_CODES,
        }),
      );
    } else throw new Error(`Invalid TRANSCRIBER: ${name} (openai, pocketsphinx or none)`);
  }

  const speechUrl = env.SPEECH_URL?.trim();
  const synthesizerNames =
    list(env.SYNTHESIZER) ??
    [
      speechUrl ? 'openai' : null,
      isOnPath('flite', env.PATH) ? 'flite' : null,
      isOnPath('espeak-ng', env.PATH) ? 'espeak-ng' : null,
    ].filter((name): name is string => name !== null);
  const synthesizers: Synthesizer[] = [];
  for (const name of synthesizerNames) {
    if (name === 'none') continue;
    if (name === 'flite') synthesizers.push(new FliteSynthesizer());
    else if (name === 'espeak-ng' || name === 'espeak') synthesizers.push(new EspeakSynthesizer());
    else if (name === 'openai') {
      if (!speechUrl) throw new Error('SYNTHESIZER=openai needs SPEECH_URL');
      synthesizers.push(
        new OpenAiSynthesizer({
          baseUrl: speechUrl,
          egress: servicesEgress(),
          apiKey: env.SPEECH_API_KEY,
          model: env.SPEECH_MODEL?.trim() || 'tts-1',
          voice: env.SPEECH_VOICE?.trim() || undefined,
          languages: list(env.SPEECH_LANGUAGES) ?? PICKER_CODES,
        }),
      );
    } else throw new Error(`Invalid SYNTHESIZER: ${name} (openai, flite, espeak-ng or none)`);
  }

  const concurrencyText = env.MEDIA_ENGINE_CONCURRENCY?.trim();
  const concurrency = concurrencyText ? Number(concurrencyText) : DEFAULT_ENGINE_CONCURRENCY;
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new Error(`Invalid MEDIA_ENGINE_CONCURRENCY: ${env.MEDIA_ENGINE_CONCURRENCY}`);
  }
  return {
    codec,
    transcriber: new CompositeTranscriber(
      canDecode ? transcribers : [],
      new EngineLimiter(concurrency),
    ),
    synthesizer: new CompositeSynthesizer(
      canDecode ? synthesizers : [],
      new EngineLimiter(concurrency),
    ),
  };
}
